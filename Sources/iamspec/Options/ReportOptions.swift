import ArgumentParser
import IAMSpecRunner

/// The reports `run` and `report` make from a run's results: JUnit XML and the Markdown summary.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Write a Markdown summary (totals; each failure with its rules and re-run command) to this file, e.g. $GITHUB_STEP_SUMMARY.",
            valueName: "file"
        )
    )
    var summary: String?

    /// The options as `ReportDestinations.prepare` takes them.
    var destinations: [(option: String, path: String?)] {
        [("--junit", junit), ("--summary", summary)]
    }

    /// Writes each report asked for.
    func write(_ results: RunSummary) throws(AtomicFileError) {
        if let junit {
            try JUnitReport.write(results, to: junit)
        }
        if let summary {
            try AtomicFile.write(MarkdownReport.summary(results), to: summary)
        }
    }
}
