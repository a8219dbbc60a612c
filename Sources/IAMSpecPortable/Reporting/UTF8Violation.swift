/// The first byte sequence of some bytes that is not UTF-8, and what is wrong with it in a
/// diagnostic's words: a spec file's, a compiled suite's, an engine's line.
///
/// The sequences UTF-8 allows are those of Unicode's table 3-7 ("Well-Formed UTF-8 Byte
/// Sequences"): no overlong encodings, no UTF-16 surrogates, nothing above U+10FFFF.
package struct UTF8Violation: Equatable, Sendable {
    /// The offset of the sequence's first byte.
    package var offset: Int
    /// What is wrong with it: `byte 0xFF never appears in UTF-8`.
    package var problem: String

    /// The first violation in `bytes` at or after `start`, or nil when they are UTF-8 from there;
    /// a sequence cut short by their end says `but END ends` (`the file`, `the line`).
    package static func first<Bytes: RandomAccessCollection<UInt8>>(
        in bytes: Bytes,
        from start: Int = 0,
        end: String
    ) -> UTF8Violation? where Bytes.Index == Int {
        var position = max(start, bytes.startIndex)
        while position < bytes.endIndex {
            let lead = bytes[position]
            guard lead >= 0x80 else {
                position += 1
                continue
            }
            let (length, secondRange) = sequence(startingWith: lead)
            guard length > 0 else {
                let problem =
                    (0x80...0xBF).contains(lead)
                    ? "byte \(hex(lead)) continues a UTF-8 sequence that no leading byte starts"
                    : "byte \(hex(lead)) never appears in UTF-8"
                return UTF8Violation(offset: position, problem: problem)
            }
            for index in 1..<length {
                guard position + index < bytes.endIndex else {
                    let problem = "byte \(hex(lead)) starts a \(length)-byte UTF-8 sequence, but \(end) ends"
                    return UTF8Violation(offset: position, problem: problem)
                }
                let byte = bytes[position + index]
                let allowed = index == 1 ? secondRange : 0x80...0xBF
                guard allowed.contains(byte) else {
                    let problem: String
                    if (0x80...0xBF).contains(byte) {
                        let written = (0...index).map { hex(bytes[position + $0]) }.joined(separator: " ")
                        let what =
                            lead == 0xED
                            ? "a UTF-16 surrogate (U+D800 to U+DFFF)"
                            : lead >= 0xF4 ? "a code point above U+10FFFF" : "an overlong encoding"
                        problem = "bytes \(written) start \(what), which UTF-8 text cannot hold"
                    } else {
                        problem =
                            "byte \(hex(lead)) starts a \(length)-byte UTF-8 sequence, but byte \(hex(byte)) follows it"
                    }
                    return UTF8Violation(offset: position, problem: problem)
                }
            }
            position += length
        }
        return nil
    }

    /// The first violation in `bytes` at or after `start`, as the generic search finds it, for
    /// bytes in an array: ASCII, the usual text, is passed over eight bytes at a time, each other
    /// sequence checked here, and the generic search (unspecialised across modules: hundreds of
    /// instructions a byte) only words the violation found.
    package static func first(in bytes: [UInt8], from start: Int = 0, end: String) -> UTF8Violation? {
        let violating = bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var position = max(start, 0)
            let count = buffer.count
            while position < count {
                if position + 8 <= count,
                    UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    position += 8
                    continue
                }
                let lead = base[position]
                guard lead >= 0x80 else {
                    position += 1
                    continue
                }
                let (length, secondRange) = sequence(startingWith: lead)
                guard length > 0, position + length <= count, secondRange.contains(base[position + 1]) else {
                    return position
                }
                for index in 2..<max(length, 2) where !(0x80...0xBF).contains(base[position + index]) {
                    return position
                }
                position += length
            }
            return nil
        }
        guard let violating else { return nil }
        return first(in: bytes[...], from: violating, end: end)
    }

    /// The length of the sequence a byte leads: 1 for ASCII, 2 to 4 for a leading byte, 0 for a
    /// byte that leads none (a continuation byte, or one UTF-8 never holds).
    package static func sequenceLength(leadingWith lead: UInt8) -> Int {
        lead < 0x80 ? 1 : sequence(startingWith: lead).length
    }

    /// A sequence's length from its leading byte (0 when it leads none), and the range its second
    /// byte must be in (Unicode, table 3-7).
    private static func sequence(startingWith lead: UInt8) -> (length: Int, second: ClosedRange<UInt8>) {
        switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xE1...0xEF: (3, 0x80...0xBF)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0x80...0xBF)
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}

extension String {
    /// The text of `bytes` when they are UTF-8, nil when they are not (never U+FFFD in their stead,
    /// as `String(decoding:as:)` gives). ASCII, the usual case, is made at once:
    /// `String(validating:as:)` is generic, and costs a metadata look-up a call.
    package init?(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            self = String(decoding: bytes, as: UTF8.self)
        } else if let text = String(validating: bytes, as: UTF8.self) {
            self = text
        } else {
            return nil
        }
    }
}
