import Foundation
import IAMSpec
import IAMSpecReferenceEngine
import IAMSpecRunner
import Testing

@testable import IAMSpecExplanation
@testable import IAMSpecMutants

/// The smallest case of a failing run: shrunk on the engine while it still differs from the
/// reference rules, written as a case the reference engine passes and the engine fails.
@Suite("The smallest case of a failing run")
struct SmallestCaseTests {
    private static let suite: LoadedSuite = {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs").path
        return SuiteLoader.load(paths: [specs])
    }()

    private static func specCase(_ id: String) throws -> SpecCase {
        try #require(suite.loadedCases.first { $0.id == id }).decoded()
    }

    /// The case `yaml` written to a folder of its own, loaded as a suite of one case.
    private static func loaded(_ yaml: String) throws -> SpecCase {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smallest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("case.yaml"))
        let suite = SuiteLoader.load(paths: [folder.path])
        #expect(suite.diagnostics.isEmpty, "\(suite.diagnostics)")
        return try #require(suite.loadedCases.first).decoded()
    }

    @Test func aFailingRunIsShrunkToACaseTheReferencePassesAndTheEngineFails() throws {
        let behaviour = try #require(BehaviourCatalogue.behaviour(id: "stack-fifo"))
        let engine = BehaviourEngineProvider(behaviour: behaviour)
        let original = try Self.specCase("stack-last-in-first-out")
        let yaml = try #require(
            SmallestCase(engine: engine).yaml(for: original, profile: .brazeSwift, id: "smallest-stack-lifo")
        )
        let smallest = try Self.loaded(yaml)
        #expect(smallest.id == "smallest-stack-lifo")
        // The case's rules first, then those its expectations are about.
        #expect(smallest.rules.starts(with: original.rules))
        #expect(smallest.steps.count <= original.steps.count)
        #expect(
            CaseExecutor(provider: ReferenceEngineProvider(), rules: []).execute(smallest, profile: .brazeSwift).status
                == .passed
        )
        #expect(CaseExecutor(provider: engine, rules: []).execute(smallest, profile: .brazeSwift).status == .failed)
    }

    @Test func aSmallestCaseDeclaresTheBehaviouralCapabilitiesItsOutcomeDependsOn() throws {
        // An engine that enforces no interval: the smallest case shows a trigger within the
        // interval dropped, which an engine without the minimum interval would fail.
        let behaviour = try #require(BehaviourCatalogue.behaviour(id: "interval-not-enforced"))
        let yaml = try #require(
            SmallestCase(engine: BehaviourEngineProvider(behaviour: behaviour))
                .yaml(for: try Self.specCase("interval-configured-5s-swift"), profile: .brazeSwift, id: "smallest-i")
        )
        #expect(yaml.contains("requires: [minimum-interval]"))
        let smallest = try Self.loaded(yaml)
        #expect(smallest.requires.contains(.minimumInterval))
        // As lint proves it: nothing the case needs is left undeclared.
        let proof = try NeedsProof().run(cases: [smallest], rules: Self.suite.rules)
        #expect((proof.undeclared[smallest.id] ?? []).isEmpty)
        // A case whose outcome depends on no behavioural capability declares none.
        let fifoBehaviour = try #require(BehaviourCatalogue.behaviour(id: "stack-fifo"))
        let fifo = try #require(
            SmallestCase(engine: BehaviourEngineProvider(behaviour: fifoBehaviour))
                .yaml(for: try Self.specCase("stack-last-in-first-out"), profile: .brazeSwift, id: "smallest-f")
        )
        #expect(!fifo.contains("requires:"))
    }

    @Test func anEngineThatAnswersAsTheRulesDoHasNoSmallestCase() throws {
        let original = try Self.specCase("stack-last-in-first-out")
        #expect(
            SmallestCase(engine: ReferenceEngineProvider()).yaml(for: original, profile: .brazeSwift, id: "x") == nil
        )
    }

    /// An engine that breaks priority ties to the first message under the ids of `firstUnder`,
    /// and as the rules under every other id: as an engine whose tie-break is seeded by the id.
    private struct SeededTies: EngineProvider {
        let firstUnder: Set<String>
        let tiesFirst: BehaviourEngineProvider

        init(firstUnder: Set<String>) throws {
            self.firstUnder = firstUnder
            tiesFirst = BehaviourEngineProvider(
                behaviour: try #require(BehaviourCatalogue.behaviour(id: "priority-ties-first"))
            )
        }

        var description: EngineDescription { ReferenceEngineProvider().description }

        func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
            firstUnder.contains(setup.caseID)
                ? try tiesFirst.makeEngine(for: setup) : try ReferenceEngineProvider().makeEngine(for: setup)
        }
    }

    @Test func anEngineWhoseAnswerDependsOnTheCasesIDIsShownUnderAnIDItDiffersUnder() throws {
        let original = try Self.specCase("priority-tie-later-wins")
        let engine = try SeededTies(firstUnder: ["priority-tie-later-wins", "smallest-3-tie"])
        let yaml = try #require(
            SmallestCase(engine: engine).yaml(for: original, profile: .brazeSwift, id: "smallest-tie")
        )
        let smallest = try Self.loaded(yaml)
        // The first of the ids tried under which the engine still differs, and a comment saying why.
        #expect(smallest.id == "smallest-3-tie")
        #expect(yaml.contains("its answer depends on the case's id"))
        #expect(CaseExecutor(provider: engine, rules: []).execute(smallest, profile: .brazeSwift).status == .failed)
        #expect(
            CaseExecutor(provider: ReferenceEngineProvider(), rules: []).execute(smallest, profile: .brazeSwift).status
                == .passed
        )
    }

    @Test func anEngineThatDiffersUnderNoIDTriedHasNoSmallestCase() throws {
        let original = try Self.specCase("priority-tie-later-wins")
        // It differs under the run's id only: no id the case could be written under shows it.
        let engine = try SeededTies(firstUnder: ["priority-tie-later-wins"])
        #expect(SmallestCase(engine: engine).yaml(for: original, profile: .brazeSwift, id: "smallest-tie") == nil)
    }
}
