import Foundation
import IAMSpec
import IAMSpecTesting
import Testing

@testable import IAMSpecRunner

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A run that fails at a step that only sets the case up (`setup`) is blocked for the case's
/// rules that later steps check, and every report says so.
@Suite("Blocked runs")
struct BlockedRunTests {
    /// `promo` shows at session start; the case's setup wrongly expects it stacked, so the run
    /// fails there, before the two steps that check the case's rules.
    private static func blockedCase(setup: Bool) -> SpecCase {
        CaseFixtures.specCase(
            "setup-fails",
            rules: ["area.first", "area.second"],
            steps: [
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(
                    Expectation(
                        sequence: [.stacked(.id("promo"), reason: nil)],
                        rules: setup ? ["reenqueue.message-visible"] : ["area.first"],
                        setup: setup
                    )
                ),
                .stimulus(.sessionStarted(syncPending: false)),
                .expectation(Expectation(sequence: [], rules: ["area.second"])),
                .expectation(Expectation(absent: [.stacked(.any, reason: nil)], setup: true)),
            ]
        )
    }

    private static func run(setup: Bool) -> CaseResult {
        CaseExecutor(provider: CaseFixtures.promoEngine(), rules: [])
            .execute(blockedCase(setup: setup), profile: .brazeSwift)
    }

    @Test func aFailedSetupStepBlocksTheRulesOfTheStepsAfterIt() throws {
        let result = Self.run(setup: true)
        #expect(result.status == .failed)
        let difference = try #require(result.difference)
        // Filed under the setup's rules; blocked for what later checks (not later setup steps) name.
        #expect(difference.rules == ["reenqueue.message-visible"])
        #expect(difference.blocked == ["area.second"])
        #expect(result.isBlocked)
    }

    @Test func aFailedStepOfTheCaseItselfIsAFailureNotABlock() throws {
        let result = Self.run(setup: false)
        #expect(result.status == .failed)
        #expect(result.difference?.rules == ["area.first"])
        #expect(result.difference?.blocked == [])
        #expect(!result.isBlocked)
    }

    @Test func everyReportSaysTheRunIsBlockedAndForWhichRules() throws {
        let summary = RunSummary(header: ReportFixtures.header(), results: [Self.run(setup: true)])
        let console = ConsoleReport(style: ConsoleStyle(usesColor: false)).lines(for: summary)
        #expect(console.contains { $0.hasPrefix("BLOCKED  setup-fails [braze-swift]") })
        #expect(console.contains("  the failing step sets the case up: reenqueue.message-visible"))
        #expect(console.contains("  blocked: not checked, as its setup failed: area.second"))
        #expect(
            summary.differences.map(\.line) == [
                "reenqueue.message-visible: sequence: displayed where stacked was expected; blocked: area.second "
                    + "(1 case, 1 run)"
            ]
        )

        let junit = JUnitReport.xml(for: summary, textLimit: 10_000)
        let document = try XMLDocument(xmlString: junit)
        let failure = try #require(try document.nodes(forXPath: "//testcase/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "type")?.stringValue == "iamspec.blocked")
        #expect(
            failure.attribute(forName: "message")?.stringValue?
                .hasPrefix("blocked (its setup failed; not checked: area.second): ") == true
        )

        // The results stream keeps it, and a summary read back from it says the same.
        let stream = String(decoding: ResultsStream.encode(summary), as: UTF8.self)
        #expect(stream.contains(#""blocked":["area.second"]"#))
        let read = try ResultsStream.decode(Data(stream.utf8), path: "results.jsonl")
        #expect(read.results.first?.difference?.blocked == ["area.second"])
        #expect(read.differences.first?.blocked == ["area.second"])
    }
}
