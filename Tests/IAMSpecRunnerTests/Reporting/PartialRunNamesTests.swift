import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

/// A run of part of the suite (a re-run line's `--filter`, a shard) checks its names against the
/// passes of its own runs only: every report that gives them says they are unproven beyond the
/// selection, unless it was given the whole run's passes (`--whole-run`), when they say so; a run
/// of the whole suite says nothing of the kind.
@Suite("Names of a run of part of the suite")
struct PartialRunNamesTests {
    private static func summary(selection: RunSelection, passes: Int = 0) -> RunSummary {
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
                passes: passes
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

    /// Given the whole run's stream (`--whole-run`), the names were checked against more passes
    /// than the part made: every report says they were checked against the whole run's.
    @Test func namesCheckedAgainstTheWholeRunsPassesAreSaidToBe() {
        let summary = Self.summary(selection: RunSelection(filters: [.exactly("stack-lifo-basic")]), passes: 770)
        let proof =
            "checked against the whole run's passes (770 passes): the run made part of the suite's runs, and each "
            + "name was checked against the passes of the whole run it was given (--whole-run) as well, as the "
            + "whole run checked its own"
        #expect(summary.namesProofBeyondSelection == proof)
        let console = ConsoleReport(style: ConsoleStyle(usesColor: false)).differenceLines(for: summary)
        #expect(console.contains("  " + proof), "\(console)")
        #expect(!console.joined(separator: "\n").contains(Self.unproven))
        #expect(MarkdownReport.summary(summary).contains("**Checked against the whole run's passes (770 passes): "))
        #expect(JUnitReport.xml(for: summary).contains("<property name=\"behaviours.proof\" value=\"checked against"))
    }

    @Test func aRunOfTheWholeSuiteSaysNothingOfIt() {
        let summary = Self.summary(selection: RunSelection())
        #expect(summary.namesProofBeyondSelection == nil)
        let console = ConsoleReport(style: ConsoleStyle(usesColor: false)).differenceLines(for: summary)
        #expect(!console.joined(separator: "\n").contains(Self.unproven))
        #expect(!MarkdownReport.summary(summary).contains("Unproven"))
        #expect(!JUnitReport.xml(for: summary).contains("behaviours.proof"))
    }
}
