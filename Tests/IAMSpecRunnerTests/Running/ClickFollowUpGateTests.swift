import Foundation
import IAMSpec
import IAMSpecTesting
import Testing

@testable import IAMSpecRunner

/// `click-follow-up` names a behaviour found after engines were written (Braze Swift's follow-up
/// after a click): an engine that does not declare it is skipped on the cases whose outcome
/// depends on it, never failed, while the `click` cases written before it still run.
@Suite struct ClickFollowUpGateTests {
    static let specs = FixturePaths.root.replacingOccurrences(of: "/Fixtures", with: "/Specs")

    /// An engine written before the follow-up was known: it declares everything else.
    static let olderEngine = ScriptedEngineProvider(
        capabilities: Set(Capability.allCases).subtracting([.clickFollowUp])
    ) { _, _ in [] }

    @Test func anEngineThatDoesNotDeclareItIsSkippedOnTheFollowUpCases() throws {
        let suite = SuiteLoader.load(paths: [Self.specs + "/stack/click-follow-up.yaml"])
        let gated = try suite.cases.filter { $0.requires.contains(.clickFollowUp) }
        #expect(gated.count >= 8)
        #expect(!Capability.assumedUnlessLacking.contains(.clickFollowUp))
        #expect(gated.allSatisfy { $0.profiles == [.brazeSwift] })
        let summary = ConformanceRun(engine: Self.olderEngine).run(cases: gated)
        #expect(summary.skippedCount == summary.results.count)
        for result in summary.results {
            #expect(result.message == "the engine lacks the capability click-follow-up", "\(result.caseID)")
        }
    }

    @Test func theClickCasesWrittenBeforeItStillRun() throws {
        let suite = SuiteLoader.load(paths: [
            Self.specs + "/analytics/impressions-and-clicks.yaml", Self.specs + "/analytics/local-messages.yaml",
        ])
        let clicking = try suite.cases.filter { specCase in
            specCase.steps.contains { step in
                if case .stimulus(.messageClicked) = step.action { true } else { false }
            }
        }
        #expect(clicking.count >= 4)
        #expect(clicking.allSatisfy { !$0.requires.contains(.clickFollowUp) })
        let summary = ConformanceRun(engine: Self.olderEngine).run(cases: clicking)
        #expect(summary.skippedCount == 0)
    }
}
