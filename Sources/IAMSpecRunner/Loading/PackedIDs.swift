import IAMSpecPlatform

/// Ids side by side as their UTF-8 bytes, to sort them and to find those used twice without
/// `String`'s comparison and hashing (which cost several times a comparison of bytes).
///
/// For ASCII ids only, as every valid case id is (an invalid one may not be): `String` orders
/// strings by their Unicode scalars after canonical normalization, and an ASCII string is its own
/// normal form, one scalar per byte of the same value; so two ASCII ids compare, and are equal,
/// as their bytes do (a proper prefix first).
struct PackedIDs {
    /// Every id's bytes, one after the other.
    private var bytes: [UInt8] = []
    /// Where each id starts in `bytes`, and after the last one, where it ends.
    private var starts: [Int] = [0]

    /// The ids `id(0)`, ..., `id(count - 1)`; nil when one is not ASCII.
    init?(count: Int, _ id: (Int) -> String) {
        starts.reserveCapacity(count + 1)
        for position in 0..<count {
            var id = id(position)
            id.withUTF8 { bytes.append(contentsOf: $0) }
            starts.append(bytes.count)
        }
        // ASCII when no byte has its high bit set, read 8 bytes at a time.
        let highBits = bytes.withUnsafeBytes { raw in
            var union: UInt64 = 0
            var offset = 0
            while offset + 8 <= raw.count {
                union |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            while offset < raw.count {
                union |= UInt64(raw[offset])
                offset += 1
            }
            return union & 0x8080_8080_8080_8080
        }
        guard highBits == 0 else { return nil }
    }

    /// The positions of the ids, sorted by id; equal ids in the order they were given.
    ///
    /// A three-way radix quicksort (Bentley and Sedgewick): the positions are split by one byte
    /// of their ids at a time, so that ids sharing a long prefix (`bench.stacking.0…`) are not
    /// compared from their first byte again and again.
    func sortedPositions() -> [Int] {
        var order = Array(0..<starts.count - 1)
        bytes.withUnsafeBufferPointer { bytes in
            order.withUnsafeMutableBufferPointer { order in
                sort(order, from: 0, to: order.count, depth: 0, bytes)
            }
        }
        return order
    }

    /// Sorts `order[low..<high]`, ids that agree on their first `depth` bytes.
    private func sort(
        _ order: UnsafeMutableBufferPointer<Int>,
        from low: Int,
        to high: Int,
        depth: Int,
        _ bytes: UnsafeBufferPointer<UInt8>
    ) {
        var low = low
        var high = high
        var depth = depth
        while high - low > 1 {
            let pivot = byte(depth, of: order[low + (high - low) / 2], bytes)
            // order[low..<less] below the pivot, order[less..<greater] at it, order[greater...] above.
            var less = low
            var greater = high
            var next = low
            while next < greater {
                let byte = byte(depth, of: order[next], bytes)
                if byte < pivot {
                    order.swapAt(less, next)
                    less += 1
                    next += 1
                } else if byte > pivot {
                    greater -= 1
                    order.swapAt(next, greater)
                } else {
                    next += 1
                }
            }
            sort(order, from: low, to: less, depth: depth, bytes)
            sort(order, from: greater, to: high, depth: depth, bytes)
            guard pivot >= 0 else {
                // Equal ids, all ended at this depth: in the order given.
                var equal = UnsafeMutableBufferPointer(rebasing: order[less..<greater])
                equal.sort()
                return
            }
            low = less
            high = greater
            depth += 1
        }
    }

    /// The byte of the id at `position` at `depth`; -1 past its end (so a prefix sorts first).
    private func byte(_ depth: Int, of position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let index = starts[position] + depth
        return index < starts[position + 1] ? Int(bytes[index]) : -1
    }

    /// The positions of each id given more than once, in the order given; the ids in the order
    /// of their first use.
    func repeatedPositions() -> [[Int]] {
        // Open addressing: each slot holds a position + 1 (0 for an empty slot), the first
        // position of its id.
        var slotCount = 16
        while slotCount < starts.count * 2 { slotCount <<= 1 }
        var slots = [Int](repeating: 0, count: slotCount)
        var repeats: [Int: [Int]] = [:]
        var firstUses: [Int] = []
        bytes.withUnsafeBufferPointer { bytes in
            for position in 0..<starts.count - 1 {
                var slot = hash(position, bytes) & (slotCount - 1)
                while slots[slot] != 0 {
                    let first = slots[slot] - 1
                    if areEqual(first, position, bytes) {
                        if repeats[first] == nil { firstUses.append(first) }
                        repeats[first, default: [first]].append(position)
                        break
                    }
                    slot = (slot + 1) & (slotCount - 1)
                }
                if slots[slot] == 0 { slots[slot] = position + 1 }
            }
        }
        return firstUses.map { repeats[$0]! }
    }

    /// FNV-1a of the id's bytes.
    private func hash(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes[starts[position]..<starts[position + 1]] {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ hash >> 32)
    }

    private func areEqual(_ one: Int, _ other: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = starts[one + 1] - starts[one]
        return count == starts[other + 1] - starts[other]
            && (count == 0 || memcmp(bytes.baseAddress! + starts[one], bytes.baseAddress! + starts[other], count) == 0)
    }
}
