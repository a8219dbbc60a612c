import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// `iamspec report`: makes reports from a results stream written by `iamspec run --json`.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make JUnit or Markdown reports from a results stream.",
        discussion: """
            Exit status: 0 written and green, 1 the run failed, 2 unreadable results or unwritable report. \
            More: docs/COMMANDS.md, "iamspec report".
            """
    )

    @OptionGroup var reports: ReportOptions

    @Argument(help: ArgumentHelp("The results stream to read.", valueName: "results.jsonl"))
    var results: String

    @Option(
        help: ArgumentHelp(
            "Judge the results against this engine's baseline instead of the one the run recorded.",
            valueName: "file"
        )
    )
    var baseline: String?

    @Flag(help: "A run passing though the baseline expects it to fail counts as passed.")
    var allowUnexpectedPass = false

    @Option(
        help: ArgumentHelp(
            "The engine command you gave the run, which the stream must record: the re-run lines carry it in full.",
            valueName: "command"
        )
    )
    var engineCommand: String?

    @Flag(
        help: ArgumentHelp(
            "Partial results are wanted: a stream of some shards only (one shard's, or a merge lacking some) "
                + "is judged by the runs it holds."
        )
    )
    var partial = false

    @Option(
        help: ArgumentHelp(
            "Write the verdict for a test framework's runner to this file: JSON lines, a record per case run as "
                + "judged, per stale baseline entry, then the verdict.",
            valueName: "file"
        )
    )
    var runnerRecords: String?

    func validate() throws {
        guard reports.wantsJUnit || reports.summary != nil || runnerRecords != nil else {
            throw ValidationError(
                "give --junit FILE, --junit-dir FOLDER, --summary FILE, --runner-records FILE, or more than one"
            )
        }
    }

    func run() throws {
        try ReportDestinations.prepare(
            reports.destinations + [("--runner-records", runnerRecords)],
            inputs: [ReportDestinations.Input(role: "the results stream", path: results)]
                + [baseline].compactMap { path in path.map { ReportDestinations.Input(role: "the baseline", path: $0) }
                }
        )
        let judged: RunSummary
        do {
            judged = try writeReports()
            if let note = Self.partialityNote(judged, partial: partial) {
                StandardError.write(note)
            }
        } catch let error as ResultsStreamError {
            throw CommandFailure.usage(error.description)
        } catch let error as AtomicFileError {
            throw CommandFailure.usage(error.description)
        }
        ConsoleReport(style: ConsoleStyle(usesColor: false)).verdictLines(for: judged) { print($0) }
        if !judged.succeeded {
            throw ExitCode(ExitStatus.failure)
        }
    }

    /// Reads the stream once, a record at a time, so that a stream of any length takes the
    /// memory of its failures alone: its footer first (``ResultsStreamReader/outline()``: the
    /// baseline the run was judged against), then each result, checked, judged and handed to
    /// JUnit as it comes, keeping only what `iamspec run` keeps (every result but the passed ones
    /// no baseline names). Returns the run as the reports show it.
    private func writeReports() throws -> RunSummary {
        let reader = try ResultsStreamReader(path: results)
        // The lines to paste start this tool, not the program the stream records, and carry its
        // engine command only when the user gave it here too.
        var streamHeader = reader.header.namingThisProgram
        if let engineCommand {
            try Self.require(engineCommand, recordedIn: streamHeader, results: results)
            streamHeader.invocation?.isRecorded = false
        }
        let known = try baseline.map { path in try read(path, header: streamHeader) }
        var recorded = try reader.outline()
        // The re-run lines name the stream read as the whole run, when it is one.
        let header = streamHeader.namingWholeRun(readFrom: results)
        recorded.summary.header = header
        var applied = known.map { given($0, path: baseline!, for: recorded) } ?? recorded.baseline
        if allowUnexpectedPass {
            applied?.allowsUnexpectedPasses = true
        }
        let junit =
            reports.wantsJUnit
            ? JUnitWriter(header: header, path: reports.junit, directory: reports.junitDir) : nil
        let records = try runnerRecords.map { path in
            // Without the whole run's stream in their re-run lines: a runner that runs the suite
            // removes its stream, and one given a stream names it beside each failure.
            try RunnerRecords(header: streamHeader, results: results, path: path)
        }
        var raw = recorded.summary
        let named = { (result: CaseResult) in
            [recorded.baseline, applied].contains {
                $0?.baseline.entry(caseID: result.caseID, profile: result.profile) != nil
            }
        }
        // As `run` keeps them: a failure whole only when a report reads it whole (the Markdown
        // summary's first, of the console's first failed cases as the baseline judges them; never
        // an expected failure, which every report lists by its message), in outline otherwise, or
        // folded into counts and groups (a few bytes a run): with no baseline to judge them, every
        // other failure; with one, those it expects, each with its judged message.
        var firstFailedCases = FirstFailedCases(limit: ConsoleReport.casesShownInFull)
        raw.failureFold = FailureFold(dropping: applied == nil ? .everyFailure : .expectedFailures)
        // The verdict the stream's footer records, counted as the records come, as the baseline it
        // records judges them (which --baseline may not be: without it, or --allow-unexpected-pass,
        // a record is judged once, for both).
        var recordedVerdict = RunVerdict(countingFrom: raw, baseline: recorded.baseline)
        let appliedIsRecorded = applied == recorded.baseline
        // Entries of --baseline that name a run the stream holds (for the staleness warning).
        var made: Set<String> = []
        var sharing = OutlineSharing()
        while let result = try reader.next() {
            for entry in known?.entries ?? [] where entry.covers(caseID: result.caseID, profile: result.profile) {
                made.insert(entry.key)
            }
            let judgedResult = applied.map { BaselineJudgement.judge(result, applying: $0) } ?? result
            recordedVerdict.count(
                appliedIsRecorded
                    ? judgedResult : recorded.baseline.map { BaselineJudgement.judge(result, applying: $0) } ?? result
            )
            junit?.add(judgedResult)
            records?.add(judgedResult)
            if result.status != .passed || named(result) {
                let expected = judgedResult.kind == .expectedFailure
                let whole = !expected && firstFailedCases.admits(judgedResult)
                raw.take(result, whole: whole, expected: expected ? judgedResult.message : nil, sharing: &sharing) {
                    _ in true
                }
            } else {
                raw.passedNotKept += 1
            }
        }
        if let known {
            warnUnchecked(known, for: recorded, made: made)
        }
        guard applied != nil || !allowUnexpectedPass else {
            throw CommandFailure.usage(
                "error: --allow-unexpected-pass applies to a baseline: \(results) records none; give --baseline"
            )
        }
        try reader.checkVerdict(recordedVerdict, runs: raw.runCount)
        // Judged in place: the results are not held twice.
        var judged = raw
        raw.results = []
        if let applied {
            BaselineJudgement.judge(&judged, applying: applied)
        }
        judged.missingShards = partial ? [] : Self.missingShards(of: judged)
        try junit?.finish(judged)
        try records?.finish(judged)
        if let summary = reports.summary {
            try AtomicFile.write(MarkdownReport.summary(judged), to: summary)
        }
        return judged
    }

    /// The shards a run lacks: those its footer names (a merge of some of the shards), or, for one
    /// shard's run, every other shard of its count.
    private static func missingShards(of run: RunSummary) -> [Shard] {
        guard let shard = run.header.selection.shard else { return run.missingShards }
        return (1...shard.count).filter { $0 != shard.index }.compactMap { Shard(index: $0, count: shard.count) }
    }

    /// What standard error says of a run that lacks shards: that it fails for them, or, with
    /// `--partial`, which part of its selection the reports hold.
    private static func partialityNote(_ judged: RunSummary, partial: Bool) -> String? {
        let held = judged.header.selection.shard.map { "shard \($0) of its selection" }
        if !judged.missingShards.isEmpty {
            let lacking = judged.missingShards.map(\.description).joined(separator: ", ")
            return "error: the results stream lacks shard\(judged.missingShards.count == 1 ? "" : "s") \(lacking)"
                + (held.map { " (it holds \($0) only)" } ?? "")
                + ": the run is not complete; give --partial to report the runs it holds"
        }
        guard partial, let held else { return nil }
        return "note: the reports hold \(held) only (--partial)"
    }

    /// Throws a usage error unless the stream read from `results` records `given` as its engine
    /// command: `--engine-command` vouches for the command the stream records, never replaces it.
    private static func require(
        _ given: String,
        recordedIn header: RunHeader,
        results: String
    ) throws(CommandFailure) {
        let recorded = header.invocation?.engineCommand
        guard recorded != given else { return }
        throw .usage(
            "error: --engine-command \(QuotedText.line(RerunCommand.shellQuoted(given))): \(QuotedText.line(results)) "
                + "records "
                + (recorded.map { "the engine command \(QuotedText.line(RerunCommand.shellQuoted($0)))" }
                    ?? "no engine command (a run of the reference engine)")
                + ", expected the one given; leave out --engine-command to show the recorded one as data"
        )
    }

    /// The baseline `--baseline` names, which must be for the engine the stream's `header` names.
    private func read(_ path: String, header: RunHeader) throws -> Baseline {
        try BaselineFile.read(
            path,
            engine: header.engine.name,
            making: BaselineFile.making(
                path,
                program: header.invocation?.program ?? "iamspec",
                suitePaths: header.suitePaths,
                engineCommand: header.invocation?.engineCommand,
                engineRecorded: header.invocation?.isRecorded ?? false,
                validatesProtocol: header.invocation?.validatesProtocol ?? false
            )
        )
    }

    /// The baseline `--baseline` names, with the entries the run found stale.
    private func given(_ known: Baseline, path: String, for recorded: RecordedRun) -> AppliedBaseline {
        let foundStale = Set(recorded.baseline?.staleEntries.map(\.key) ?? [])
        return AppliedBaseline(
            known,
            file: path,
            staleEntries: known.entries.filter { foundStale.contains($0.key) },
            allowsUnexpectedPasses: allowUnexpectedPass
        )
    }

    /// Warns of each entry of `known` (`--baseline`) that cannot be checked for staleness: one
    /// the run was not judged against and made no run of (`made` holds the keys of those it
    /// made).
    private func warnUnchecked(_ known: Baseline, for recorded: RecordedRun, made: Set<String>) {
        let judgedKeys = Set(recorded.baseline?.baseline.entries.map(\.key) ?? [])
        for entry in known.entries where !judgedKeys.contains(entry.key) && !made.contains(entry.key) {
            StandardError.write(
                "warning: \(entry.location.map { "\(QuotedText.line($0.description)): " } ?? "")\(QuotedText.line(entry.key)): "
                    + "not checked for staleness: "
                    + "the run that wrote \(results) was not judged against this entry and made no run of it"
            )
        }
    }
}
