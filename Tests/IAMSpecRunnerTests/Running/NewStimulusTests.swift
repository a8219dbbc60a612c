import Foundation
import IAMSpec
import IAMSpecTesting
import Testing

@testable import IAMSpecRunner

/// A stimulus added after an engine was built comes with a capability the engine does not
/// declare, so the engine is skipped on the cases that use it and never sent the stimulus: an
/// engine that errors on a stimulus it does not know is never made to.
@Suite struct NewStimulusTests {
    /// The bundled cases that wipe the SDK's data (`wipe_data`, which came after every engine
    /// built against the first protocols).
    static func wipeCases() throws -> [SpecCase] {
        let specs = FixturePaths.root.replacingOccurrences(of: "/Fixtures", with: "/Specs")
        let suite = SuiteLoader.load(paths: [specs + "/stack/memory-and-user.yaml"])
        return try suite.cases.filter {
            $0.steps.contains { step in
                if case .stimulus(.dataWiped) = step.action { true } else { false }
            }
        }
    }

    /// An engine written before `wipe_data`: it declares what it knew of, and errors on any
    /// stimulus it does not know, as the guide once told engines to.
    static func olderEngine(capabilities: Set<Capability>) -> ScriptedEngineProvider {
        ScriptedEngineProvider(capabilities: capabilities) { stimulus, _ in
            if case .dataWiped = stimulus { throw EngineError("unknown stimulus \(stimulus)") }
            return []
        }
    }

    @Test func anEngineThatDoesNotDeclareTheNewCapabilityIsSkippedNeverSentTheStimulus() throws {
        let cases = try Self.wipeCases()
        #expect(cases.count >= 3)
        #expect(!Capability.assumedUnlessLacking.contains(.dataWipe))
        let older = Self.olderEngine(capabilities: Capability.declaredSinceProtocol1)
        let summary = ConformanceRun(engine: older).run(cases: cases)
        #expect(summary.skippedCount == summary.results.count)
        #expect(summary.failedCount == 0)
        for result in summary.results {
            #expect(result.message.contains("data-wipe"), "\(result.caseID): \(result.message)")
        }
        #expect(older.recorder.runs.isEmpty, "no run was started")
    }

    @Test func anEngineThatDeclaresItIsSentTheStimulus() throws {
        let cases = try Self.wipeCases()
        let newer = Self.olderEngine(capabilities: Set(Capability.allCases))
        let summary = ConformanceRun(engine: newer).run(cases: cases)
        #expect(summary.skippedCount == 0)
        #expect(summary.failedCount == summary.results.count, "the engine errors on the stimulus it is now sent")
    }
}
