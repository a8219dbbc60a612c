import ArgumentParser
import IAMSpec
import IAMSpecRunner

/// The reports `run` and `report` make from a run's results: JUnit XML (one file, or a file per
/// suite) and the Markdown summary.
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Write the JUnit report as a file per suite here.",
            valueName: "folder"
        )
    )
    var junitDir: String?

    @Option(
        help: ArgumentHelp(
            "Write a Markdown summary to this file.",
            valueName: "file"
        )
    )
    var summary: String?

    /// Whether any JUnit report is asked for.
    var wantsJUnit: Bool { junit != nil || junitDir != nil }

    /// The options as `ReportDestinations.prepare` takes them: `--junit-dir` as every file it
    /// may write.
    var destinations: [(option: String, path: String?)] {
        let suites = Profile.allCases.map(JUnitReport.suiteName) + [JUnitReport.baselineSuiteName]
        return [("--junit", junit)]
            + suites.map { suite in ("--junit-dir", junitDir.map { $0 + "/" + JUnitReport.suiteFileName(suite) }) }
            + [("--summary", summary)]
    }
}
