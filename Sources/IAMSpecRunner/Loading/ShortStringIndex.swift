/// The short strings a ``CaseEncoder`` has put in its table, each with its position there: an
/// open-addressing hash table keyed by a string's UTF-8 (at most ``longest`` bytes, what a
/// `String` holds without an allocation) as two words.
///
/// Most strings of a case are short (message ids, event names); a multiplicative hash of the two
/// words costs a few instructions, where `Dictionary`'s seeded hash of them costs hundreds.
struct ShortStringIndex {
    static let longest = 15

    /// A string's bytes as two words, its length in the last byte.
    private struct Key: Equatable {
        let low: UInt64
        let high: UInt64

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
            low = words.0
            high = words.1 | UInt64(bytes.count) << 56
        }

        func slot(mask: Int) -> Int {
            var hash = low &* 0x9E37_79B9_7F4A_7C15 ^ high &* 0xC2B2_AE3D_27D4_EB4F
            hash ^= hash >> 29
            return Int(truncatingIfNeeded: hash) & mask
        }
    }

    /// The slots: a key and its position in the table, or nil.
    private var slots: [(key: Key, position: Int)?] = Array(repeating: nil, count: 64)
    private var count = 0

    /// The position of the string whose UTF-8 is `bytes` (at most ``longest`` bytes); when it is
    /// not there yet, records it at `newPosition` and returns nil.
    mutating func position(of bytes: UnsafeBufferPointer<UInt8>, orInsertAt newPosition: Int) -> Int? {
        precondition(bytes.count <= Self.longest, "a short string has at most \(Self.longest) bytes")
        let key = Key(bytes)
        var slot = key.slot(mask: slots.count - 1)
        while let occupant = slots[slot] {
            if occupant.key == key { return occupant.position }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = (key, newPosition)
        count += 1
        // At most half full, so that probes stay short.
        if 2 * count > slots.count { grow() }
        return nil
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: 2 * old.count)
        for case let (key, position)? in old {
            var slot = key.slot(mask: slots.count - 1)
            while slots[slot] != nil { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = (key, position)
        }
    }
}
