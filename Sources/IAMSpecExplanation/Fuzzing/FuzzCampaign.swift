import IAMSpec

/// Differential fuzzing: random scenarios run on two engines until they answer one differently.
package struct FuzzCampaign {
    /// The engine whose answers are taken as the expectations.
    package let engine: any EngineProvider
    /// The engine compared with it.
    package let against: any EngineProvider
    package let seed: UInt64

    package init(engine: any EngineProvider, against: any EngineProvider, seed: UInt64) {
        self.engine = engine
        self.against = against
        self.seed = seed
    }

    /// A divergence found, shrunk.
    package struct Finding: Sendable {
        /// Which scenario of the campaign diverged, from 1.
        package var scenarioNumber: Int
        /// The scenario as generated.
        package var original: Scenario
        /// The smallest diverging scenario shrinking found; it ends at the divergence.
        package var scenario: Scenario
        /// What each engine did with `scenario`.
        package var expected: ScenarioTrace
        package var actual: ScenarioTrace
    }

    /// Runs up to `count` scenarios; the first divergence, shrunk, or nil when none diverged.
    ///
    /// Scenarios use only the profiles and capabilities both engines have. `progress` is called
    /// with the number of each scenario before it runs. The scenarios numbered up to `after` are
    /// generated but not run: the campaign goes on after a finding (its ``Finding/scenarioNumber``)
    /// as if it had not stopped there.
    package func run(count: Int, after: Int = 0, progress: (Int) -> Void = { _ in }) -> Finding? {
        let profiles = engine.description.profiles.intersection(against.description.profiles)
        guard !profiles.isEmpty else { return nil }
        var generator = ScenarioGenerator(
            seed: seed,
            profiles: profiles,
            capabilities: engine.description.capabilities.intersection(against.description.capabilities)
        )
        let shrinker = ScenarioShrinker(engine: engine, against: against)
        for number in 1...max(1, count) {
            let scenario = generator.next()
            guard number > after else { continue }
            progress(number)
            guard shrinker.divergence(in: scenario) != nil else { continue }
            let shrunk = shrinker.shrink(scenario)
            return Finding(
                scenarioNumber: number,
                original: scenario,
                scenario: shrunk,
                expected: ScenarioTrace(running: shrunk, on: engine),
                actual: ScenarioTrace(running: shrunk, on: against)
            )
        }
        return nil
    }
}
