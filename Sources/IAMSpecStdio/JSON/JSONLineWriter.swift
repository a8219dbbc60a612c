/// Writes one line of compact JSON text straight into bytes, value by value, with the separators
/// between them: what the protocol's encoders write each message with, without building a
/// ``JSONValue`` tree first.
///
/// The writer puts no order on keys: each encoder writes its keys in the protocol's canonical
/// order (``JSONSerializer/keyOrder(_:_:)``: `type` and `kind` first, the rest sorted), so every
/// line reads as ``JSONSerializer`` would write the same value.
struct JSONLineWriter {
    /// The text written so far.
    private(set) var bytes: [UInt8] = []
    /// Whether the next value or key needs a `,` before it.
    private var needsSeparator = false

    init() {
        bytes.reserveCapacity(256)
    }

    /// The text with its line end, ready to be written.
    consuming func line() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsSeparator = false
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsSeparator = true
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsSeparator = false
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsSeparator = true
    }

    /// A key the protocol defines (plain ASCII, nothing to escape); its value follows.
    mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        append(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsSeparator = false
    }

    /// A key of a map (any text); its value follows.
    mutating func mapKey(_ key: String) {
        separate()
        writeQuoted(key)
        bytes.append(UInt8(ascii: ":"))
        needsSeparator = false
    }

    mutating func string(_ text: String) {
        separate()
        writeQuoted(text)
        needsSeparator = true
    }

    /// `text` as a string, or `null` when nil.
    mutating func string(orNull text: String?) {
        guard let text else { return null() }
        string(text)
    }

    /// A string whose text is fixed: a discriminator such as `"type": "stimulus"` (plain ASCII,
    /// nothing to escape).
    mutating func fixedString(_ text: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        append(text)
        bytes.append(UInt8(ascii: "\""))
        needsSeparator = true
    }

    mutating func integer(_ value: Int64) {
        separate()
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
        } else {
            // Digits from the last, in a fixed scratch space: no `String` per number.
            var magnitude = value.magnitude
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
            withUnsafeMutableBytes(of: &digits) { scratch in
                var position = scratch.count
                while magnitude > 0 {
                    position -= 1
                    scratch[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                }
                if value < 0 {
                    position -= 1
                    scratch[position] = UInt8(ascii: "-")
                }
                bytes.append(contentsOf: scratch[position...])
            }
        }
        needsSeparator = true
    }

    /// `value`, or `null` when nil.
    mutating func integer(orNull value: Int64?) {
        guard let value else { return null() }
        integer(value)
    }

    /// A number that reads back as a real, not an integer: `5.0`, `0.25`, `1e+20`. Infinities and
    /// NaN, which JSON cannot carry, are written as `null`.
    mutating func real(_ number: Double) {
        guard number.isFinite else { return null() }
        separate()
        let text = "\(number)"
        bytes.append(contentsOf: text.utf8)
        if !text.utf8.contains(UInt8(ascii: ".")) && !text.utf8.contains(UInt8(ascii: "e")) { append(".0") }
        needsSeparator = true
    }

    mutating func boolean(_ flag: Bool) {
        separate()
        append(flag ? "true" : "false")
        needsSeparator = true
    }

    mutating func null() {
        separate()
        append("null")
        needsSeparator = true
    }

    /// An object used as a map (`extras`, `properties`): its keys in canonical order, each value
    /// written by `value`.
    mutating func map<Value>(_ entries: [String: Value], value: (inout JSONLineWriter, Value) -> Void) {
        beginObject()
        if entries.count == 1, let (key, entry) = entries.first {
            mapKey(key)
            value(&self, entry)
        } else {
            for key in entries.keys.sorted(by: JSONSerializer.keyOrder) {
                mapKey(key)
                value(&self, entries[key]!)
            }
        }
        endObject()
    }

    /// Fixed ASCII text, as it is.
    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func separate() {
        if needsSeparator { bytes.append(UInt8(ascii: ",")) }
    }

    /// `text` in quotes, escaped: `"` and `\`, the control characters (`\n`, `\r`, `\t` by name,
    /// the others as `\u00XX`), and U+2028 and U+2029, which some JavaScript readers take for line
    /// ends.
    private mutating func writeQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most text has nothing to escape: copied as it is.
            if !utf8.contains(where: Self.mayNeedEscape) {
                bytes.append(contentsOf: utf8)
                return
            }
            var plainStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let escape: [UInt8]?
                var width = 1
                switch byte {
                case UInt8(ascii: "\""): escape = [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): escape = [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): escape = [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): escape = [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): escape = [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0..<0x20: escape = Array("\\u00".utf8) + [Self.hexDigit(byte >> 4), Self.hexDigit(byte & 0xF)]
                case 0xE2 where Self.isLineOrParagraphSeparator(utf8, at: index):
                    escape = Array((utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    width = 3
                default: escape = nil
                }
                if let escape {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                    bytes.append(contentsOf: escape)
                    index += width
                    plainStart = index
                } else {
                    index += 1
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether `byte` is one that is escaped, or may start U+2028 or U+2029.
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    /// Whether U+2028 or U+2029 (`E2 80 A8`, `E2 80 A9`) starts at `index`.
    private static func isLineOrParagraphSeparator(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
