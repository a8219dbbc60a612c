import IAMSpec

/// Reads the plain shape of a protocol message straight from the bytes of its line, value by
/// value, without a ``JSONValue`` tree: what the hot messages (`stimulus`, `case`, `end_case`,
/// `observations`, `ready`, `ended`) are read with.
///
/// It takes only what is certainly valid: strict JSON syntax, no escapes or control characters in
/// strings, integers written without a sign, fraction or exponent (reals only where a number is
/// expected), each object's discriminator as its first key, no key the protocol does not define,
/// no key twice. Anything else is a ``Miss``, and the line is then read the full way
/// (``JSONParser`` and the ``WireValue`` readers), which accepts it or says exactly what is wrong
/// with it: a message the scanner reads is one the full way reads the same, and the diagnostics
/// are the full way's.
struct WireScanner {
    /// Not the plain shape: the line is read the full way.
    struct Miss: Error {}

    /// The line, only for as long as ``scan(_:_:)`` reads it.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// What `read` reads from `line`, which must hold nothing else but whitespace; nil when
    /// `read` or the rest of the line is a miss.
    static func scan<Value>(_ line: [UInt8], _ read: (inout WireScanner) throws(Miss) -> Value) -> Value? {
        line.withUnsafeBufferPointer { bytes in
            var scanner = WireScanner(bytes)
            do {
                let value = try read(&scanner)
                scanner.skipWhitespace()
                return scanner.index == bytes.count ? value : nil
            } catch {
                return nil
            }
        }
    }

    /// What `read` reads from the start of `bytes`, which may go on past it (an element of a
    /// compiled suite's `cases`, the text after it in the same buffer), and how many bytes it took;
    /// nil when `read` is a miss. An object or array cut short by the end of `bytes` is a miss.
    static func scanPrefix<Value>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ read: (inout WireScanner) throws(Miss) -> Value
    ) -> (value: Value, count: Int)? {
        var scanner = WireScanner(bytes)
        do {
            return (try read(&scanner), scanner.index)
        } catch {
            return nil
        }
    }

    // MARK: Objects and arrays

    mutating func openObject() throws(Miss) {
        try expect(UInt8(ascii: "{"))
    }

    /// Reads `"key":` where `key` must be `expected` (a discriminator, which the scanner takes
    /// only as an object's first key).
    mutating func firstKey(_ expected: StaticString) throws(Miss) {
        if readKeyAsWritten(expected, first: true) { return }
        guard let key = try keyBytes(first: true), matches(key, expected) else { throw Miss() }
    }

    /// The position in `keys` of the object's next key, its `:` read; nil once the object's `}`
    /// is read. `seen` holds a bit per key read so far (the discriminator read by ``firstKey(_:)``
    /// counts as read: pass a non-zero `seen`); a key read twice, or not in `keys`, is a miss.
    ///
    /// `keys` in the order the protocol's encoders write them (``JSONSerializer/keyOrder(_:_:)``)
    /// are found at the first comparison: the search starts at the first key not read yet.
    mutating func nextKey(among keys: [StaticString], seen: inout UInt64) throws(Miss) -> Int? {
        let next = (~seen).trailingZeroBitCount
        if next < keys.count, readKeyAsWritten(keys[next], first: seen == 0) {
            seen |= 1 << next
            return next
        }
        guard let key = try keyBytes(first: seen == 0) else { return nil }
        var position = min(next, keys.count - 1)
        var compared = 0
        while !matches(key, keys[position]) {
            compared += 1
            guard compared < keys.count else { throw Miss() }
            position = position + 1 == keys.count ? 0 : position + 1
        }
        let bit: UInt64 = 1 << position
        guard seen & bit == 0 else { throw Miss() }
        seen |= bit
        return position
    }

    /// Reads the object's remaining members, each key in `keys` by `read` (given the key's
    /// position), until its `}`; returns the bits of the keys read (``nextKey(among:seen:)``).
    /// `seen` is non-zero when the discriminator was read.
    mutating func members(
        _ keys: [StaticString],
        seen: UInt64 = 0,
        _ read: (inout WireScanner, Int) throws(Miss) -> Void
    ) throws(Miss) -> UInt64 {
        var seen = seen
        while let key = try nextKey(among: keys, seen: &seen) { try read(&self, key) }
        return seen
    }

    /// ``members(_:seen:_:)`` where every key in `keys` is required.
    mutating func allMembers(
        _ keys: [StaticString],
        seen: UInt64 = 0,
        _ read: (inout WireScanner, Int) throws(Miss) -> Void
    ) throws(Miss) {
        guard try members(keys, seen: seen, read) == (1 << keys.count) - 1 else { throw Miss() }
    }

    /// Reads the object's remaining members, each key by `read`, until its `}`, as
    /// ``members(_:seen:_:)`` does with `Keys`'s spellings; `discriminator` is the key
    /// ``firstKey(_:)`` read, if any. Returns the keys read.
    mutating func members<Keys: WireNames>(
        _: Keys.Type,
        after discriminator: Keys? = nil,
        _ read: (inout WireScanner, Keys) throws(Miss) -> Void
    ) throws(Miss) -> WireNameSet<Keys> {
        var seen: UInt64 = discriminator.map { 1 << $0.rawValue } ?? 0
        while let position = try nextKey(among: Keys.spellings, seen: &seen) {
            try read(&self, Keys.allCases[position])
        }
        return WireNameSet(bits: seen)
    }

    /// ``members(_:after:_:)`` where every key of `Keys` is required.
    mutating func allMembers<Keys: WireNames>(
        _: Keys.Type,
        after discriminator: Keys? = nil,
        _ read: (inout WireScanner, Keys) throws(Miss) -> Void
    ) throws(Miss) {
        guard try members(Keys.self, after: discriminator, read).isSuperset(of: .all) else { throw Miss() }
    }

    /// The next key of an object used as a map (any key), its `:` read; nil once the object's `}`
    /// is read. `first` is true before the first key. (The caller refuses a key read twice.)
    mutating func nextMapKey(first: Bool) throws(Miss) -> String? {
        guard let key = try keyBytes(first: first) else { return nil }
        return try text(key)
    }

    /// Whether the array has another element (its `,` read); false once its `]` is read. `count`
    /// is how many elements were read so far.
    mutating func hasElement(after count: Int) throws(Miss) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw Miss() }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return false
        }
        if count > 0 {
            guard bytes[index] == UInt8(ascii: ",") else { throw Miss() }
            index += 1
        }
        return true
    }

    mutating func openArray() throws(Miss) {
        try expect(UInt8(ascii: "["))
    }

    /// Reads `,"key":` (`"key":` for the first key) if that is what comes next, byte for byte as
    /// the encoders write it; reads nothing and returns false otherwise.
    private mutating func readKeyAsWritten(_ key: StaticString, first: Bool) -> Bool {
        let length = key.utf8CodeUnitCount
        let quote = first ? index : index + 1
        guard quote + length + 3 <= bytes.count, first || bytes[index] == UInt8(ascii: ","),
            bytes[quote] == UInt8(ascii: "\""), bytes[quote + length + 1] == UInt8(ascii: "\""),
            bytes[quote + length + 2] == UInt8(ascii: ":")
        else { return false }
        guard Self.sameBytes(bytes.baseAddress! + quote + 1, key.utf8Start, count: length) else { return false }
        index = quote + length + 3
        return true
    }

    /// `"key":`, or nil for the `}` that ends the object.
    private mutating func keyBytes(first: Bool) throws(Miss) -> Range<Int>? {
        skipWhitespace()
        guard index < bytes.count else { throw Miss() }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return nil
        }
        if !first {
            guard bytes[index] == UInt8(ascii: ",") else { throw Miss() }
            index += 1
            skipWhitespace()
        }
        let key = try stringBytes()
        try expect(UInt8(ascii: ":"))
        return key
    }

    // MARK: Scalars

    mutating func string() throws(Miss) -> String {
        skipWhitespace()
        return try text(try stringBytes())
    }

    /// A string of at least one character, such as a message id.
    mutating func nonEmptyString() throws(Miss) -> String {
        let text = try string()
        guard !text.isEmpty else { throw Miss() }
        return text
    }

    /// A string, or nil for `null`.
    mutating func stringOrNull() throws(Miss) -> String? {
        try readNull() ? nil : try string()
    }

    /// A string that must be one of an enumeration's raw values.
    mutating func choice<Choice: RawRepresentable>(_ type: Choice.Type) throws(Miss) -> Choice
    where Choice.RawValue == String {
        guard let choice = Choice(rawValue: try string()) else { throw Miss() }
        return choice
    }

    /// A choice, or nil for `null`.
    mutating func choiceOrNull<Choice: RawRepresentable>(_ type: Choice.Type) throws(Miss) -> Choice?
    where Choice.RawValue == String {
        try readNull() ? nil : try choice(type)
    }

    /// The name of `Names` the string that comes next spells (a discriminator's value); any other
    /// string is a miss.
    mutating func name<Names: WireNames>(_: Names.Type) throws(Miss) -> Names {
        Names.allCases[try name(among: Names.spellings)]
    }

    /// The position in `names` of the string that comes next (a discriminator's value); any
    /// other string is a miss.
    mutating func name(among names: [StaticString]) throws(Miss) -> Int {
        skipWhitespace()
        let text = try stringBytes()
        for position in names.indices where matches(text, names[position]) { return position }
        throw Miss()
    }

    /// The bytes of a string (the scanner stands on its `"`), without the quotes; a string with an
    /// escape or a control character is a miss.
    private mutating func stringBytes() throws(Miss) -> Range<Int> {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Miss() }
        let start = index + 1
        var end = start
        // Eight bytes at a time while none of them is special.
        if let base = bytes.baseAddress {
            while end + 8 <= bytes.count,
                !Self.holdsQuoteBackslashOrControl(UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
            {
                end += 8
            }
        }
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return start..<end
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { throw Miss() }
            end += 1
        }
        throw Miss()
    }

    /// Whether any of the eight bytes in `word` is `"`, `\` or below 0x20 (bitwise: a byte that is
    /// zero after subtracting sets its top bit where it was not set before).
    private static func holdsQuoteBackslashOrControl(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        func holdsZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & tops != 0 }
        let control = (word &- 0x20 &* ones) & ~word & tops != 0
        return control || holdsZero(word ^ (0x22 &* ones)) || holdsZero(word ^ (0x5C &* ones))
    }

    /// A whole number of at least `minimum` (0 or more), written with digits only.
    mutating func integer(atLeast minimum: Int64) throws(Miss) -> Int64 {
        skipWhitespace()
        guard let value = digits(), value >= minimum else { throw Miss() }
        return value
    }

    /// A whole number of at least `minimum`, or nil for `null`.
    mutating func integerOrNull(atLeast minimum: Int64) throws(Miss) -> Int64? {
        try readNull() ? nil : try integer(atLeast: minimum)
    }

    /// Any number, as the full way reads it: an integer that fits in 64 bits, else a real.
    mutating func number() throws(Miss) -> Double {
        switch try anyNumber() {
        case .integer(let integer): Double(integer)
        case .real(let real): real
        }
    }

    mutating func boolean() throws(Miss) -> Bool {
        skipWhitespace()
        if consume("true") { return true }
        if consume("false") { return false }
        throw Miss()
    }

    /// A property value: a string, an integer, a real, a boolean or `{"time_ms": N}`.
    mutating func propertyValue() throws(Miss) -> PropertyValue {
        skipWhitespace()
        guard index < bytes.count else { throw Miss() }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return .boolean(try boolean())
        case UInt8(ascii: "{"):
            try openObject()
            var seen: UInt64 = 0
            var time: Int64?
            while try nextKey(among: Self.timeKeys, seen: &seen) != nil {
                time = try integer(atLeast: 0)
            }
            guard let time else { throw Miss() }
            return .time(VirtualTime(milliseconds: time))
        default:
            switch try anyNumber() {
            case .integer(let integer): return .integer(integer)
            case .real(let real): return .real(real)
            }
        }
    }

    /// A number as JSON text writes it.
    private enum Number {
        /// Written as a whole number that fits in 64 bits.
        case integer(Int64)
        /// Any other number.
        case real(Double)
    }

    private static let timeKeys: [StaticString] = ["time_ms"]

    /// Any number, read as ``JSONParser`` reads it.
    private mutating func anyNumber() throws(Miss) -> Number {
        skipWhitespace()
        let start = index
        if let integer = digits() {
            // Digits only, and what follows ends the number: an integer.
            return .integer(integer)
        }
        index = start
        // Any other number: checked as JSON writes numbers, then read as the full way reads it.
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw Miss() }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw Miss() }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw Miss() }
            skipDigits()
        }
        let text = try text(start..<index)
        // An integer beyond 64 bits is the full reader's to refuse.
        if isInteger {
            guard let integer = Int64(text) else { throw Miss() }
            return .integer(integer)
        }
        guard let real = Double(text), real.isFinite else { throw Miss() }
        return .real(real)
    }

    /// A whole number written with 1 to 18 digits and nothing after them that would make it
    /// another number (a fraction, an exponent, a leading zero); nil (the scanner back where it
    /// was) when it is not one.
    private mutating func digits() -> Int64? {
        let start = index
        var value: Int64 = 0
        while index < bytes.count, Self.isDigit(bytes[index]) {
            guard index - start < 18 else {
                // Too long to be sure it fits: the full grammar reads it.
                index = start
                return nil
            }
            value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        let count = index - start
        let isPlain =
            count > 0 && (count == 1 || bytes[start] != UInt8(ascii: "0"))
            && (index == bytes.count || !Self.continuesNumber(bytes[index]))
        guard isPlain else {
            index = start
            return nil
        }
        return value
    }

    /// Whether `byte` would make the digits before it part of a longer number.
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    // MARK: Bytes

    /// Reads `null` if it comes next.
    private mutating func readNull() throws(Miss) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "n") else { return false }
        guard consume("null") else { throw Miss() }
        return true
    }

    /// Reads `word` if it comes next (what may follow it is the caller's to check).
    private mutating func consume(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, matches(index..<index + count, word) else { return false }
        index += count
        return true
    }

    private mutating func expect(_ byte: UInt8) throws(Miss) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { throw Miss() }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func matches(_ range: Range<Int>, _ expected: StaticString) -> Bool {
        range.count == expected.utf8CodeUnitCount
            && Self.sameBytes(bytes.baseAddress! + range.lowerBound, expected.utf8Start, count: range.count)
    }

    /// Whether the `count` bytes at `one` and at `other` are the same (keys and words are short:
    /// compared in place, without the C library, which IAMSpecPortable does not import).
    private static func sameBytes(_ one: UnsafePointer<UInt8>, _ other: UnsafePointer<UInt8>, count: Int) -> Bool {
        for offset in 0..<count where one[offset] != other[offset] { return false }
        return true
    }

    private func text(_ range: Range<Int>) throws(Miss) -> String {
        // Bytes that are not UTF-8 are a miss: the full way says where.
        guard let text = String(validUTF8: UnsafeBufferPointer(rebasing: bytes[range])) else {
            throw Miss()
        }
        return text
    }
}
