/// An in-app message delivery engine under test.
///
/// The runner makes one engine per case run with ``EngineProvider/makeEngine(for:)``, feeds it the
/// case's stimuli in order, one at a time, from one thread, and compares what it reports with
/// what the case expects. An engine owns no clock: virtual time moves only with
/// ``Stimulus/timeAdvanced(by:)``.
///
/// Implementing one is a single method; see the "Writing an engine adapter" guide.
public protocol DeliveryEngine {
    /// Applies one stimulus and returns what the engine observably did because of it, in order.
    ///
    /// Throw ``CaseSkipped`` when the engine does not support what the stimulus asks (the run is
    /// then reported as skipped, with the reason and the step's location), or ``EngineError``
    /// when the engine cannot go on (the run is reported as an error, not a failure, with the
    /// message).
    mutating func handle(_ stimulus: Stimulus) throws -> [Observation]

    /// The run is over. The runner calls it once, after the run's last step, whether the run
    /// passed, failed or was declined (not after the engine threw ``EngineError``).
    ///
    /// Throw ``EngineError`` when the engine turns out to have misbehaved at the end (an engine
    /// over the stdio protocol that wrote a line after its last answer, say): the run is then
    /// reported as an error with the message. Does nothing by default.
    mutating func endCase() throws
}

extension DeliveryEngine {
    /// Does nothing: an engine with nothing to check once a run is over need not write it.
    public mutating func endCase() throws {}
}

/// Makes fresh engines and says what they support.
///
/// A provider is shared by all the runner's worker threads, so it must be `Sendable`; each engine
/// it makes is used by one thread only.
public protocol EngineProvider: Sendable {
    /// The engine's name, version, profiles and capabilities.
    var description: EngineDescription { get }

    /// Makes an engine set up for one run of one case.
    ///
    /// Throw ``CaseSkipped`` to decline the case (it is reported as skipped, with the reason),
    /// or ``EngineError`` when the engine cannot be made (reported as an error).
    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine
}

/// What an engine is and what it can do; a case it cannot run is skipped, with the reason.
public struct EngineDescription: Sendable, Hashable {
    /// The engine's name, as the reports, the results' header and the conformance matrix show it.
    public var name: String
    /// The engine's version, recorded beside its name in the results' header.
    public var version: String
    /// The SDK generations whose rules the engine follows; a run under any other profile is skipped,
    /// with the reason.
    public var profiles: Set<Profile>
    /// Exactly the capabilities the engine has.
    public var capabilities: Set<Capability>

    /// Describes an engine with `capabilities`, plus every capability of
    /// ``Capability/assumedUnlessLacking`` that `lacking` does not name.
    ///
    /// So an engine lists the capabilities it has among the eight that were always declared
    /// (`[.analytics, .stackInspection]`) and those it lacks among the others
    /// (`lacking: [.delay, .noMatchingTrigger]`); `lacking: Capability.assumedUnlessLacking`
    /// makes `capabilities` the exact set, for an engine that starts with everything declined.
    public init(
        name: String,
        version: String,
        profiles: Set<Profile>,
        capabilities: Set<Capability>,
        lacking: Set<Capability> = []
    ) {
        self.name = name
        self.version = version
        self.profiles = profiles
        self.capabilities = capabilities.union(Capability.assumedUnlessLacking.subtracting(lacking))
    }
}

/// Everything an engine needs to start one run of one case.
public struct EngineSetup: Sendable, Hashable {
    /// The case's id, for the engine's own logs.
    public var caseID: String
    /// The SDK generation whose rules apply in this run.
    public var profile: Profile
    /// How the app configured the SDK, and the device it runs on, when the case begins.
    public var configuration: EngineConfiguration
    /// The messages the server delivers at each session start, in delivered order.
    public var messages: [InAppMessage]

    /// A setup for one run of the case `caseID` under `profile`.
    public init(caseID: String, profile: Profile, configuration: EngineConfiguration, messages: [InAppMessage]) {
        self.caseID = caseID
        self.profile = profile
        self.configuration = configuration
        self.messages = messages
    }
}

/// Thrown by a provider that declines a case, or by an engine that declines a stimulus; the run
/// reports it as skipped with the reason (and, for a stimulus, the step's location).
public struct CaseSkipped: Error, Sendable, Hashable {
    /// Why the case or the stimulus is declined, as the report shows it beside the skipped run.
    public var reason: String

    /// Declines the case, or the stimulus, for `reason`.
    public init(reason: String) {
        self.reason = reason
    }
}

/// Thrown by an engine that cannot go on; the run reports the case as an error.
public struct EngineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as the report shows it for the run.
    public var message: String
    /// What the engine wrote on the side (for example a child process's stderr), if anything.
    public var diagnostics: String

    /// An error whose report says `message`, with what the engine wrote on the side in
    /// `diagnostics`.
    public init(_ message: String, diagnostics: String = "") {
        self.message = message
        self.diagnostics = diagnostics
    }

    /// The message alone, without the diagnostics.
    public var description: String { message }
}
