import IAMSpec

/// Combines the results streams of shards (`iamspec run --shard I/N --json ...`) into one, from
/// which JUnit and the docs are made as from a whole run.
///
/// The inputs must come from the same engine (name, version, profiles, capabilities), the same
/// suite paths, the same selection apart from the shard, and the same baseline (or none); no case
/// run may appear twice. The merged header is the first input's, with the earliest start and no
/// shard; its results are sorted by case id, then profile; it is interrupted when any input was;
/// it is judged by the inputs' baseline.
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

    /// The merged run.
    ///
    /// - Throws: ``ResultsStreamError`` naming the file and line at fault.
    package static func merge(_ inputs: [Input]) throws(ResultsStreamError) -> RecordedRun {
        guard let first = inputs.first else {
            throw ResultsStreamError(
                Diagnostic("found no results stream to merge, expected at least one", at: headerLocation("-"))
            )
        }
        var unsharded = first.summary.header.selection
        unsharded.shard = nil
        var seen: [String: String] = [:]
        var results: [CaseResult] = []
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
            for (offset, result) in input.summary.results.enumerated() {
                let key = "\(result.caseID) [\(result.profile.rawValue)]"
                if let earlier = seen[key] {
                    throw ResultsStreamError(
                        Diagnostic(
                            "found the run \(key) again, already in \(earlier); expected each case run in one stream only",
                            at: SourceLocation(file: input.path, line: offset + 2, column: 1)
                        )
                    )
                }
                seen[key] = input.path
                results.append(result)
            }
        }
        var header = first.summary.header
        header.selection = unsharded
        header.startedAt = inputs.map(\.summary.header.startedAt).min() ?? header.startedAt
        header.jobs = inputs.map(\.summary.header.jobs).max() ?? header.jobs
        results.sort { ($0.caseID, $0.profile.rawValue) < ($1.caseID, $1.profile.rawValue) }
        var summary = RunSummary(
            header: header,
            results: results,
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
