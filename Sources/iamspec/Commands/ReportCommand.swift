import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// `iamspec report`: makes reports from a results stream written by `iamspec run --json`.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make a JUnit XML report or a Markdown summary from a results stream (iamspec run --json).",
        discussion: """
            The results are judged against the baseline the run was judged against (recorded in \
            the stream's footer), or against --baseline FILE, as iamspec run judged them: the \
            reports, the lines printed and the exit status say what the run's did. Prints the \
            stale baseline entries and the baseline's counts, then the totals as `N passed, N \
            failed, N skipped` (stale entries count as failed). With --baseline FILE, an entry \
            is stale when the run found it so; one the run was not judged against and made no \
            run of is not checked (a warning says so). A stream whose case lines disagree with \
            its footer's totals or verdict (lines lost or added) is refused. Exit status 0 when \
            the reports were written and the run succeeded, 1 when the run failed (a new \
            failure, an unexpected pass, a stale entry, interrupted), 2 when the results cannot \
            be read or a report cannot be written.
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

    func validate() throws {
        guard reports.wantsJUnit || reports.summary != nil else {
            throw ValidationError("give --junit FILE, --junit-dir FOLDER, --summary FILE, or more than one")
        }
    }

    func run() throws {
        try ReportDestinations.prepare(
            reports.destinations,
            inputs: [ReportDestinations.Input(role: "the results stream", path: results)]
                + [baseline].compactMap { path in path.map { ReportDestinations.Input(role: "the baseline", path: $0) }
                }
        )
        let judged: RunSummary
        do {
            let recorded = try ResultsStream.readRecorded(from: results)
            var applied = try baseline.map { path in try given(path, for: recorded) } ?? recorded.baseline
            if allowUnexpectedPass {
                guard applied != nil else {
                    throw CommandFailure.usage(
                        "error: --allow-unexpected-pass applies to a baseline: \(results) records none; give --baseline"
                    )
                }
                applied?.allowsUnexpectedPasses = true
            }
            judged = applied.map { BaselineJudgement.judge(recorded.summary, applying: $0) } ?? recorded.summary
            try reports.write(judged)
        } catch let error as ResultsStreamError {
            throw CommandFailure.usage(error.description)
        } catch let error as AtomicFileError {
            throw CommandFailure.usage(error.description)
        }
        for line in ConsoleReport(style: ConsoleStyle(usesColor: false)).verdictLines(for: judged) {
            print(line)
        }
        if !judged.succeeded {
            throw ExitCode(ExitStatus.failure)
        }
    }

    /// The baseline `--baseline` names, with the entries the run found stale; an entry the run
    /// was not judged against and made no run of cannot be checked, and is warned about.
    private func given(_ path: String, for recorded: RecordedRun) throws -> AppliedBaseline {
        let header = recorded.summary.header
        let known = try BaselineFile.read(
            path,
            engine: header.engine.name,
            making: BaselineFile.making(
                path,
                program: header.invocation?.program ?? "iamspec",
                suitePaths: header.suitePaths,
                engineCommand: header.invocation?.engineCommand,
                validatesProtocol: header.invocation?.validatesProtocol ?? false
            )
        )
        let foundStale = Set(recorded.baseline?.staleEntries.map(\.key) ?? [])
        let judgedKeys = Set(recorded.baseline?.baseline.entries.map(\.key) ?? [])
        for entry in known.entries where !judgedKeys.contains(entry.key) {
            let made = recorded.summary.results.contains { entry.covers(caseID: $0.caseID, profile: $0.profile) }
            if !made {
                StandardError.write(
                    "warning: \(entry.location.map { "\(QuotedText.line($0.description)): " } ?? "")\(QuotedText.line(entry.key)): "
                        + "not checked for staleness: "
                        + "the run that wrote \(results) was not judged against this entry and made no run of it"
                )
            }
        }
        return AppliedBaseline(
            known,
            file: path,
            staleEntries: known.entries.filter { foundStale.contains($0.key) },
            allowsUnexpectedPasses: allowUnexpectedPass
        )
    }
}
