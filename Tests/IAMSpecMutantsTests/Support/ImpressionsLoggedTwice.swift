import IAMSpec

/// An engine that logs each impression twice (no entry of the catalogue does), and otherwise
/// does what `base` does.
struct ImpressionsLoggedTwice: EngineProvider {
    var base: any EngineProvider

    var description: EngineDescription { base.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        Engine(inner: try base.makeEngine(for: setup))
    }

    struct Engine: DeliveryEngine {
        var inner: any DeliveryEngine

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            try inner.handle(stimulus).flatMap { observation -> [Observation] in
                if case .impressionLogged = observation { return [observation, observation] }
                return [observation]
            }
        }
    }
}
