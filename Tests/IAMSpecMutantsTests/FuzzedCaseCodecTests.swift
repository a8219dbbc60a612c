import IAMSpec
import IAMSpecMutants
import IAMSpecRunner
import Testing

/// The cases fuzzing generates, with settings that hand-written cases seldom use, survive the
/// compact form a loaded suite holds its cases in (``CompactCase``): decoded, each is the scenario
/// it was made of (`InAppMessage`, `EngineConfiguration` and `Stimulus` compare every field).
@Suite("Fuzzed cases in the compact form")
struct FuzzedCaseCodecTests {
    @Test("every generated scenario's case decodes as it was encoded")
    func generatedCasesRoundTrip() {
        var generator = ScenarioGenerator(
            seed: 14,
            profiles: Set(Profile.allCases),
            capabilities: Set(Capability.allCases)
        )
        let scenarios = (0..<500).map { _ in generator.next() }
        let cases = scenarios.enumerated().map { index, scenario in
            SpecCase(
                id: "fuzzed-\(index)",
                title: "Fuzzed scenario \(index)",
                rules: ["fuzzed"],
                profiles: [scenario.profile],
                configuration: scenario.configuration,
                messages: scenario.messages,
                steps: scenario.stimuli.enumerated().map { line, stimulus in
                    Step(.stimulus(stimulus), location: SourceLocation(file: "fuzzed.yaml", line: line + 1, column: 3))
                },
                location: SourceLocation(file: "fuzzed.yaml", line: 1, column: 1)
            )
        }
        let compact = CompactCase.encode(cases)
        #expect(compact.map(\.id) == cases.map(\.id))
        for (scenario, compactCase) in zip(scenarios, compact) {
            let decoded = compactCase.decoded()
            let stimuli = decoded.steps.map { step -> Stimulus? in
                guard case .stimulus(let stimulus) = step.action else { return nil }
                return stimulus
            }
            let roundTripped = Scenario(
                profile: decoded.profiles[0],
                configuration: decoded.configuration,
                messages: decoded.messages,
                stimuli: stimuli.compactMap { $0 }
            )
            #expect(stimuli.count == scenario.stimuli.count)
            #expect(roundTripped == scenario, "\(compactCase.id)")
        }
        // The scenarios reach the settings hand-written cases seldom set.
        let messages = scenarios.flatMap(\.messages)
        #expect(messages.contains { $0.image != nil })
        #expect(messages.contains { !$0.triggers.isEmpty })
    }
}
