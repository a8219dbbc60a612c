import Foundation
import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

/// A difference group's smallest case is shown under it by the console and the Markdown summary,
/// each line of its YAML quoted, and read back from the results stream.
@Suite("Smallest cases in the reports")
struct SmallestCaseReportTests {
    private static let yaml = "- id: smallest-triggers.two\n  title: \"Shrunk\u{1B}[31m\"\n"

    private static func summary() -> RunSummary {
        var failed = ReportFixtures.failed
        failed.difference = Difference(rules: ["triggers.session-start"], mismatch: "sequence: a missing displayed")
        var summary = RunSummary(header: ReportFixtures.header(), results: [failed])
        summary.smallestCases = [ExplainedBehaviour.Run(failed): yaml]
        return summary
    }

    @Test func theConsoleShowsTheCaseUnderItsDifferenceEachLineQuoted() {
        let lines = ConsoleReport(style: ConsoleStyle(usesColor: false)).differenceLines(for: Self.summary())
        guard let start = lines.firstIndex(where: { $0.contains("the smallest case that shows it") }) else {
            Issue.record("no smallest case in \(lines)")
            return
        }
        #expect(lines[start + 1] == "      - id: smallest-triggers.two")
        #expect(lines[start + 2].hasPrefix("        title: \"Shrunk"))
        #expect(!lines[start + 2].contains("\u{1B}"), "an escape from the run is shown inert")
    }

    @Test func theMarkdownSummarySaysWhereTheCaseIs() {
        #expect(MarkdownReport.summary(Self.summary()).contains("the smallest case that shows it, "))
    }

    @Test func theStreamReadsItBack() throws {
        let summary = Self.summary()
        let read = try ResultsStream.decode(Data(ResultsStream.encode(summary)), path: "r.jsonl")
        #expect(read.smallestCases == summary.smallestCases)
        #expect(read.differences.first?.smallestCase == Self.yaml)
    }
}
