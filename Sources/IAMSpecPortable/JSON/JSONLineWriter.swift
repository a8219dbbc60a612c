/// Writes one line of compact JSON text straight into bytes, value by value, with the separators
/// between them: what the protocol's encoders write each message with, without building a
/// ``JSONValue`` tree first.
///
/// The writer puts no order on keys: each encoder writes its keys in the protocol's canonical
/// order (``JSONSerializer/keyOrder(_:_:)``: `type` and `kind` first, the rest sorted), so every
/// line reads as ``JSONSerializer`` would write the same value.
///
/// The text grows in memory the writer owns (`~Copyable`: one owner, freed when it ends), and
/// each piece is copied in with one capacity check: a key costs a few stores, not an array append
/// per byte run.
package struct JSONLineWriter: ~Copyable {
    /// The text written so far: `count` bytes of `capacity`.
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Whether the next value or key needs a `,` before it.
    private var needsSeparator = false

    package init() {
        capacity = 256
        start = .allocate(capacity: capacity)
    }

    deinit {
        start.deallocate()
    }

    /// The text written so far.
    package var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: count))
    }

    /// How many bytes of text are written and not yet handed over.
    package var byteCount: Int { count }

    /// The text written so far, handed over and let go (what comes next is separated from it as
    /// it would have been): a long document written out a piece at a time.
    package mutating func takeBytes() -> [UInt8] {
        defer { count = 0 }
        return bytes
    }

    /// The text with its line end, ready to be written.
    package consuming func line() -> [UInt8] {
        put(UInt8(ascii: "\n"))
        return bytes
    }

    /// Ends the line between two values of an array: the separator due, if any, then a line end,
    /// which JSON reads as white space. A document written a value a line (a compiled suite: a
    /// case a line) reads, and compares, line by line.
    package mutating func breakLine() {
        separate()
        put(UInt8(ascii: "\n"))
        needsSeparator = false
    }

    package mutating func beginObject() { begin(UInt8(ascii: "{")) }

    package mutating func endObject() { end(UInt8(ascii: "}")) }

    package mutating func beginArray() { begin(UInt8(ascii: "[")) }

    package mutating func endArray() { end(UInt8(ascii: "]")) }

    /// An object's or an array's opening byte, after the separator due: none is due inside yet.
    private mutating func begin(_ byte: UInt8) {
        separate()
        put(byte)
        needsSeparator = false
    }

    /// An object's or an array's closing byte: a separator is due before the next value.
    private mutating func end(_ byte: UInt8) {
        put(byte)
        needsSeparator = true
    }

    /// A key the protocol defines (plain ASCII, nothing to escape); its value follows.
    package mutating func key(_ key: StaticString) {
        putQuoted(key, reservingAlso: 1)
        start[count] = UInt8(ascii: ":")
        count += 1
        needsSeparator = false
    }

    /// A key of a map (any text); its value follows.
    package mutating func mapKey(_ key: String) {
        separate()
        writeQuoted(key)
        put(UInt8(ascii: ":"))
        needsSeparator = false
    }

    package mutating func string(_ text: String) {
        separate()
        writeQuoted(text)
        needsSeparator = true
    }

    /// `"name":` and `text`.
    package mutating func field(_ name: StaticString, string text: String) {
        key(name)
        string(text)
    }

    /// An array of strings.
    package mutating func strings(_ texts: [String]) {
        beginArray()
        for text in texts { string(text) }
        endArray()
    }

    /// `"name":` and `texts` as an array of strings.
    package mutating func field(_ name: StaticString, strings texts: [String]) {
        key(name)
        strings(texts)
    }

    /// `text` as a string, or `null` when nil.
    package mutating func string(orNull text: String?) {
        guard let text else { return null() }
        string(text)
    }

    /// A string whose text is fixed: a discriminator such as `"type": "stimulus"` (plain ASCII,
    /// nothing to escape).
    package mutating func fixedString(_ text: StaticString) {
        putQuoted(text, reservingAlso: 0)
        needsSeparator = true
    }

    /// The separator when one is due, then `text` in quotes (plain ASCII, nothing to escape),
    /// with one capacity check for all of it and `extra` bytes the caller writes next.
    private mutating func putQuoted(_ text: StaticString, reservingAlso extra: Int) {
        let length = text.utf8CodeUnitCount
        reserve(length + 3 + extra)
        if needsSeparator {
            start[count] = UInt8(ascii: ",")
            count += 1
        }
        start[count] = UInt8(ascii: "\"")
        (start + count + 1).initialize(from: text.utf8Start, count: length)
        start[count + length + 1] = UInt8(ascii: "\"")
        count += length + 2
    }

    package mutating func integer(_ value: Int64) {
        separate()
        if value == 0 {
            put(UInt8(ascii: "0"))
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
                put(UnsafeRawBufferPointer(rebasing: scratch[position...]).assumingMemoryBound(to: UInt8.self))
            }
        }
        needsSeparator = true
    }

    /// `value`, or `null` when nil.
    package mutating func integer(orNull value: Int64?) {
        guard let value else { return null() }
        integer(value)
    }

    /// `"name":` and `value`.
    package mutating func field(_ name: StaticString, integer value: Int64) {
        key(name)
        integer(value)
    }

    /// A number that reads back as a real, not an integer: `5.0`, `0.25`, `1e+20`. Infinities and
    /// NaN, which JSON cannot carry, are written as `null`.
    package mutating func real(_ number: Double) {
        guard number.isFinite else { return null() }
        separate()
        var text = "\(number)"
        text.withUTF8 { put($0) }
        if !text.utf8.contains(UInt8(ascii: ".")) && !text.utf8.contains(UInt8(ascii: "e")) { append(".0") }
        needsSeparator = true
    }

    package mutating func boolean(_ flag: Bool) {
        separate()
        append(flag ? "true" : "false")
        needsSeparator = true
    }

    package mutating func null() {
        separate()
        append("null")
        needsSeparator = true
    }

    /// A value already written by another writer (its ``bytes``), as it is.
    package mutating func written(_ value: [UInt8]) {
        separate()
        value.withUnsafeBufferPointer { put($0) }
        needsSeparator = true
    }

    /// An object used as a map (`extras`, `properties`): its keys in canonical order, each value
    /// written by `value`.
    package mutating func map<Value>(_ entries: [String: Value], value: (inout JSONLineWriter, Value) -> Void) {
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

    /// Makes room for `extra` more bytes.
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(2 * capacity, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.initialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = grown
    }

    private mutating func put(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    private mutating func put(_ text: UnsafeBufferPointer<UInt8>) {
        guard let source = text.baseAddress else { return }
        reserve(text.count)
        (start + count).initialize(from: source, count: text.count)
        count += text.count
    }

    /// Fixed ASCII text, as it is.
    private mutating func append(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func separate() {
        if needsSeparator { put(UInt8(ascii: ",")) }
    }

    /// `text` in quotes, escaped: `"` and `\`, the control characters (`\n`, `\r`, `\t` by name,
    /// the others as `\u00XX`), and U+2028 and U+2029, which some JavaScript readers take for line
    /// ends.
    private mutating func writeQuoted(_ text: String) {
        put(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most text is printable ASCII without `"` or `\`: copied as it is.
            if PlainASCII.end(of: utf8, excluding: UInt8(ascii: "\""), UInt8(ascii: "\\")) == utf8.count {
                put(utf8)
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
                    put(UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                    escape.withUnsafeBufferPointer { put($0) }
                    index += width
                    plainStart = index
                } else {
                    index += 1
                }
            }
            put(UnsafeBufferPointer(rebasing: utf8[plainStart..<utf8.count]))
        }
        put(UInt8(ascii: "\""))
    }

    /// Whether U+2028 or U+2029 (`E2 80 A8`, `E2 80 A9`) starts at `index`.
    private static func isLineOrParagraphSeparator(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
