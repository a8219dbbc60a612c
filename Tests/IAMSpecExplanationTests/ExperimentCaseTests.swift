import Foundation
import IAMSpec
import IAMSpecPortable
import IAMSpecReferenceEngine
import IAMSpecRunner
import Testing

@testable import IAMSpecExplanation

/// The case an experiment is kept as, in the results stream: a user copies it into their Specs, so
/// `lint` must accept it as written.
@Suite("An experiment kept as a case")
struct ExperimentCaseTests {
    @Test func anExperimentRulingOutACombinationIsKeptAsACaseLintAccepts() throws {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs")
        let bundled = SuiteLoader.load(paths: [specs.path])
        let original = try #require(bundled.loadedCases.first { $0.id == "stack-last-in-first-out" }).decoded()
        let scenario = Scenario(running: original, profile: .brazeSwift, inspectingTheStack: false)
        let fifo = try #require(BehaviourCatalogue.behaviour(id: "stack-fifo"))
        let experiment = TieExperiment.record(
            scenario,
            winner: ScenarioTrace(running: scenario, on: ReferenceEngineProvider()),
            loser: ScenarioTrace(running: scenario, on: BehaviourEngineProvider(behaviour: fifo)),
            ruledOut: ExplainedBehaviour.Alternative(
                behaviour: "session-start-ignored+stack-fifo",
                summary: "ignores session starts; drains the stack first in, first out",
                rule: "stack.lifo, triggers.session-start, stack.lifo"
            ),
            citing: bundled.rules
        )

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("experiment-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(experiment.yaml.utf8).write(to: folder.appendingPathComponent("told-apart.yaml"))
        try FileManager.default.copyItem(
            at: specs.appendingPathComponent("rules.yaml"),
            to: folder.appendingPathComponent("rules.yaml")
        )
        let suite = SuiteLoader.load(paths: [folder.path])
        #expect(suite.diagnostics.isEmpty, "\(suite.diagnostics)")
        let kept = try #require(suite.loadedCases.first).decoded()
        #expect(kept.id == "told-apart-session-start-ignored-and-stack-fifo")
        // Each rule once, and none gated by what the scenario does not use (no session start).
        #expect(kept.rules.first == "stack.lifo" && !kept.rules.contains("triggers.session-start"))
        #expect(kept.rules.count == Set(kept.rules).count, "\(kept.rules)")
    }
}
