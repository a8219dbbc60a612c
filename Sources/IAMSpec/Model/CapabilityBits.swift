/// A set of capabilities as one bit each, bit `n` for `Capability.allCases[n]`: how a case stores
/// ``SpecCase/requires``, and how the loader gathers what a case needs, without hashing each
/// capability's name or a set's storage on the heap for every case.
package struct CapabilityBits: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Bit `n` for `Capability.allCases[n]`.
    package private(set) var bits: UInt64

    package init(_ capabilities: some Sequence<Capability>) {
        bits = 0
        for capability in capabilities { insert(capability) }
    }

    package init(arrayLiteral capabilities: Capability...) {
        self.init(capabilities)
    }

    package init(bits: UInt64 = 0) {
        self.bits = bits
    }

    package mutating func insert(_ capability: Capability) {
        bits |= Self.bit(of: capability)
    }

    package func contains(_ capability: Capability) -> Bool {
        bits & Self.bit(of: capability) != 0
    }

    package mutating func formUnion(_ other: CapabilityBits) {
        bits |= other.bits
    }

    package var set: Set<Capability> {
        var capabilities = Set<Capability>(minimumCapacity: bits.nonzeroBitCount)
        var remaining = bits
        while remaining != 0 {
            capabilities.insert(Self.ordered[remaining.trailingZeroBitCount])
            remaining &= remaining - 1
        }
        return capabilities
    }

    /// Every capability, its bit's position the index.
    private static let ordered = Capability.allCases

    /// The capability's bit (`CapabilityBitsTests` checks that every capability has one of 64).
    private static func bit(of capability: Capability) -> UInt64 {
        1 << UInt64(capability.position)
    }
}
