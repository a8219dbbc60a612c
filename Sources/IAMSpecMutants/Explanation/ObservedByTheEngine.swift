import IAMSpec

/// An engine of the reference rules as the engine under test observes it: each observation that
/// engine cannot make, for want of a capability it does not declare, is left out of what a replay
/// reports, as the engine leaves it out of its own runs.
///
/// An engine without `no-matching-trigger` never reports the callback, one without `dismissals`
/// never reports a dismissal, one without `analytics` never logs an impression or a click; the
/// cases that check them are skipped for it, and in the cases it runs these observations are
/// never what it is judged on. A replay that still made them could not give exactly the engine's
/// timeline, so a behaviour that is exactly what the engine does differently would go unnamed
/// (or be named only beside the catalogue's behaviour that never makes the observation, which is
/// no difference of the engine's: it declared the lack).
struct ObservedByTheEngine: EngineProvider {
    /// The engine of the reference rules, with the behaviours replayed.
    var base: any EngineProvider
    /// The capabilities of the engine whose runs are replayed.
    var capabilities: Set<Capability>

    var description: EngineDescription { base.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        Engine(base: try base.makeEngine(for: setup), capabilities: capabilities)
    }

    /// Whether an engine with `capabilities` can make the observation (``ObservationKind/capability``).
    static func canObserve(_ observation: Observation, with capabilities: Set<Capability>) -> Bool {
        observation.kind.capability.map(capabilities.contains) ?? true
    }

    private struct Engine: DeliveryEngine {
        var base: any DeliveryEngine
        let capabilities: Set<Capability>

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            try base.handle(stimulus).filter { ObservedByTheEngine.canObserve($0, with: capabilities) }
        }

        mutating func endCase() throws {
            try base.endCase()
        }
    }
}
