/// Finds where a run of plain text ends in UTF-8 bytes, eight bytes at a time: plain is printable
/// ASCII (0x20 to 0x7E) other than two bytes the caller names, the ones its format acts on (a
/// JSON string's `"` and `\`). A writer that escapes text looks at each byte only past the run:
/// most text is plain throughout, and is copied as it is.
package enum PlainASCII {
    /// The index of the first byte at or after `start` that is not plain: below 0x20, 0x7F or
    /// above, `first` or `second`; `bytes.count` when there is none.
    package static func end(
        of bytes: UnsafeBufferPointer<UInt8>,
        from start: Int = 0,
        excluding first: UInt8,
        _ second: UInt8
    ) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        var position = start
        while position + 8 <= count,
            !mayHoldOther(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self), first, second)
        {
            position += 8
        }
        while position < count, isPlain(base[position], first, second) {
            position += 1
        }
        return position
    }

    private static func isPlain(_ byte: UInt8, _ first: UInt8, _ second: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != first && byte != second
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any of the eight bytes of `word` is not plain (exactly: never true of eight plain
    /// bytes, never false of a word holding one that is not).
    @inline(__always)
    private static func mayHoldOther(_ word: UInt64, _ first: UInt8, _ second: UInt8) -> Bool {
        let high = word & highBits
        let below = hasByteBelow(word, 0x20)
        let delete = hasByteBelow(word ^ (ones &* 0x7F), 1)
        let named = hasByteBelow(word ^ (ones &* UInt64(first)), 1) | hasByteBelow(word ^ (ones &* UInt64(second)), 1)
        return high | below | delete | named != 0
    }

    /// The high bit of each byte of `word` set when some byte is below `limit` (at most 0x80):
    /// nonzero exactly when one is. A byte at or above `limit` borrows nothing from the one above
    /// it, so the lowest byte below `limit` is always flagged, and no byte of a word without one.
    @inline(__always)
    private static func hasByteBelow(_ word: UInt64, _ limit: UInt64) -> UInt64 {
        (word &- ones &* limit) & ~word & highBits
    }
}
