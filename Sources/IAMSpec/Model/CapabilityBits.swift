/// A set of capabilities as one bit each, in declaration order: how a case stores
/// ``SpecCase/requires`` without a hashed set's storage on the heap for every case.
struct CapabilityBits: Sendable, Hashable {
    /// Bit `n` for `Capability.allCases[n]`.
    private(set) var bits: UInt64

    /// Every capability, its bit's position the index.
    private static let ordered = Capability.allCases

    init(_ capabilities: Set<Capability>) {
        precondition(Self.ordered.count <= UInt64.bitWidth, "more capabilities than CapabilityBits has bits")
        var bits: UInt64 = 0
        for capability in capabilities {
            // A capability is always among `ordered`: it is `Capability.allCases`.
            if let index = Self.ordered.firstIndex(of: capability) { bits |= 1 << index }
        }
        self.bits = bits
    }

    init(bits: UInt64) {
        self.bits = bits
    }

    var set: Set<Capability> {
        var capabilities = Set<Capability>(minimumCapacity: bits.nonzeroBitCount)
        var remaining = bits
        while remaining != 0 {
            capabilities.insert(Self.ordered[remaining.trailingZeroBitCount])
            remaining &= remaining - 1
        }
        return capabilities
    }
}
