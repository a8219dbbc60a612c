import IAMSpec
import IAMSpecExplanation
import IAMSpecReferenceEngine
import Testing

@Suite("Fuzzing and shrinking")
struct ShrinkingTests {
    private static let reference = ReferenceEngineProvider()

    private static func mutantProvider(_ id: String) throws -> BehaviourEngineProvider {
        BehaviourEngineProvider(behaviour: try #require(BehaviourCatalogue.behaviour(id: id)))
    }

    @Test(
        "shrinking gives a smaller scenario that still diverges",
        arguments: ["stack-fifo", "regex-anchored", "interval-exclusive", "click-logged-every-time"]
    )
    func shrinkingKeepsTheDivergence(_ id: String) throws {
        let mutant = try Self.mutantProvider(id)
        let finding = try #require(FuzzCampaign(engine: Self.reference, against: mutant, seed: 1).run(count: 2000))
        let shrinker = ScenarioShrinker(engine: Self.reference, against: mutant)
        #expect(finding.scenario.size < finding.original.size)
        #expect(finding.scenario.stimuli.count <= finding.original.stimuli.count)
        let divergence = try #require(shrinker.divergence(in: finding.scenario))
        #expect(divergence == finding.scenario.stimuli.count - 1, "the shrunk scenario ends at the divergence")
        #expect(finding.expected.firstDivergence(from: finding.actual) == divergence)
    }

    @Test("a shrunk scenario cannot lose any single stimulus and still diverge")
    func shrunkScenarioIsLocallyMinimal() throws {
        let mutant = try Self.mutantProvider("reenqueue-at-bottom")
        let finding = try #require(FuzzCampaign(engine: Self.reference, against: mutant, seed: 1).run(count: 2000))
        let shrinker = ScenarioShrinker(engine: Self.reference, against: mutant)
        for index in finding.scenario.stimuli.indices {
            var smaller = finding.scenario
            smaller.stimuli.remove(at: index)
            #expect(shrinker.divergence(in: smaller) == nil)
        }
    }

    @Test("the same seed finds the same divergence")
    func campaignsAreDeterministic() throws {
        let mutant = try Self.mutantProvider("priority-ties-first")
        let first = try #require(FuzzCampaign(engine: Self.reference, against: mutant, seed: 5).run(count: 500))
        let second = try #require(FuzzCampaign(engine: Self.reference, against: mutant, seed: 5).run(count: 500))
        #expect(first.scenarioNumber == second.scenarioNumber)
        #expect(first.scenario == second.scenario)
    }

    @Test("two reference engines never diverge")
    func referenceAgreesWithItself() {
        #expect(
            FuzzCampaign(engine: Self.reference, against: ReferenceEngineProvider(), seed: 3).run(count: 300) == nil
        )
    }

    @Test("a scenario naming a message that does not exist is not well formed")
    func wellFormedness() {
        let message = InAppMessage(id: "m1", triggers: [.sessionStart])
        #expect(
            !Scenario(
                profile: .brazeSwift,
                configuration: EngineConfiguration(),
                messages: [message],
                stimuli: [.messageDismissed("m2")]
            ).isWellFormed
        )
        #expect(
            !Scenario(
                profile: .brazeSwift,
                configuration: EngineConfiguration(),
                messages: [message],
                stimuli: [.delegateChoiceSet(message: "m1", choice: .later)]
            ).isWellFormed
        )
        let legacyDelegate = EngineConfiguration(delegate: .implemented)
        #expect(
            !Scenario(
                profile: .brazeSwift,
                configuration: legacyDelegate,
                messages: [message],
                stimuli: [.delegateChoiceSet(message: "m1", choice: .rollback)]
            ).isWellFormed
        )
        #expect(
            Scenario(
                profile: .appboyLegacy,
                configuration: legacyDelegate,
                messages: [message],
                stimuli: [.delegateChoiceSet(message: "m1", choice: .rollback)]
            ).isWellFormed
        )
    }
}
