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
            how: "first-wins",
            summary: "ignores priority: of the candidates, the first in the delivered list wins"
        ) { setup in
            rank(&setup.messages) { index, count in Double(count - index) }
        },
        CapabilityVariant(
            capability: .priority,
            how: "last-wins",
            summary: "ignores priority: of the candidates, the last in the delivered list wins"
        ) { setup in
            rank(&setup.messages) { index, _ in Double(index) }
        },
    ]

    /// The variants lacking the capability.
    package static func variants(of capability: Capability) -> [CapabilityVariant] {
        all.filter { $0.capability == capability }
    }

    /// Replaces each message's priority with one that depends on its place in the list only.
    private static func rank(_ messages: inout [InAppMessage], by priority: (Int, Int) -> Double) {
        let count = messages.count
        for index in messages.indices { messages[index].priority = priority(index, count) }
    }
}
