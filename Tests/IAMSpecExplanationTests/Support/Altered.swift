import IAMSpec

/// `base`, each stimulus passed through `handling` (given the stimulus and the base engine's
/// answer to it): an engine that does one thing of its own beside another engine's behaviour.
struct Altered: EngineProvider {
    var base: any EngineProvider
    var handling: @Sendable (Stimulus, (Stimulus) throws -> [Observation]) throws -> [Observation]

    var description: EngineDescription { base.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        Engine(inner: try base.makeEngine(for: setup), handling: handling)
    }

    struct Engine: DeliveryEngine {
        var inner: any DeliveryEngine
        var handling: @Sendable (Stimulus, (Stimulus) throws -> [Observation]) throws -> [Observation]

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            var inner = self.inner
            defer { self.inner = inner }
            return try handling(stimulus) { try inner.handle($0) }
        }
    }
}

/// `base`, logging each impression twice: something no behaviour of the catalogue does.
func impressionsLoggedTwice(_ base: any EngineProvider) -> Altered {
    Altered(base: base) { stimulus, answer in
        try answer(stimulus).flatMap { observation -> [Observation] in
            if case .impressionLogged = observation { return [observation, observation] }
            return [observation]
        }
    }
}

/// `base`, declining a relaunch: as an engine whose state does not outlive its process declines it.
func decliningRelaunch(_ base: any EngineProvider) -> Altered {
    Altered(base: base) { stimulus, answer in
        if case .appRelaunched = stimulus { throw CaseSkipped(reason: "this engine's state does not outlive it") }
        return try answer(stimulus)
    }
}
