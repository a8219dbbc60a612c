import IAMSpec

/// `base`, declining a relaunch: as an engine whose state does not outlive its process declines it.
struct DecliningRelaunch: EngineProvider {
    var base: any EngineProvider

    var description: EngineDescription { base.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        Engine(inner: try base.makeEngine(for: setup))
    }

    struct Engine: DeliveryEngine {
        var inner: any DeliveryEngine

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            if case .appRelaunched = stimulus { throw CaseSkipped(reason: "this engine's state does not outlive it") }
            return try inner.handle(stimulus)
        }
    }
}
