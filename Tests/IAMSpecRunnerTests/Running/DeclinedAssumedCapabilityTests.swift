import Foundation
import IAMSpec
import IAMSpecTesting
import Testing

@testable import IAMSpecRunner

/// Behaviour every engine was assumed to have, made a capability later (`extras`, `push-click`):
/// an engine that lacks it says so (`lacking:`), and the bundled cases that need it are skipped,
/// never failed and never sent what the engine cannot do.
@Suite struct DeclinedAssumedCapabilityTests {
    /// The bundled cases (none when they cannot be read, which the tests' counts find).
    static let bundled: [SpecCase] =
        (try? SuiteLoader.load(paths: [
            FixturePaths.root.replacingOccurrences(of: "/Fixtures", with: "/Specs")
        ]).cases) ?? []

    @Test func anEngineWithoutPushClicksIsSkippedOnEveryPushClickStepNeverSentOne() {
        let cases = Self.bundled.filter { specCase in
            specCase.steps.contains { step in
                if case .stimulus(.pushClicked) = step.action { true } else { false }
            }
        }
        #expect(cases.count >= 10)
        #expect(Capability.assumedUnlessLacking.contains(.pushClick))
        let engine = ScriptedEngineProvider(capabilities: [], lacking: [.pushClick]) { stimulus, _ in
            if case .pushClicked = stimulus { throw EngineError("no push clicks here") }
            return []
        }
        let summary = ConformanceRun(engine: engine).run(cases: cases)
        #expect(summary.skippedCount == summary.results.count)
        for result in summary.results {
            #expect(result.message.contains("push-click"), "\(result.caseID): \(result.message)")
        }
        #expect(engine.recorder.runs.isEmpty, "no run was started")
    }

    @Test func anEngineWithoutExtrasIsSkippedOnEveryCaseThatComparesThem() {
        let cases = Self.bundled.filter { $0.id.hasPrefix("extras-") }
        #expect(cases.count >= 5)
        #expect(Capability.assumedUnlessLacking.contains(.extras))
        let engine = ScriptedEngineProvider(capabilities: [], lacking: [.extras]) { _, _ in [] }
        let summary = ConformanceRun(engine: engine).run(cases: cases)
        #expect(summary.skippedCount == summary.results.count)
        for result in summary.results {
            #expect(result.message.contains("extras"), "\(result.caseID): \(result.message)")
        }
        #expect(engine.recorder.runs.isEmpty, "no run was started")
    }
}
