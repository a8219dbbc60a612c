import Foundation
import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

/// The experiments that tested a name and concluded nothing are recorded, not only counted: each
/// is a line of the name's proof (the console, the Markdown summary, the JUnit properties) and a
/// record of the results stream, with its scenario, the engine's answer, the name's and the
/// rival's predictions, and why it concluded nothing.
@Suite("Inconclusive experiments in the reports")
struct InconclusiveExperimentReportTests {
    private static let reference = ExplainedBehaviour.Alternative(
        behaviour: ExplainedBehaviour.reference,
        summary: "follows the reference rules there",
        rule: "triggers.session-start"
    )

    /// An experiment of `steps` the engine answered `engine`, for `reason`.
    private static func inconclusive(
        _ reason: ExplainedBehaviour.Inconclusive.Reason,
        engine: String,
        rival: ExplainedBehaviour.Alternative = reference
    ) -> ExplainedBehaviour.Inconclusive {
        ExplainedBehaviour.Inconclusive(
            rival: rival,
            experiment: .init(
                steps: ["profile braze-swift", "session_start"],
                engineAnswer: engine,
                otherAnswer: "nothing",
                yaml: "- id: told-apart-session-start-ignored\n"
            ),
            rivalAnswer: "displayed: promo",
            reason: reason
        )
    }

    private static let trials = [
        inconclusive(.neither, engine: "displayed: other"),
        inconclusive(.silent, engine: "nothing"),
        inconclusive(.contradicted, engine: "displayed: promo"),
        inconclusive(
            .declined,
            engine: "declined: no session_start",
            rival: .init(behaviour: "session-start-late", summary: "fires late", rule: "triggers.session-start")
        ),
    ]

    private static func summary() -> RunSummary {
        var failed = ReportFixtures.failed
        failed.difference = Difference(rules: ["triggers.session-start"], mismatch: "sequence: an extra displayed")
        var summary = RunSummary(header: ReportFixtures.header(), results: [failed])
        summary.behaviours = [
            ExplainedBehaviour(
                behaviour: "session-start-ignored",
                summary: "never fires Session Start triggers",
                rule: "triggers.session-start",
                runs: [ExplainedBehaviour.Run(failed)],
                passes: 4,
                predictions: 1,
                inconclusive: trials
            )
        ]
        return summary
    }

    private static let lines = [
        "inconclusive against the reference rules (answered otherwise without contradicting the name): profile "
            + "braze-swift; session_start -> "
            + "the engine: displayed: other; session-start-ignored predicted: nothing; the reference rules predicted: "
            + "displayed: promo",
        "inconclusive against the reference rules (answered in silence where the name puts a message on the "
            + "stack): profile braze-swift; session_start -> the engine: nothing; session-start-ignored predicted: "
            + "nothing; the reference rules predicted: displayed: promo",
        "inconclusive against the reference rules (answered as the rival here and as the name on another scenario): "
            + "profile braze-swift; session_start -> the engine: displayed: promo; session-start-ignored predicted: "
            + "nothing; the reference rules predicted: displayed: promo",
        "inconclusive against session-start-late (declined or failed): profile braze-swift; session_start -> the "
            + "engine: declined: no session_start; session-start-ignored predicted: nothing; session-start-late "
            + "predicted: displayed: promo",
    ]

    @Test func theNameCountsThemAndItsProofShowsEachInTheOrderTheyRan() throws {
        let name = try #require(Self.summary().behaviours.first)
        #expect(name.unanswered == 3)
        #expect(name.declined == 1)
        #expect(
            name.line.hasSuffix(
                "; 1 prediction borne out by the engine, 3 experiments answered otherwise without contradicting it, "
                    + "declined or failed 1 experiment)"
            )
        )
        #expect(Array(name.proofLines.suffix(4)) == Self.lines)
    }

    @Test func theConsoleTheMarkdownSummaryAndTheJUnitPropertiesShowEach() throws {
        let summary = Self.summary()
        let console = ConsoleReport(style: ConsoleStyle(usesColor: false)).differenceLines(for: summary)
        let markdown = MarkdownReport.summary(summary)
        let junit = JUnitReport.xml(for: summary, textLimit: JUnitReport.defaultTextLimit)
        for line in Self.lines {
            #expect(console.contains("    " + line))
            #expect(markdown.contains(line))
        }
        #expect(junit.contains(#"<property name="behaviour.1.proof.2" value="inconclusive against the reference"#))
    }

    @Test func aRefutedNameShowsItsOwnBeforeItsRuns() throws {
        var summary = Self.summary()
        var refuted = try #require(summary.behaviours.first)
        refuted.refutation = ExplainedBehaviour.Refutation(
            rival: Self.reference,
            experiment: .init(
                steps: ["session_start"],
                engineAnswer: "displayed: promo",
                otherAnswer: "nothing",
                yaml: ""
            ),
            rivalAnswer: "displayed: promo"
        )
        summary.behaviours = []
        summary.refutedNames = [refuted]
        let evidence = refuted.refutationLines(namedOtherwise: [])
        #expect(evidence.count == 6)
        #expect(Array(evidence[1...4]) == Self.lines)
        #expect(evidence.last?.hasPrefix("its runs stay among the unexplained differences: ") == true)
        let console = ConsoleReport(style: ConsoleStyle(usesColor: false)).differenceLines(for: summary)
        #expect(console.contains("    " + Self.lines[0]))
    }

    @Test func theStreamKeepsEachWithItsReasonAndReadsThemBack() throws {
        let summary = Self.summary()
        let data = Data(ResultsStream.encode(summary))
        let footer = try #require(String(decoding: data, as: UTF8.self).split(separator: "\n").last)
        #expect(footer.contains(#""inconclusive":[{"#))
        for reason in ["neither", "silent", "contradicted", "declined"] {
            #expect(footer.contains(#""reason":"\#(reason)""#))
        }
        #expect(!footer.contains(#""unanswered""#), "the records hold the counts")
        #expect(try ResultsStream.decode(data, path: "r.jsonl").behaviours == summary.behaviours)
    }
}
