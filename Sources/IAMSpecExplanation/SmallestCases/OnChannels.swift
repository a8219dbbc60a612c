import IAMSpec

/// An engine as seen on some channels only (Specs/README.md: delivery, analytics, callbacks,
/// dismissals): each observation of another channel is left out of what it answers, a stack
/// answer counting as delivery. The smallest case of a residue (``SmallestCase``) is shrunk while
/// the engine and the rules differ there, not elsewhere.
struct OnChannels: EngineProvider {
    var base: any EngineProvider
    var channels: Set<ObservationChannel>

    var description: EngineDescription { base.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        Engine(base: try base.makeEngine(for: setup), channels: channels)
    }

    private struct Engine: DeliveryEngine {
        var base: any DeliveryEngine
        let channels: Set<ObservationChannel>

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            try base.handle(stimulus).filter { channels.contains(ObservedSteps.channel(of: $0)) }
        }

        mutating func endCase() throws {
            try base.endCase()
        }
    }
}
