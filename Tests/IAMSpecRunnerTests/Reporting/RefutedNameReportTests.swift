import Foundation
import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

/// A name the engine refuted is reported apart from the names given, with its experiment, in the
/// console, the Markdown summary and the results stream; its runs stay among the differences.
@Suite("Refuted names in the reports")
struct RefutedNameReportTests {
    private static func summary() -> RunSummary {
        var failed = ReportFixtures.failed
        failed.difference = Difference(rules: ["triggers.session-start"], mismatch: "sequence: a missing displayed")
        var summary = RunSummary(header: ReportFixtures.header(), results: [failed])
        summary.refutedNames = [
            ExplainedBehaviour(
                behaviour: "session-start-ignored",
                summary: "never fires Session Start triggers",
                rule: "triggers.session-start",
                runs: [ExplainedBehaviour.Run(failed)],
                passes: 4,
                predictions: 0,
                refutation: ExplainedBehaviour.Refutation(
                    rival: .init(
                        behaviour: ExplainedBehaviour.reference,
                        summary: "follows the reference rules there",
                        rule: "triggers.session-start"
                    ),
                    experiment: .init(
                        steps: ["profile braze-swift", "session_start"],
                        engineAnswer: "displayed: promo",
                        otherAnswer: "nothing",
                        yaml: "- id: told-apart-reference\n"
                    ),
                    rivalAnswer: "displayed: promo"
                )
            )
        ]
        return summary
    }

    @Test func theConsoleSaysTheNameWasRefutedWithItsExperimentAndKeepsItsRunUnexplained() {
        let lines = ConsoleReport(style: ConsoleStyle(usesColor: false)).differenceLines(for: Self.summary()).joined(
            separator: "\n"
        )
        #expect(lines.contains("refuted (1): "))
        #expect(
            lines.contains(
                "experiment: profile braze-swift; session_start -> the engine, as the reference rules predicts: "
                    + "displayed: promo; session-start-ignored predicted: nothing"
            )
        )
        #expect(lines.contains("differences (1)"), "the refuted name's run is among the differences")
        #expect(!lines.contains("behaviours ("), "a refuted name is not given")
    }

    @Test func theMarkdownSummaryListsItApart() {
        let markdown = MarkdownReport.summary(Self.summary())
        #expect(markdown.contains("### Names the engine refuted (1)"))
        #expect(markdown.contains("session-start-ignored predicted: nothing"))
        #expect(!markdown.contains("### What the engine does differently"))
    }

    @Test func theStreamKeepsTheRefutationAndReadsItBack() throws {
        let summary = Self.summary()
        let data = Data(ResultsStream.encode(summary))
        let footer = try #require(String(decoding: data, as: UTF8.self).split(separator: "\n").last)
        #expect(footer.contains("\"refuted\":[{"))
        #expect(footer.contains("\"rival_answer\":\"displayed: promo\""))
        #expect(try ResultsStream.decode(data, path: "r.jsonl").refutedNames == summary.refutedNames)
    }
}
