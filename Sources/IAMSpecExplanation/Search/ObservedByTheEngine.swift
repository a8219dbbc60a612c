import IAMSpec
import IAMSpecReferenceEngine

/// An engine of the reference rules as the engine under test observes it: each observation that
/// engine cannot make, for want of a capability it does not declare, is left out of what a replay
/// reports, as the engine leaves it out of its own runs; without `extras`, a displayed message's
/// extras are left out too.
///
/// An engine without `no-matching-trigger` never reports the callback, one without `dismissals`
/// never reports a dismissal, one without `analytics` never logs an impression or a click; the
/// cases that check them are skipped for it, and in the cases it runs these observations are
/// never what it is judged on. A replay that still made them could not give exactly the engine's
/// timeline, so a behaviour that is exactly what the engine does differently would go unnamed
/// (or be named only beside the catalogue's behaviour that never makes the observation, which is
/// no difference of the engine's: it declared the lack).
///
/// What a lacking capability changes in the delivery itself is not the engine's difference
/// either: an engine of the reference rules (``ReferenceRulesProvider``) goes without each
/// capability the engine lacks (``LackedCapabilities``), so that a replay for an engine without
/// `timeout` never discards for a timeout, one for an engine without `assets` never for a failed
/// or missing image (Specs/README.md, "What every engine must have"). The behavioural
/// capabilities are left to the catalogue's behaviours that lack them.
///
/// With `declaring`, its description declares only `capabilities` too: the engine of a partial
/// SDK, as `iamspec engine --stdio --lacking` serves one. Without `goingWithoutWhatItLacks`, the
/// rules keep every capability and only the observations are the engine's: the reference engine
/// as a case written for the engine is judged on it (`iamspec explore`).
package struct ObservedByTheEngine: EngineProvider {
    /// The engine of the reference rules, with the behaviours replayed.
    var base: any EngineProvider
    /// The capabilities of the engine whose runs are replayed.
    var capabilities: Set<Capability>
    /// Whether the description declares only ``capabilities``.
    var declaring = false
    /// The profiles the description declares, when declaring (nil: the base's).
    var profiles: Set<Profile>?

    package init(
        base: any EngineProvider,
        capabilities: Set<Capability>,
        declaring: Bool = false,
        profiles: Set<Profile>? = nil,
        goingWithoutWhatItLacks: Bool = true
    ) {
        let lacked = Set(Capability.allCases).subtracting(capabilities)
        if goingWithoutWhatItLacks, !lacked.isEmpty, let reference = base as? any ReferenceRulesProvider {
            self.base = reference.lacking(lacked)
        } else {
            self.base = base
        }
        self.capabilities = capabilities
        self.declaring = declaring
        self.profiles = profiles
    }

    package var description: EngineDescription {
        var description = base.description
        if declaring { description.capabilities.formIntersection(capabilities) }
        // The engine's runs skip their `stack` parts without it (``SkippedCheck``): so do the replays.
        if !capabilities.contains(.stackInspection) { description.capabilities.remove(.stackInspection) }
        if declaring, let profiles { description.profiles.formIntersection(profiles) }
        return description
    }

    package func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        Engine(base: try base.makeEngine(for: setup), capabilities: capabilities)
    }

    /// The observation as an engine with `capabilities` makes it, or nil when it makes none
    /// (``ObservationKind/capability``).
    static func observed(_ observation: Observation, with capabilities: Set<Capability>) -> Observation? {
        if let needed = observation.kind.capability, !capabilities.contains(needed) { return nil }
        if case .displayed(let message, let extras) = observation, !extras.isEmpty, !capabilities.contains(.extras) {
            return .displayed(message, extras: [:])
        }
        return observation
    }

    private struct Engine: DeliveryEngine {
        var base: any DeliveryEngine
        let capabilities: Set<Capability>

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            try base.handle(stimulus).compactMap { ObservedByTheEngine.observed($0, with: capabilities) }
        }

        mutating func endCase() throws {
            try base.endCase()
        }
    }
}
