import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// `iamspec report`: makes reports from a results stream written by `iamspec run --json`.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make a JUnit XML report from a results stream (iamspec run --json).",
        discussion: """
            Prints the totals of the results as `N passed, N failed, N skipped`. Exit status 0 when \
            the report was written (whatever the results), 2 when the results cannot be read or the \
            report cannot be written.
            """
    )

    @Option(help: ArgumentHelp("Write a JUnit XML report to this file.", valueName: "file"))
    var junit: String

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

    func run() throws {
        do {
            var summary = try ResultsStream.read(from: results)
            if let baseline {
                let known = try BaselineFile.read(baseline, engine: summary.header.engine.name)
                summary =
                    BaselineJudgement(
                        summary,
                        against: known,
                        cases: nil,
                        allowingUnexpectedPasses: allowUnexpectedPass
                    ).summary
            }
            try JUnitReport.write(summary, to: junit)
            print(summary.totalsLine)
        } catch let error as ResultsStreamError {
            throw CommandFailure.usage(error.description)
        } catch let error as AtomicFileError {
            throw CommandFailure.usage(error.description)
        }
    }
}
