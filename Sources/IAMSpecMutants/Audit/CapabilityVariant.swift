import IAMSpec
import IAMSpecReferenceEngine

/// The reference engine lacking exactly one behaviour: what an engine without a behavioural
/// capability does, for the capability audit.
///
/// A variant changes what the engine is given (the configuration, the messages) where a setting
/// can stand for the missing behaviour: an engine without a minimum interval behaves as one whose
/// interval is 0, an engine without priority as one that ranks the candidates some other way.
/// Where none can (a click's follow-up), it changes the one rule of the engine's `DeliveryRules`
/// that holds the behaviour, as a mutant would. A capability may have several variants, one per
/// way an engine can lack it; the audit counts a run as failing without the behaviour when it
/// fails on any of them.
package struct CapabilityVariant: Sendable, Identifiable {
    /// The variant's stable id, `<capability>/<how>`.
    package let id: String
    /// The capability whose behaviour the variant lacks.
    package let capability: Capability
    /// One line: what the variant does instead.
    package let summary: String
    /// Changes a run's setup as the engine lacking the behaviour would read it.
    private let change: @Sendable (inout EngineSetup) -> Void
    /// Changes the reference rules as the engine lacking the behaviour would apply them.
    private let ruleChange: @Sendable (inout DeliveryRules) -> Void

    /// A variant that reads the setup as `change` makes it, under the reference rules.
    package init(
        capability: Capability,
        how: String,
        summary: String,
        change: @escaping @Sendable (inout EngineSetup) -> Void
    ) {
        self.init(capability: capability, how: how, summary: summary, change: change, ruleChange: { _ in })
    }

    /// A variant that applies the reference rules as `ruleChange` makes them, to the setup as it is.
    package init(
        capability: Capability,
        how: String,
        summary: String,
        ruleChange: @escaping @Sendable (inout DeliveryRules) -> Void
    ) {
        self.init(capability: capability, how: how, summary: summary, change: { _ in }, ruleChange: ruleChange)
    }

    private init(
        capability: Capability,
        how: String,
        summary: String,
        change: @escaping @Sendable (inout EngineSetup) -> Void,
        ruleChange: @escaping @Sendable (inout DeliveryRules) -> Void
    ) {
        self.id = "\(capability.rawValue)/\(how)"
        self.capability = capability
        self.summary = summary
        self.change = change
        self.ruleChange = ruleChange
    }

    /// The setup as the variant's engine reads it.
    package func changed(_ setup: EngineSetup) -> EngineSetup {
        var setup = setup
        change(&setup)
        return setup
    }

    /// The rules the variant's engine applies under the profile.
    package func rules(for profile: Profile) -> DeliveryRules {
        var rules = DeliveryRules.reference(for: profile)
        ruleChange(&rules)
        return rules
    }
}
