import IAMSpec

/// The variants of the reference engine that the capability audit runs: for each behavioural
/// capability, every way the audit knows for an engine to lack it.
package enum CapabilityVariantCatalogue {
    /// Every variant, grouped by capability in ``CapabilityGate/behavioural`` order.
    package static let all: [CapabilityVariant] = [
        CapabilityVariant(
            capability: .minimumInterval,
            how: "none",
            summary: "enforces no minimum trigger interval: the configuration's interval is read as 0"
        ) { setup in
            setup.configuration.minimumTriggerInterval = .zero
        },
        CapabilityVariant(
            capability: .priority,
            how: "ignored",
            summary: "ignores priority: every message's priority is read as 0, so the tie rule decides"
        ) { setup in
            for index in setup.messages.indices { setup.messages[index].priority = 0 }
        },
        CapabilityVariant(
            capability: .clickFollowUp,
            how: "stacked",
            summary: "holds no follow-up after a click: a message that meets the clicked message on screen is stacked"
        ) { rules in
            rules.profile.clickHoldsFollowUp = false
        },
    ]

    /// The variants lacking the capability.
    package static func variants(of capability: Capability) -> [CapabilityVariant] {
        all.filter { $0.capability == capability }
    }
}
