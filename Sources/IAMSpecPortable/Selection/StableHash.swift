/// FNV-1a, 64 bits: a hash of text that is the same on every machine, in every process.
///
/// Swift's `Hasher` is seeded per process, so it cannot decide which shard a case runs in.
package enum StableHash {
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    package static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The FNV-1a 64 hash of the text's UTF-8 bytes.
    package static func fnv1a64(_ text: String) -> UInt64 {
        var hash = offsetBasis
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }
}
