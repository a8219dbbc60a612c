/// A JSON text that could not be parsed: the 1-based column (in bytes) where the problem was
/// found, and what was found and expected.
package typealias JSONSyntaxError = ColumnSyntaxError

/// Parses one JSON text (RFC 8259) from UTF-8 bytes.
///
/// Duplicate keys in an object are an error, as is anything after the value but whitespace; keys
/// are the same when their Unicode scalars are (`ScalarKey`), not when they are canonically
/// equivalent.
///
/// Hand-written because what the protocol needs is exactly what Foundation's `JSONSerialization`
/// (and `JSONDecoder`, built on it) does not give, on Linux as checked:
/// - **Integers apart from reals.** A property value `5` and `5.0` are different values
///   (``JSONValue/integer(_:)``, ``JSONValue/number(_:)``) that must survive the trip to an engine
///   and back; `JSONSerialization` returns an `NSNumber` for both, and `5.0 as? Int` succeeds.
///   Integers up to `Int64.max` keep every digit (larger ones become a real, not an
///   `NSDecimalNumber`).
/// - **Booleans apart from numbers.** `true as? Int` and `1 as? Bool` both succeed on an
///   `NSNumber`, so `"test_send": 1` would read as `true`.
/// - **Duplicate keys refused.** `JSONSerialization` keeps the last of `{"kind":"a","kind":"b"}`
///   without a word; an engine that writes one has a bug this should show.
/// - **Strict syntax.** It refuses what RFC 8259 refuses (`JSONSerialization` on Linux accepts
///   `[1,]`), and nesting deeper than ``maximumDepth``, so that a hostile line cannot exhaust the
///   stack.
/// - **Errors an engine author can act on**: the column and what was found there, where
///   `JSONSerialization` says "The data is not in the correct format."
package struct JSONParser {
    /// The bytes read and not yet passed: the whole text, or a window on a text read in chunks
    /// (``JSONTextChunks``) that starts at ``base``.
    private var bytes: [UInt8]
    /// The offset in the text of `bytes[0]`.
    private var base = 0
    /// The rest of a text read in chunks; nil when `bytes` is the whole text.
    private let chunks: (any JSONTextChunks)?
    private var index = 0
    private var depth = 0
    /// The strings read so far, by a hash of their bytes (the last one of each hash): a long text,
    /// such as a compiled suite, repeats a few keys and words many times, and a string found here
    /// is not made (and checked as UTF-8) again. Empty for a short text (a protocol line), which
    /// would not repay it.
    private var recentStrings: [String?] = []

    /// How many strings ``recentStrings`` holds, a power of 2.
    private static let recentStringSlots = 256
    /// The shortest text that keeps ``recentStrings``.
    private static let recentStringsMinimumBytes = 16_384

    /// How many keys an object may have before duplicates are looked for in a hash set.
    private static let linearKeySearchLimit = 32

    /// How deeply arrays and objects may nest before the text is refused.
    package static let maximumDepth = 256

    private init(bytes: [UInt8], chunks: (any JSONTextChunks)? = nil) {
        self.bytes = bytes
        self.chunks = chunks
        if chunks != nil || bytes.count >= Self.recentStringsMinimumBytes {
            recentStrings = Array(repeating: nil, count: Self.recentStringSlots)
        }
    }

    /// Parses `bytes` as one complete JSON value.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        try parser.expectEnd()
        return value
    }

    /// Parses the text `streamed` hands over as one complete JSON value, as ``parse(_:)-([UInt8])``
    /// does, handing the elements of the top-level object's arrays `streamed` chooses to it one at
    /// a time rather than keeping them: the document returned has an empty array in their place.
    /// The text's bytes are read from `chunks` as the parse goes (the parser keeps a window on them,
    /// not the whole text), or are `bytes` when there are no chunks.
    package static func parse(
        _ bytes: [UInt8],
        chunks: (any JSONTextChunks)?,
        streaming streamed: inout some JSONStreamedDocument
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, chunks: chunks)
        parser.skipWhitespace()
        let value: JSONValue
        if parser.hasByte(), parser.bytes[parser.index] == UInt8(ascii: "{") {
            value = try parser.parseStreamedObject(&streamed)
        } else {
            value = try parser.parseValue()
        }
        try parser.expectEnd()
        return value
    }

    /// Nothing but white space left.
    private mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        guard !hasByte() else {
            throw error("expected the end of the line after the value, found \(describeCurrent())")
        }
    }

    /// The top-level object, as ``parseObject()`` reads one, but for the arrays `streamed` takes
    /// element by element.
    private mutating func parseStreamedObject(
        _ streamed: inout some JSONStreamedDocument
    ) throws(JSONSyntaxError)
        -> JSONValue
    {
        var fields = JSONObject(reservingCapacity: 16)
        guard try openContainer(closedBy: Self.objectEnd) else { return .object(fields) }
        var keys: Set<ScalarKey> = []
        repeat {
            let (key, keyColumn) = try memberKey()
            guard keys.insert(ScalarKey(key)).inserted else {
                throw JSONSyntaxError(column: keyColumn, message: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            let value: JSONValue
            if streamed.streams(key), hasByte(), bytes[index] == UInt8(ascii: "[") {
                try parseStreamedArray(of: key, into: &streamed)
                value = .array([])
            } else {
                value = try parseValue()
            }
            streamed.read(member: key, value: value)
            fields.appendNew(key: key, value: value)
        } while try containerContinues(closedBy: Self.objectEnd)
        return .object(fields)
    }

    /// An array, as ``parseArray()`` reads one, each element handed to `streamed` with the bytes
    /// it was read from, and not kept; or read by `streamed` itself, straight from its bytes.
    private mutating func parseStreamedArray(
        of key: String,
        into streamed: inout some JSONStreamedDocument
    ) throws(JSONSyntaxError) {
        guard try openContainer(closedBy: Self.arrayEnd) else { return }
        var position = 0
        repeat {
            skipWhitespace()
            if !scanned(position, of: key, by: &streamed) {
                let start = base + index
                let element = try parseValue()
                streamed.read(element: element, at: position, of: key, bytes: start..<(base + index))
            }
            position += 1
        } while try containerContinues(closedBy: Self.arrayEnd)
    }

    /// How many bytes ahead of an element the window holds, when it can, before `streamed` scans
    /// the element: more than a case written by `iamspec compile` takes.
    private static let scanLookahead = 1 << 14

    /// Whether `streamed` read the element at `position` of the array under `key` straight from
    /// the bytes at `index` (which it then passes).
    private mutating func scanned(
        _ position: Int,
        of key: String,
        by streamed: inout some JSONStreamedDocument
    ) -> Bool {
        if bytes.count - index < Self.scanLookahead { _ = readChunk(keeping: index) }
        let offset = base + index
        let taken = bytes.withUnsafeBufferPointer { window in
            let element = UnsafeBufferPointer(rebasing: window[index...])
            return streamed.scan(element: position, of: key, bytes: element, at: offset)
        }
        guard let taken else { return false }
        index += taken
        return true
    }

    /// Whether there is a byte at `index`, reading the next chunk when the window ends there (the
    /// window then keeps its bytes from `index` on).
    @inline(__always)
    private mutating func hasByte() -> Bool {
        var mark = index
        return hasByte(keeping: &mark)
    }

    /// Whether there is a byte at `index`, as ``hasByte()``, the window keeping its bytes from
    /// `mark` on (the start of the string or number being read), which moves with them.
    @inline(__always)
    private mutating func hasByte(keeping mark: inout Int) -> Bool {
        if index < bytes.count { return true }
        guard let moved = readChunk(keeping: mark) else { return false }
        mark -= moved
        return index < bytes.count
    }

    /// Reads the next chunk of the text into the window, dropping the bytes before `mark`; returns
    /// how far the bytes kept moved toward the window's start (``index`` moves with them, and any
    /// position a caller holds must), or nil at the end of the text.
    @inline(never)
    private mutating func readChunk(keeping mark: Int) -> Int? {
        guard let chunks, let chunk = chunks.next(), !chunk.isEmpty else { return nil }
        let moved = mark
        if moved > 0 {
            bytes.removeSubrange(0..<moved)
            base += moved
            index -= moved
        }
        bytes.append(contentsOf: chunk)
        return moved
    }

    /// Parses `text` as one complete JSON value.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard hasByte() else { throw error("expected a value, found the end of the line") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .boolean(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .boolean(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        for expected in word.utf8 {
            guard hasByte(), bytes[index] == expected else {
                throw error("expected `\(word)`, found \(describeCurrent())")
            }
            index += 1
        }
        return value
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("arrays and objects nest deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        guard try openContainer(closedBy: Self.objectEnd) else { return .object(JSONObject()) }
        // Past a few keys, duplicates are found by hashing rather than by comparing with each.
        var largeObjectKeys: Set<ScalarKey>?
        var fields = JSONObject(reservingCapacity: 8)
        repeat {
            let (key, keyColumn) = try memberKey()
            let isDuplicate: Bool
            if largeObjectKeys != nil {
                isDuplicate = !largeObjectKeys!.insert(ScalarKey(key)).inserted
            } else {
                isDuplicate = fields[key] != nil
                if fields.count >= Self.linearKeySearchLimit {
                    largeObjectKeys = Set((fields.keys + [key]).map(ScalarKey.init))
                }
            }
            guard !isDuplicate else {
                throw JSONSyntaxError(column: keyColumn, message: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            fields.appendNew(key: key, value: try parseValue())
        } while try containerContinues(closedBy: Self.objectEnd)
        return .object(fields)
    }

    /// A member's key, and the column it starts at (for a duplicate).
    @inline(__always)
    private mutating func memberKey() throws(JSONSyntaxError) -> (key: String, column: Int) {
        skipWhitespace()
        guard hasByte(), bytes[index] == UInt8(ascii: "\"") else {
            throw error("expected a key (a string), found \(describeCurrent())")
        }
        let column = base + index + 1
        return (try parseString(), column)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        var elements: [JSONValue] = []
        guard try openContainer(closedBy: Self.arrayEnd) else { return .array(elements) }
        // Room for a few elements at once, rather than growing from one to two to four.
        elements.reserveCapacity(4)
        repeat {
            skipWhitespace()
            elements.append(try parseValue())
        } while try containerContinues(closedBy: Self.arrayEnd)
        return .array(elements)
    }

    /// The bytes that end an object and an array.
    private static let objectEnd = UInt8(ascii: "}")
    private static let arrayEnd = UInt8(ascii: "]")

    /// Enters the object or array whose `{` or `[` is at `index`; false when it is empty (`{}`,
    /// `[]`: read whole, up to `closing`), true when a member or an element follows.
    @inline(__always)
    private mutating func openContainer(closedBy closing: UInt8) throws(JSONSyntaxError) -> Bool {
        try enterContainer()
        index += 1
        skipWhitespace()
        guard hasByte(), bytes[index] == closing else { return true }
        index += 1
        depth -= 1
        return false
    }

    /// After a member's value or an element: true past a `,` (another follows), false past the
    /// `closing` `}` or `]` that ends the object or array.
    @inline(__always)
    private mutating func containerContinues(closedBy closing: UInt8) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard hasByte() else { throw error("expected `,` or `\(Unicode.Scalar(closing))`, found the end of the line") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return true
        }
        guard bytes[index] == closing else {
            throw error("expected `,` or `\(Unicode.Scalar(closing))`, found \(describeCurrent())")
        }
        index += 1
        depth -= 1
        return false
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        // Most strings have no escape: made from their bytes at once, or found among those read
        // before by their bytes' hash (FNV-1a).
        var end = index
        var hash: UInt32 = 2_166_136_261
        scan: repeat {
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\"") {
                    let text = try recentString(index..<end, hash: hash)
                    index = end + 1
                    return text
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { break scan }
                hash = (hash ^ UInt32(byte)) &* 16_777_619
                end += 1
            }
            guard let moved = readChunk(keeping: index) else { break }
            end -= moved
        } while true
        // A string with escapes: its UTF-8 gathered run by run, each run between escapes checked
        // when it ends, each escape's character encoded after it; the text made once, at the end.
        var text: [UInt8] = []
        var runStart = index
        while true {
            guard hasByte(keeping: &runStart) else {
                throw error("expected `\"` to end the string, found the end of the line")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try append(runStart..<index, to: &text)
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try append(runStart..<index, to: &text)
                let escaped = try parseEscape()
                UTF8.encode(escaped) { text.append($0) }
                runStart = index
            case 0..<0x20:
                throw error("expected a character of the string, found the control character \(describeCurrent())")
            default:
                index += 1
            }
        }
    }

    /// Appends the bytes of `range`, a run of a string between its escapes, to `text`, once they
    /// are found to be UTF-8 (as ``utf8(_:)`` finds them, with the same error where they are not).
    private func append(_ range: Range<Int>, to text: inout [UInt8]) throws(JSONSyntaxError) {
        let run = bytes[range]
        if run.contains(where: { $0 >= 0x80 }) { _ = try utf8(range) }
        text.append(contentsOf: run)
    }

    /// The text of `range` (``utf8(_:)``), the string read before with the same bytes when
    /// ``recentStrings`` has it under their `hash`.
    private mutating func recentString(_ range: Range<Int>, hash: UInt32) throws(JSONSyntaxError) -> String {
        guard !recentStrings.isEmpty else { return try utf8(range) }
        let slot = Int(hash) & (Self.recentStringSlots - 1)
        if var recent = recentStrings[slot], recent.utf8.count == range.count {
            let isSame = recent.withUTF8 { recentBytes in
                bytes.withUnsafeBufferPointer { text in
                    var position = 0
                    while position < recentBytes.count, text[range.lowerBound + position] == recentBytes[position] {
                        position += 1
                    }
                    return position == recentBytes.count
                }
            }
            if isSame { return recent }
        }
        let text = try utf8(range)
        recentStrings[slot] = text
        return text
    }

    /// The text of `range`, which must be UTF-8 (RFC 8259, section 8.1): bytes that are not are an
    /// error where they start, never read as a replacement character, so that a reader never takes
    /// a text it was not sent.
    private func utf8(_ range: Range<Int>) throws(JSONSyntaxError) -> String {
        let text = bytes.withUnsafeBufferPointer { String(validUTF8: UnsafeBufferPointer(rebasing: $0[range])) }
        if let text { return text }
        // The closing quote follows `range`: a sequence cut short is found followed by it.
        let violation = UTF8Violation.first(in: bytes, from: range.lowerBound, end: "the text")
        throw JSONSyntaxError(
            column: base + (violation?.offset ?? range.lowerBound) + 1,
            message: "expected UTF-8 text in the string: \(violation?.problem ?? "it is not")"
        )
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        index += 1
        guard hasByte() else { throw error("expected an escape after `\\`, found the end of the line") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHexUnit()
            if UTF16.isLeadSurrogate(unit) {
                guard hasByte(), bytes[index] == UInt8(ascii: "\\"), hasByteAfter(),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("expected a low surrogate `\\uDC00`-`\\uDFFF` after a high surrogate") }
                index += 2
                let low = try parseHexUnit()
                guard UTF16.isTrailSurrogate(low) else {
                    throw error("expected a low surrogate `\\uDC00`-`\\uDFFF` after a high surrogate")
                }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(UInt32(unit)) else {
                throw error("expected a character, found a lone low surrogate")
            }
            return scalar
        default:
            index -= 1
            throw error("expected one of `\"\\/bfnrtu` after `\\`, found \(describeCurrent())")
        }
    }

    private mutating func parseHexUnit() throws(JSONSyntaxError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard hasByte(), let digit = Self.hexDigit(bytes[index]) else {
                throw error("expected 4 hexadecimal digits after `\\u`, found \(describeCurrent())")
            }
            unit = unit * 16 + UInt16(digit)
            index += 1
        }
        return unit
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        var start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard hasByte(keeping: &start), isDigit(bytes[index]) else {
            throw error("expected a digit, found \(describeCurrent())")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits(keeping: &start)
        }
        if hasByte(keeping: &start), bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard hasByte(keeping: &start), isDigit(bytes[index]) else {
                throw error("expected a digit after `.`, found \(describeCurrent())")
            }
            skipDigits(keeping: &start)
        }
        if hasByte(keeping: &start), bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if hasByte(keeping: &start), bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard hasByte(keeping: &start), isDigit(bytes[index]) else {
                throw error("expected a digit in the exponent, found \(describeCurrent())")
            }
            skipDigits(keeping: &start)
        }
        // Up to 18 digits cannot pass Int64's range: read without making the text.
        let digits = bytes[start] == UInt8(ascii: "-") ? start + 1..<index : start..<index
        if isInteger, digits.count <= 18 {
            var magnitude: Int64 = 0
            for position in digits { magnitude = magnitude * 10 + Int64(bytes[position] - UInt8(ascii: "0")) }
            return .integer(digits.lowerBound == start ? magnitude : -magnitude)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger {
            // Every integer of iamspec's formats fits in 64 bits: one beyond is refused, never
            // rounded to the nearest real (as the YAML loader refuses it).
            guard let integer = Int64(text) else {
                throw JSONSyntaxError(
                    column: base + start + 1,
                    message: "an integer of \(digits.count) digits is beyond 64 bits; expected an integer "
                        + "within 64 bits, or a real written with a fraction or an exponent"
                )
            }
            return .integer(integer)
        }
        guard let number = Double(text), number.isFinite else {
            throw JSONSyntaxError(column: base + start + 1, message: "the number \(text) is out of range")
        }
        return .number(number)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Passes the digits at `index`, keeping the number's bytes from `start` on.
    private mutating func skipDigits(keeping start: inout Int) {
        while hasByte(keeping: &start), isDigit(bytes[index]) { index += 1 }
    }

    private mutating func skipWhitespace() {
        repeat {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
                default: return
                }
            }
        } while readChunk(keeping: index) != nil
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(JSONSyntaxError) {
        guard hasByte(), bytes[index] == UInt8(ascii: character) else {
            throw error("expected `\(character)`, found \(describeCurrent())")
        }
        index += 1
    }

    /// Whether there is a byte after the one at `index`, reading the next chunk when the window
    /// ends there.
    private mutating func hasByteAfter() -> Bool {
        while index + 1 >= bytes.count {
            guard readChunk(keeping: index) != nil else { return false }
        }
        return true
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the line" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "`\(Character(Unicode.Scalar(byte)))`" }
        // A byte order mark, which some editors and runtimes write before text, is named as one:
        // its first byte alone said nothing a reader could act on.
        if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
            return "a byte order mark (U+FEFF, the bytes 0xEF 0xBB 0xBF), which JSON text holds only inside a string"
        }
        return "the byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func error(_ problem: String) -> JSONSyntaxError {
        JSONSyntaxError(column: base + index + 1, message: problem)
    }
}

extension JSONParser {
    /// One step into a JSON value: a member of an object by its key, or an element of an array by
    /// its position (from 0).
    package enum PathStep: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The value at `path` in the JSON text `bytes`, with the 1-based column (in bytes) where it
    /// starts, so that a reader that found it wrong can say where it is; nil when the text is not
    /// JSON, or holds no value there.
    package static func value(at path: [PathStep], in bytes: [UInt8]) -> (value: JSONValue, column: Int)? {
        var parser = JSONParser(bytes: bytes)
        do {
            guard try parser.moveToValue(at: path[...]) else { return nil }
            let column = parser.base + parser.index + 1
            return (try parser.parseValue(), column)
        } catch {
            return nil
        }
    }

    /// Moves from the value starting at `index` to the start of the one at `path` inside it,
    /// passing the members and elements before it; false when there is none.
    private mutating func moveToValue(at path: ArraySlice<PathStep>) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard let step = path.first else { return hasByte() }
        guard hasByte() else { return false }
        switch step {
        case .key(let wanted):
            guard bytes[index] == UInt8(ascii: "{"), try openContainer(closedBy: Self.objectEnd) else { return false }
            repeat {
                let (key, _) = try memberKey()
                skipWhitespace()
                try expect(":")
                if key == wanted { return try moveToValue(at: path.dropFirst()) }
                skipWhitespace()
                _ = try parseValue()
            } while try containerContinues(closedBy: Self.objectEnd)
        case .index(let wanted):
            guard bytes[index] == UInt8(ascii: "["), try openContainer(closedBy: Self.arrayEnd) else { return false }
            var position = 0
            repeat {
                if position == wanted { return try moveToValue(at: path.dropFirst()) }
                skipWhitespace()
                _ = try parseValue()
                position += 1
            } while try containerContinues(closedBy: Self.arrayEnd)
        }
        return false
    }
}

/// The rest of a JSON text, a chunk at a time, for a parser that keeps a window on the text rather
/// than the whole of it (``JSONParser/parse(_:chunks:streaming:)``).
package protocol JSONTextChunks: AnyObject {
    /// The next bytes of the text; nil or empty at its end.
    func next() -> [UInt8]?
}

/// What a parse hands over of a document whose top-level arrays are too large to keep
/// (``JSONParser/parse(_:chunks:streaming:)``): the elements of the arrays it streams, one at a
/// time, and each member of the top-level object as it ends.
package protocol JSONStreamedDocument {
    /// Whether the array under the top-level key `key` is handed over element by element, rather
    /// than kept in the document.
    func streams(_ key: String) -> Bool
    /// The element at `position` of the streamed array under `key`, read straight from `bytes`
    /// (the text from the element's first byte on, which may end before the element does, at
    /// `offset` in the text) when the document can read it so: how many bytes it took. Nil to have
    /// the element parsed and handed to ``read(element:at:of:bytes:)``.
    mutating func scan(
        element position: Int,
        of key: String,
        bytes: UnsafeBufferPointer<UInt8>,
        at offset: Int
    ) -> Int?
    /// The element at `position` of the streamed array under `key`, read from the text's `bytes`.
    mutating func read(element: JSONValue, at position: Int, of key: String, bytes: Range<Int>)
    /// A member of the top-level object, once read: a streamed array's value is empty.
    mutating func read(member key: String, value: JSONValue)
}

/// An object's key as JSON tells keys apart: by its Unicode scalars (its UTF-8 bytes), as
/// Python, JavaScript and Java compare them, never by Swift's canonical equivalence, under which
/// `"caf\u{E9}"` and `"cafe\u{301}"` are one string. Two such keys are two keys, whatever the
/// size of their object (``JSONObject`` compares them so too).
private struct ScalarKey: Hashable {
    let key: String

    init(_ key: String) { self.key = key }

    static func == (left: ScalarKey, right: ScalarKey) -> Bool {
        left.key.hasTheScalars(of: right.key)
    }

    func hash(into hasher: inout Hasher) {
        // A native string's UTF-8 is contiguous: hashed at once, as `String` hashes its own.
        let hashed: Void? = key.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil { Array(key.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }
}
