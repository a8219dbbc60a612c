import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

/// A run of part of the suite (a re-run line's `--filter`, a shard) checks its names against the
/// passes of its own runs only: every report that gives them says they are unproven beyond the
/// selection; a run of the whole suite says nothing of the kind.
@Suite("Names of a run of part of the suite")
struct PartialRunNamesTests {
    private static func summary(selection: RunSelection) -> RunSummary {
        var header = ReportFixtures.header()
        header.selection = selection
        let failed = ReportFixtures.failed
        var summary = RunSummary(header: header, results: [failed])
        summary.behaviours = [
            ExplainedBehaviour(
                behaviour: "stack-fifo",
                summary: "lets waiting messages leave first in, first out",
                rule: "stack.lifo",
                runs: [ExplainedBehaviour.Run(failed)],
                passes: 0
            )
        ]
        return summary
    }

    private static let unproven = "unproven beyond this selection"

    @Test(arguments: [
        RunSelection(filters: [.exactly("stack-lifo-basic")]),
        RunSelection(tags: ["smoke"]),
        RunSelection(profiles: [.brazeSwift]),
        RunSelection(shard: Shard(index: 1, count: 4)!),
    ])
    func everyReportSaysTheNamesAreUnprovenBeyondThePart(selection: RunSelection) {
        let summary = Self.summary(selection: selection)
        let console = ConsoleReport(style: ConsoleStyle(usesColor: false)).differenceLines(for: summary)
        let heading = console.firstIndex { $0.hasPrefix("behaviours (1): ") }
        #expect(heading.map { console[$0 + 1].hasPrefix("  " + Self.unproven) } == true, "\(console)")
        #expect(MarkdownReport.summary(summary).contains("**Unproven beyond this selection: "))
        #expect(JUnitReport.xml(for: summary).contains("<property name=\"behaviours.proof\" value=\"unproven beyond"))
    }

    @Test func aRunOfTheWholeSuiteSaysNothingOfIt() {
        let summary = Self.summary(selection: RunSelection())
        #expect(summary.namesUnprovenBeyondSelection == nil)
        let console = ConsoleReport(style: ConsoleStyle(usesColor: false)).differenceLines(for: summary)
        #expect(!console.joined(separator: "\n").contains(Self.unproven))
        #expect(!MarkdownReport.summary(summary).contains("Unproven"))
        #expect(!JUnitReport.xml(for: summary).contains("behaviours.proof"))
    }
}
