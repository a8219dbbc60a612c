import IAMSpec

/// The reference engine lacking exactly one behaviour: what an engine without a behavioural
/// capability does, for the capability audit.
///
/// A variant changes only what the engine is given (the configuration, the messages), never the
/// engine: an engine without a minimum interval behaves as one whose interval is 0, an engine
/// without priority as one that ranks the candidates some other way. A capability may have
/// several variants, one per way an engine can lack it; the audit counts a run as failing without
/// the behaviour when it fails on any of them.
package struct CapabilityVariant: Sendable, Identifiable {
    /// The variant's stable id, `<capability>/<how>`.
    package let id: String
    /// The capability whose behaviour the variant lacks.
    package let capability: Capability
    /// One line: what the variant does instead.
    package let summary: String
    /// Changes a run's setup as the engine lacking the behaviour would read it.
    private let change: @Sendable (inout EngineSetup) -> Void

    package init(
        capability: Capability,
        how: String,
        summary: String,
        change: @escaping @Sendable (inout EngineSetup) -> Void
    ) {
        self.id = "\(capability.rawValue)/\(how)"
        self.capability = capability
        self.summary = summary
        self.change = change
    }

    /// The setup as the variant's engine reads it.
    package func changed(_ setup: EngineSetup) -> EngineSetup {
        var setup = setup
        change(&setup)
        return setup
    }
}
