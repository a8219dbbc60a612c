/// Resolves plain scalars by the YAML 1.2 core schema, with a hand-written classifier.
///
/// null: `null`, `Null`, `NULL`, `~`, empty. bool: `true`, `True`, `TRUE`, `false`, `False`, `FALSE`.
/// int: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`. float: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`,
/// `[-+]?(\.inf|\.Inf|\.INF)`, `\.nan|\.NaN|\.NAN`. Everything else is a string.
enum YAMLCoreSchema {
    /// The type and value of a plain scalar's text.
    static func resolve(_ text: String) -> YAMLScalarValue {
        var contiguous = text
        return contiguous.withUTF8 { resolve($0) }
    }

    /// The type and value of a plain scalar's text, as UTF-8.
    static func resolve(_ bytes: UnsafeBufferPointer<UInt8>) -> YAMLScalarValue {
        guard let first = bytes.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return resolveNumber(bytes)
        case UInt8(ascii: "~"):
            return bytes.count == 1 ? .null : .string
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            guard bytes.count == 4 else { return .string }
            return equals(bytes, "null") || equals(bytes, "Null") || equals(bytes, "NULL") ? .null : .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            guard bytes.count == 4 else { return .string }
            return equals(bytes, "true") || equals(bytes, "True") || equals(bytes, "TRUE") ? .bool(true) : .string
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            guard bytes.count == 5 else { return .string }
            return equals(bytes, "false") || equals(bytes, "False") || equals(bytes, "FALSE") ? .bool(false) : .string
        default:
            return .string
        }
    }

    /// Whether a scalar's text is written as an integer (`[-+]?[0-9]+`, `0o[0-7]+`,
    /// `0x[0-9a-fA-F]+`), whatever its size: one beyond 64 bits resolves to a real, and a
    /// diagnostic still calls it an integer.
    static func hasIntegerSyntax(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.count > 2, bytes.first == UInt8(ascii: "0") {
            let radix = bytes[bytes.index(after: bytes.startIndex)]
            if radix == UInt8(ascii: "o") || radix == UInt8(ascii: "x") {
                let limit: Int64 = radix == UInt8(ascii: "o") ? 8 : 16
                return bytes.dropFirst(2).allSatisfy { digitValue($0, radix: limit) != nil }
            }
        }
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        return !bytes.isEmpty && bytes.allSatisfy { digitValue($0, radix: 10) != nil }
    }

    /// Whether the bytes spell the word exactly.
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        word.utf8CodeUnitCount == bytes.count
            && UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount).elementsEqual(bytes)
    }

    private static func resolveNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> YAMLScalarValue {
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "o") {
                return integer(bytes[2...], radix: 8, negative: false) ?? .string
            }
            if bytes[1] == UInt8(ascii: "x") {
                return integer(bytes[2...], radix: 16, negative: false) ?? .string
            }
        }
        var start = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative || bytes[0] == UInt8(ascii: "+") { start = 1 }
        let body = bytes[start...]
        if let value = integer(body, radix: 10, negative: negative) {
            guard case .float = value, let exact = double(bytes) else { return value }
            return .float(exact)
        }
        let unsigned = UnsafeBufferPointer(rebasing: body)
        if equals(unsigned, ".inf") || equals(unsigned, ".Inf") || equals(unsigned, ".INF") {
            return .float(negative ? -.infinity : .infinity)
        }
        if start == 0, equals(bytes, ".nan") || equals(bytes, ".NaN") || equals(bytes, ".NAN") { return .float(.nan) }
        guard isDecimalFloat(body), let value = double(bytes) else { return .string }
        return .float(value)
    }

    private static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        Double(String(decoding: bytes, as: UTF8.self))
    }

    /// Digits of one radix, with no sign; a value beyond `Int64` resolves to a real.
    private static func integer(
        _ digits: Slice<UnsafeBufferPointer<UInt8>>,
        radix: Int64,
        negative: Bool
    ) -> YAMLScalarValue? {
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        var approximate = 0.0
        var overflowed = false
        for byte in digits {
            guard let digit = digitValue(byte, radix: radix) else { return nil }
            approximate = approximate * Double(radix) + Double(digit)
            if overflowed { continue }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: radix)
            let (next, overflow2) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            overflowed = overflow1 || overflow2
            value = next
        }
        if overflowed { return .float(negative ? -approximate : approximate) }
        return .int(value)
    }

    private static func digitValue(_ byte: UInt8, radix: Int64) -> Int64? {
        let digit: Int64
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int64(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int64(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
        return digit < radix ? digit : nil
    }

    /// `(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, the sign already removed.
    private static func isDecimalFloat(_ body: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var position = body.startIndex
        let end = body.endIndex
        func skipDigits() -> Int {
            let begin = position
            while position < end, body[position] >= UInt8(ascii: "0"), body[position] <= UInt8(ascii: "9") {
                position += 1
            }
            return position - begin
        }
        let wholeDigits = skipDigits()
        if position < end, body[position] == UInt8(ascii: ".") {
            position += 1
            let fractionDigits = skipDigits()
            if wholeDigits == 0 && fractionDigits == 0 { return false }
        } else if wholeDigits == 0 {
            return false
        }
        if position < end, body[position] == UInt8(ascii: "e") || body[position] == UInt8(ascii: "E") {
            position += 1
            if position < end, body[position] == UInt8(ascii: "+") || body[position] == UInt8(ascii: "-") {
                position += 1
            }
            if skipDigits() == 0 { return false }
        }
        return position == end
    }
}
