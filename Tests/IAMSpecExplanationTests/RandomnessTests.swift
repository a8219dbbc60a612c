import IAMSpec
import IAMSpecExplanation
import IAMSpecReferenceEngine
import Testing

@Suite("Seeded randomness")
struct RandomnessTests {
    @Test("SplitMix64 gives the published sequence for seed 0")
    func knownSequence() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("the same seed gives the same numbers, another seed others")
    func sameSeedSameNumbers() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        var other = SplitMix64(seed: 43)
        let a = (0..<100).map { _ in first.below(1000) }
        let b = (0..<100).map { _ in second.below(1000) }
        let c = (0..<100).map { _ in other.below(1000) }
        #expect(a == b)
        #expect(a != c)
        #expect(a.allSatisfy { (0..<1000).contains($0) })
    }

    @Test("bounded draws reach every value of a small range")
    func boundedDrawsCoverTheRange() {
        var random = SplitMix64(seed: 7)
        let draws = Set((0..<500).map { _ in random.below(6) })
        #expect(draws == Set(0..<6))
        let weighted = (0..<500).map { _ in random.weighted([0, 1, 0]) }
        #expect(weighted.allSatisfy { $0 == 1 })
    }

    @Test("the same seed generates the same scenarios")
    func generatorIsDeterministic() {
        let profiles = Set(Profile.allCases)
        let capabilities = Set(Capability.allCases)
        var first = ScenarioGenerator(seed: 1, profiles: profiles, capabilities: capabilities)
        var second = ScenarioGenerator(seed: 1, profiles: profiles, capabilities: capabilities)
        var other = ScenarioGenerator(seed: 2, profiles: profiles, capabilities: capabilities)
        let a = (0..<50).map { _ in first.next() }
        #expect(a == (0..<50).map { _ in second.next() })
        #expect(a != (0..<50).map { _ in other.next() })
    }

    @Test(
        "generated scenarios are well formed and stay within the engines' profiles and capabilities",
        arguments: [
            Capability.assumedUnlessLacking.union([.analytics, .orientation]),
            Capability.assumedUnlessLacking.subtracting([
                .priority, .delay, .displayNext, .triggerPushClick, .propertyFilters, .delegateLater, .appLifecycle,
                .minimumInterval, .pushClick, .extras,
            ]).union([.delegate]),
            [.triggerCustomEvent],
        ]
    )
    func generatedScenariosAreValid(capabilities: Set<Capability>) {
        var generator = ScenarioGenerator(seed: 9, profiles: [.brazeSwift], capabilities: capabilities)
        for _ in 0..<300 {
            let scenario = generator.next()
            #expect(scenario.isWellFormed)
            #expect(scenario.profile == .brazeSwift)
            #expect(scenario.usedCapabilities.isSubset(of: capabilities), "\(scenario)")
            #expect(ScenarioTrace(running: scenario, on: ReferenceEngineProvider()).failure == nil)
        }
    }
}
