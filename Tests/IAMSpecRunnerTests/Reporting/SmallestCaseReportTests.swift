import Foundation
import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

/// A difference group's smallest case, and an open name's ("one of"), is shown under it by the
/// console and the Markdown summary, each line of its YAML quoted, and read back from the results
/// stream.
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

    /// A failed run two behaviours replay equally well, nothing run telling them apart: no name is
    /// given, and its example run has its smallest case.
    private static func openNameSummary() -> RunSummary {
        var summary = summary()
        summary.behaviours = [
            ExplainedBehaviour(
                behaviour: "session-start-ignored",
                summary: "the engine ignores session starts",
                rule: "triggers.session-start",
                runs: summary.results.map(ExplainedBehaviour.Run.init),
                alternatives: [
                    .init(
                        behaviour: "session-start-late",
                        summary: "the engine fires late",
                        rule: "triggers.session-start"
                    )
                ]
            )
        ]
        return summary
    }

    @Test func anOpenNameShowsTheCaseOfItsExampleRun() {
        let lines = ConsoleReport(style: ConsoleStyle(usesColor: false)).differenceLines(for: Self.openNameSummary())
        guard let start = lines.firstIndex(where: { $0.contains("the smallest case that shows it, ") }) else {
            Issue.record("no smallest case in \(lines)")
            return
        }
        #expect(lines[start].contains("no name is given until something tells them apart"))
        #expect(lines[start + 1] == "      - id: smallest-triggers.two")
        #expect(!lines[start + 2].contains("\u{1B}"), "an escape from the run is shown inert")
        #expect(
            MarkdownReport.summary(Self.openNameSummary()).contains("  - the smallest case that shows it, `"),
            "the summary says where the case is"
        )
    }

    @Test func aCertainNameShowsNoCaseForTheRunsItExplains() {
        var summary = Self.openNameSummary()
        summary.behaviours[0].alternatives = []
        let lines = ConsoleReport(style: ConsoleStyle(usesColor: false)).differenceLines(for: summary)
        #expect(!lines.contains { $0.contains("the smallest case") })
        #expect(!MarkdownReport.summary(summary).contains("the smallest case"))
    }

    @Test func theStreamReadsItBack() throws {
        let summary = Self.summary()
        let read = try ResultsStream.decode(Data(ResultsStream.encode(summary)), path: "r.jsonl")
        #expect(read.smallestCases == summary.smallestCases)
        #expect(read.differences.first?.smallestCase == Self.yaml)
    }
}
