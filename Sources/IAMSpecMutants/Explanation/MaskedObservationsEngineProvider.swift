import IAMSpec

/// Makes the engines of another provider as an engine that lacks some capabilities would answer:
/// each observation that only a lacking capability makes is left out (an impression or a click
/// without `analytics`, the no-matching-trigger callback without `no-matching-trigger`, a
/// dismissal without `dismissals`), and a displayed message's extras are left out without
/// `extras`.
///
/// ``FailureExplainer`` replays an engine's failed runs on it, so that what the engine said it
/// cannot observe is no difference of its: its timeline never holds such observations, and a
/// replay that holds them would need a behaviour standing for their absence
/// (`no-match-callback-missing`) to reproduce it, or none at all (no behaviour drops `dismissed`).
/// Only observations are masked: what a lacking capability changes in the delivery itself (a
/// timeout's discard, a delay) is the engine's difference, and stays.
package struct MaskedObservationsEngineProvider: EngineProvider {
    /// The provider whose engines answer.
    package let base: any EngineProvider
    /// The capabilities whose observations are left out.
    package let lacking: Set<Capability>

    package init(_ base: any EngineProvider, lacking: Set<Capability>) {
        self.base = base
        self.lacking = lacking
    }

    /// The base provider's: the replay runs exactly the runs the engine ran.
    package var description: EngineDescription { base.description }

    package func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        let engine = try base.makeEngine(for: setup)
        return lacking.isDisjoint(with: Self.observingCapabilities) ? engine : Engine(base: engine, lacking: lacking)
    }

    /// The capabilities that make observations of their own.
    static let observingCapabilities: Set<Capability> = [.analytics, .noMatchingTrigger, .dismissals, .extras]

    /// The observation as an engine lacking `lacking` makes it, or nil when it makes none.
    static func masked(_ observation: Observation, lacking: Set<Capability>) -> Observation? {
        switch observation {
        case .impressionLogged, .clickLogged: lacking.contains(.analytics) ? nil : observation
        case .noMatchingTrigger: lacking.contains(.noMatchingTrigger) ? nil : observation
        case .dismissed: lacking.contains(.dismissals) ? nil : observation
        case .displayed(let message, let extras):
            lacking.contains(.extras) && !extras.isEmpty ? .displayed(message, extras: [:]) : observation
        case .stacked, .discarded, .rolledBack, .stack: observation
        }
    }

    private struct Engine: DeliveryEngine {
        var base: any DeliveryEngine
        let lacking: Set<Capability>

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            try base.handle(stimulus).compactMap { MaskedObservationsEngineProvider.masked($0, lacking: lacking) }
        }

        mutating func endCase() throws {
            try base.endCase()
        }
    }
}
