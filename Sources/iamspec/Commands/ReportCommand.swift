import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// `iamspec report`: makes reports from a results stream written by `iamspec run --json`.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make a JUnit XML report or a Markdown summary from a results stream (iamspec run --json).",
        discussion: """
            Prints the totals of the results as `N passed, N failed, N skipped`. A stream whose case \
            lines disagree with its footer's totals (lines lost or added) is refused. Exit status 0 \
            when the reports were written (whatever the results), 2 when the results cannot be read \
            or a report cannot be written.
            """
    )

    @OptionGroup var reports: ReportOptions

    @Argument(help: ArgumentHelp("The results stream to read.", valueName: "results.jsonl"))
    var results: String

    @Option(
        help: ArgumentHelp(
            "Judge the results against this engine's baseline, as iamspec run --baseline does (stale entries are not checked here).",
            valueName: "file"
        )
    )
    var baseline: String?

    @Flag(help: "With --baseline: show a run passing though the baseline expects it to fail as passed.")
    var allowUnexpectedPass = false

    func validate() throws {
        guard reports.junit != nil || reports.summary != nil else {
            throw ValidationError("give --junit FILE, --summary FILE or both")
        }
    }

    func run() throws {
        try ReportDestinations.prepare(
            reports.destinations,
            inputs: [ReportDestinations.Input(role: "the results stream", path: results)]
                + [baseline].compactMap { path in path.map { ReportDestinations.Input(role: "the baseline", path: $0) }
                }
        )
        do {
            var judged = try ResultsStream.read(from: results)
            if let baseline {
                let invocation = judged.header.invocation
                let known = try BaselineFile.read(
                    baseline,
                    engine: judged.header.engine.name,
                    making: BaselineFile.making(
                        baseline,
                        program: invocation?.program ?? "iamspec",
                        workingDirectory: invocation?.workingDirectory,
                        suitePaths: judged.header.suitePaths,
                        engineCommand: invocation?.engineCommand,
                        validatesProtocol: invocation?.validatesProtocol ?? false
                    )
                )
                judged =
                    BaselineJudgement(
                        judged,
                        against: known,
                        cases: nil,
                        allowingUnexpectedPasses: allowUnexpectedPass
                    ).summary
            }
            try reports.write(judged)
            print(judged.totalsLine)
        } catch let error as ResultsStreamError {
            throw CommandFailure.usage(error.description)
        } catch let error as AtomicFileError {
            throw CommandFailure.usage(error.description)
        }
    }
}
