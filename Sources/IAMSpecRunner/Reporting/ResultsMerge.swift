import IAMSpec

/// Combines the results streams of shards (`iamspec run --shard I/N --json ...`) into one, from
/// which JUnit and the docs are made as from a whole run.
///
/// The inputs must come from the same engine (name, version, profiles, capabilities), the same
/// suite paths, the same selection apart from the shard, and the same baseline (or none); each
/// holds its results in report order (by case id, then profile), a sharded one only the cases of
/// its shard, and no case run may appear twice. The merged header is the first input's, with the
/// earliest start and no shard; its results are in report order; it is interrupted when any input
/// was; it is judged by the inputs' baseline. The results are merged one at a time (``merge(_:deliver:)``), so that
/// `iamspec merge` holds one result of each stream, not the streams.
package enum ResultsMerge {
    /// One input: the run read and the file it came from (for error locations).
    package struct Input: Sendable {
        package var path: String
        package var recorded: RecordedRun

        /// The results, as the engine gave them.
        package var summary: RunSummary { recorded.summary }

        package init(path: String, recorded: RecordedRun) {
            self.path = path
            self.recorded = recorded
        }

        /// An input without a baseline.
        package init(path: String, summary: RunSummary) {
            self.init(path: path, recorded: RecordedRun(summary: summary, baseline: nil))
        }
    }

    /// The merged run: the inputs' results merged in report order (``mergedRun(_:)``,
    /// ``merge(_:into:)``).
    ///
    /// - Throws: ``ResultsStreamError`` naming the file and line at fault.
    package static func merge(_ inputs: [Input]) throws(ResultsStreamError) -> RecordedRun {
        var merged = try mergedRun(inputs)
        try merge(inputs.map { ResultsInMemory($0) }) { merged.summary.results.append($0) }
        return merged
    }

    /// The merged run without its results, the inputs checked against each other: the first
    /// input's header, with the earliest start, the most jobs and no shard; interrupted or
    /// stopped when any input was; the runs not made, the late lines and the warnings of all.
    ///
    /// - Throws: ``ResultsStreamError`` at the header of an input of another engine, suite,
    ///   selection or baseline than the first's.
    package static func mergedRun(_ inputs: [Input]) throws(ResultsStreamError) -> RecordedRun {
        guard let first = inputs.first else {
            throw ResultsStreamError(
                Diagnostic("found no results stream to merge, expected at least one", at: headerLocation("-"))
            )
        }
        var unsharded = first.summary.header.selection
        unsharded.shard = nil
        for input in inputs {
            let header = input.summary.header
            try check(
                header.engine == first.summary.header.engine,
                input,
                "was made with engine \(describe(header.engine)), expected \(describe(first.summary.header.engine)) as in \(first.path)"
            )
            try check(
                header.suitePaths == first.summary.header.suitePaths,
                input,
                "ran suite paths [\(header.suitePaths.joined(separator: ", "))], expected [\(first.summary.header.suitePaths.joined(separator: ", "))] as in \(first.path)"
            )
            try check(
                input.recorded.baseline == first.recorded.baseline,
                input,
                "was judged against \(describe(input.recorded.baseline)), expected \(describe(first.recorded.baseline)) as in \(first.path)"
            )
            var selection = header.selection
            selection.shard = nil
            try check(
                selection == unsharded,
                input,
                "ran another selection than \(first.path) (--filter, --tag, --tags and --profile must be the same; only --shard may differ)"
            )
        }
        var header = first.summary.header
        header.selection = unsharded
        header.startedAt = inputs.map(\.summary.header.startedAt).min() ?? header.startedAt
        header.jobs = inputs.map(\.summary.header.jobs).max() ?? header.jobs
        var summary = RunSummary(
            header: header,
            results: [],
            interrupted: inputs.contains { $0.summary.interrupted },
            stoppedAtFirstFailure: inputs.contains { $0.summary.stoppedAtFirstFailure },
            notRun: inputs.reduce(0) { $0 + $1.summary.notRun }
        )
        summary.lateLines = inputs.flatMap(\.summary.lateLines)
        for warning in inputs.flatMap(\.summary.capabilityWarnings) where !summary.capabilityWarnings.contains(warning)
        {
            summary.capabilityWarnings.append(warning)
        }
        return RecordedRun(summary: summary, baseline: first.recorded.baseline)
    }

    /// Merges the results of `sources`, each in report order (by case id, then profile, as `iamspec
    /// run` writes them), handing each to `deliver` in report order, one at a time: the merge
    /// holds one result of each source.
    ///
    /// - Throws: ``ResultsStreamError`` at a result out of report order in its source, or a run
    ///   already given (by another source, or twice by one), and whatever a source throws.
    package static func merge(
        _ sources: [any MergedResults],
        deliver: (CaseResult) throws(ResultsStreamError) -> Void
    ) throws(ResultsStreamError) {
        var sources = sources
        var heads: [(result: CaseResult, line: Int)?] = []
        for index in sources.indices {
            heads.append(try next(of: &sources[index]))
        }
        var last: (key: RunKey, path: String)?
        while let index = heads.indices.filter({ heads[$0] != nil }).min(by: {
            RunKey(heads[$0]!.result) < RunKey(heads[$1]!.result)
        }) {
            let (result, line) = heads[index]!
            let key = RunKey(result)
            if let last, last.key == key {
                throw ResultsStreamError(
                    Diagnostic(
                        "found the run \(key) again, already in \(last.path); expected each case run in one stream only",
                        at: SourceLocation(file: sources[index].path, line: line, column: 1)
                    )
                )
            }
            try deliver(result)
            last = (key, sources[index].path)
            heads[index] = try next(of: &sources[index])
            if let next = heads[index], RunKey(next.result) < key {
                throw ResultsStreamError(
                    Diagnostic(
                        "found the run \(RunKey(next.result)) after \(key), expected the case records in report order "
                            + "(by case id, then profile), as iamspec run writes them",
                        at: SourceLocation(file: sources[index].path, line: next.line, column: 1)
                    )
                )
            }
        }
    }

    /// The next result of `source`, checked to be of a case of the shard its run ran: shards'
    /// streams put together by hand (a case in two shards, or in none) are not one run.
    ///
    /// - Throws: ``ResultsStreamError`` at the result's line when its case belongs to another
    ///   shard, and whatever the source throws.
    private static func next(
        of source: inout any MergedResults
    ) throws(ResultsStreamError) -> (result: CaseResult, line: Int)? {
        guard let next = try source.next() else { return nil }
        if let shard = source.shard, !shard.contains(caseID: next.result.caseID) {
            throw ResultsStreamError(
                Diagnostic(
                    "found the case \(next.result.caseID) in the stream of shard \(shard), expected only the cases of "
                        + "that shard (shard \(Shard.index(of: next.result.caseID, among: shard.count))/\(shard.count) "
                        + "runs this one)",
                    at: SourceLocation(file: source.path, line: next.line, column: 1)
                )
            )
        }
        return next
    }

    /// A run's place in report order: its case id, then its profile.
    package struct RunKey: Comparable, CustomStringConvertible {
        package var caseID: String
        package var profile: String

        package init(_ result: CaseResult) {
            caseID = result.caseID
            profile = result.profile.rawValue
        }

        package static func < (lhs: RunKey, rhs: RunKey) -> Bool {
            (lhs.caseID, lhs.profile) < (rhs.caseID, rhs.profile)
        }

        package var description: String { "\(caseID) [\(profile)]" }
    }

    /// The results of an input held in memory, each at the line a stream would hold it on.
    private struct ResultsInMemory: MergedResults {
        let path: String
        let shard: Shard?
        let results: [CaseResult]
        var position = 0

        init(_ input: Input) {
            path = input.path
            shard = input.summary.header.selection.shard
            results = input.summary.results
        }

        mutating func next() -> (result: CaseResult, line: Int)? {
            guard position < results.count else { return nil }
            defer { position += 1 }
            return (results[position], position + 2)
        }
    }

    /// Merges the results streams at `paths` into a stream at `output`, holding one result of
    /// each stream at a time and of the merged run what its footer and verdict need
    /// (``CountedRun``: counts and groups, not a result per failure, whether or not a baseline
    /// judges it): each stream's footer is read first (``ResultsStreamReader/outline()``), then
    /// its records, checked as they are merged. The shards the merge lacks are in the merged
    /// stream's footer (`missing_shards`), and fail its verdict. Returns the merged run's verdict,
    /// as its baseline judges it, and the shards the merge lacks.
    ///
    /// - Throws: ``ResultsStreamError`` naming the file and line at fault; `AtomicFileError` when
    ///   the merged stream cannot be written.
    package static func merge(
        files paths: [String],
        into output: String
    ) throws -> (
        verdict: RunVerdict, missingShards: [Shard]
    ) {
        var inputs: [Input] = []
        var sources: [any MergedResults] = []
        for path in paths {
            let reader = try ResultsStreamReader(path: path)
            let input = Input(path: path, recorded: try reader.outline())
            inputs.append(input)
            sources.append(StreamedResults(reader, recorded: input.recorded))
        }
        var merged = try mergedRun(inputs)
        merged.summary.missingShards = missingShards(inputs)
        let writer = try ResultsStreamWriter(header: merged.summary.header, path: output)
        var kept = CountedRun(merged)
        var sharing = OutlineSharing()
        try merge(sources) { result in
            writer.add(result)
            kept.tally(result, sharing: &sharing)
        }
        var footer = FooterLine(kept.summary)
        footer.take(kept.verdict, judgedBy: kept.baseline)
        try writer.finish(footer: footer)
        return (kept.verdict, kept.summary.missingShards)
    }

    /// An input's stream read again, a record at a time, for the merge; at its end, its footer's
    /// verdict is checked against its records, as a whole read checks it.
    private struct StreamedResults: MergedResults {
        let reader: ResultsStreamReader
        /// The baseline that judged the input's run, if any.
        private let baseline: AppliedBaseline?
        /// The input's verdict, each result counted as it comes, none kept.
        private var verdict: RunVerdict
        /// How many results were counted.
        private var runs = 0

        init(_ reader: ResultsStreamReader, recorded: RecordedRun) {
            self.reader = reader
            baseline = recorded.baseline
            verdict = RunVerdict(countingFrom: recorded.summary, baseline: recorded.baseline)
        }

        var path: String { reader.path }

        var shard: Shard? { reader.header.selection.shard }

        mutating func next() throws(ResultsStreamError) -> (result: CaseResult, line: Int)? {
            guard let result = try reader.next() else {
                try reader.checkVerdict(verdict, runs: runs)
                return nil
            }
            runs += 1
            verdict.count(baseline.map { BaselineJudgement.judge(result, applying: $0) } ?? result)
            return (result, reader.lineNumber)
        }
    }

    /// The shards missing from a set of sharded inputs, as `I/N`; empty when the inputs were not
    /// sharded, or cover every shard of one count.
    package static func missingShards(_ inputs: [Input]) -> [Shard] {
        let shards = inputs.compactMap(\.summary.header.selection.shard)
        guard let count = shards.first?.count, shards.count == inputs.count, shards.allSatisfy({ $0.count == count })
        else { return [] }
        let present = Set(shards.map(\.index))
        return (1...count).filter { !present.contains($0) }.compactMap { Shard(index: $0, count: count) }
    }

    private static func check(_ condition: Bool, _ input: Input, _ message: String) throws(ResultsStreamError) {
        guard !condition else { return }
        throw ResultsStreamError(Diagnostic("found a run that \(message)", at: headerLocation(input.path)))
    }

    private static func headerLocation(_ path: String) -> SourceLocation {
        SourceLocation(file: path, line: 1, column: 1)
    }

    private static func describe(_ baseline: AppliedBaseline?) -> String {
        guard let baseline else { return "no baseline" }
        return "the baseline \(baseline.file) (\(baseline.baseline.entries.count) entries, "
            + "\(baseline.staleEntries.count) stale\(baseline.allowsUnexpectedPasses ? ", unexpected passes allowed" : ""))"
    }

    private static func describe(_ engine: EngineRecord) -> String {
        "\(engine.name) \(engine.version)"
    }
}

/// The results of one input of a merge, in report order, one at a time: from a stream's file
/// (`iamspec merge`) or from memory.
package protocol MergedResults {
    /// The input's path, as errors name it.
    var path: String { get }
    /// The shard the input's run ran (`--shard I/N`), whose cases alone it may hold; nil for an
    /// input not sharded.
    var shard: Shard? { get }
    /// The next result, with its line in the input; nil after the last.
    mutating func next() throws(ResultsStreamError) -> (result: CaseResult, line: Int)?
}
