import IAMSpec

/// Writes cases in the compact form a loaded suite holds them in (``CompactCase``): bytes, with
/// every string an index into a table of the strings the encoded cases share.
///
/// The form: unsigned integers as LEB128 varints, signed ones zigzagged first, a `Double` as its
/// 8 bytes, a Boolean as a byte, an enum without payload as the index of its case
/// (``CaseCodecEnum``), an enum with payloads as the index of its case and then the payloads,
/// an optional as a presence byte (or a bit of a flags varint) and the value, a list as its count
/// and the items, a dictionary as its count and the pairs.
///
/// Each model type's writer (here and in the `CaseCodec+` files) sits beside its reader in
/// ``EncodedCaseReader``: a field added to the model must be added to both (`CaseCodecTests`
/// round-trips every bundled case and fails for a field the codec leaves out).
struct CaseEncoder {
    private(set) var bytes: [UInt8] = []
    /// Every string written, once: the table an ``EncodedCaseReader`` reads them from.
    private(set) var strings: [String] = []
    private var shortStrings = ShortStringIndex()
    private var longStringIndices: [String: Int] = [:]
    private var lastLongString: (string: String, index: Int)?
    /// Every list of strings written (a case's `rules` and `tags`), once.
    private(set) var stringLists: [[String]] = []

    mutating func unsigned(_ value: UInt64) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    mutating func count(_ value: Int) {
        unsigned(UInt64(value))
    }

    mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func double(_ value: Double) {
        var pattern = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: pattern))
            pattern >>= 8
        }
    }

    /// One byte: a table's index (a stimulus kind's, a choice's option's) or a tag
    /// (``CaseCodecTag``).
    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func time(_ value: VirtualTime) {
        signed(value.milliseconds)
    }

    /// A string, as its index in the table, which keeps the first instance written: a string the
    /// model already holds is shared, not copied, and reading it back is a copy of the table's
    /// (a retain for a long one; a short one, which a `String` holds inline, is two words).
    mutating func string(_ value: String) {
        var text = value
        if text.utf8.count <= ShortStringIndex.longest {
            // A short string (a message id, an event name: most of a case's) is looked up by
            // its bytes, which hash cheaper than the string.
            let position = strings.count
            if let index = text.withUTF8({ shortStrings.position(of: $0, orInsertAt: position) }) {
                count(index)
            } else {
                append(value)
            }
            return
        }
        // The long string written last again (a file's path, in every location of a case).
        if let last = lastLongString, last.string == value {
            count(last.index)
            return
        }
        let index = longStringIndices[value] ?? strings.count
        if index == strings.count {
            longStringIndices[value] = index
            append(value)
        } else {
            count(index)
        }
        lastLongString = (value, index)
    }

    /// A string each case has its own of (its id, its title): written like ``string(_:)``, but a
    /// long one is added to the table without looking for it there first (that would hash it,
    /// to find it seldom).
    mutating func ownString(_ value: String) {
        guard value.utf8.count > ShortStringIndex.longest else {
            string(value)
            return
        }
        append(value)
    }

    /// Adds the string to the table, and writes its index.
    private mutating func append(_ value: String) {
        count(strings.count)
        strings.append(value)
    }

    /// A list of strings, as its index in the lists' table (shared like ``string(_:)``). A file's
    /// cases repeat a few lists (their `rules` and `tags`), which the YAML decoder already shares:
    /// found by a search that compares a shared list by its storage alone, not by hashing lists.
    mutating func stringList(_ value: [String]) {
        if let index = stringLists.firstIndex(of: value) {
            count(index)
            return
        }
        count(stringLists.count)
        stringLists.append(value)
    }

    mutating func choice<Choice: CaseCodecEnum>(_ value: Choice) {
        // Every case is among `codecCases`: it is the type's `allCases`.
        bytes.append(UInt8(Choice.codecCases.firstIndex(of: value) ?? 0))
    }

    /// A presence byte, then the value when there is one.
    mutating func optional<Value>(_ value: Value?, _ write: (inout CaseEncoder, Value) -> Void) {
        guard let value else {
            bool(false)
            return
        }
        bool(true)
        write(&self, value)
    }

    mutating func list<Item>(_ items: [Item], _ write: (inout CaseEncoder, Item) -> Void) {
        count(items.count)
        for item in items {
            write(&self, item)
        }
    }

    mutating func dictionary<Value>(_ pairs: [String: Value], _ write: (inout CaseEncoder, Value) -> Void) {
        count(pairs.count)
        for (key, value) in pairs {
            string(key)
            write(&self, value)
        }
    }
}

/// Reads what a ``CaseEncoder`` wrote: a string is a copy of the table's (a retain, not an
/// allocation).
///
/// The bytes are the encoder's own, so they are trusted: a reader never meets bytes it did not
/// write (an index out of the table traps).
struct EncodedCaseReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let strings: [String]
    private let stringLists: [[String]]
    private var position: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, strings: [String], stringLists: [[String]]) {
        self.bytes = bytes
        self.position = position
        self.strings = strings
        self.stringLists = stringLists
    }

    @inline(__always)
    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return bytes[position]
    }

    @inline(__always)
    mutating func unsigned() -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = byte()
            value |= UInt64(next & 0x7F) << shift
            guard next >= 0x80 else { return value }
            shift += 7
        }
    }

    @inline(__always)
    mutating func count() -> Int {
        Int(unsigned())
    }

    @inline(__always)
    mutating func signed() -> Int64 {
        let zigzag = unsigned()
        return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    }

    mutating func double() -> Double {
        var pattern: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) {
            pattern |= UInt64(byte()) << UInt64(shift)
        }
        return Double(bitPattern: pattern)
    }

    @inline(__always)
    mutating func bool() -> Bool {
        byte() != 0
    }

    @inline(__always)
    mutating func time() -> VirtualTime {
        VirtualTime(milliseconds: signed())
    }

    @inline(__always)
    mutating func string() -> String {
        strings[count()]
    }

    @inline(__always)
    mutating func stringList() -> [String] {
        stringLists[count()]
    }

    mutating func choice<Choice: CaseCodecEnum>(_: Choice.Type = Choice.self) -> Choice {
        Choice.codecCases[Int(byte())]
    }

    mutating func optional<Value>(_ read: (inout EncodedCaseReader) -> Value) -> Value? {
        bool() ? read(&self) : nil
    }

    mutating func list<Item>(_ read: (inout EncodedCaseReader) -> Item) -> [Item] {
        let count = count()
        guard count > 0 else { return [] }
        var items: [Item] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            items.append(read(&self))
        }
        return items
    }

    mutating func dictionary<Value>(_ read: (inout EncodedCaseReader) -> Value) -> [String: Value] {
        let count = count()
        guard count > 0 else { return [:] }
        var pairs: [String: Value] = Dictionary(minimumCapacity: count)
        for _ in 0..<count {
            let key = string()
            pairs[key] = read(&self)
        }
        return pairs
    }
}

/// An enum without payloads the codec writes as the index of its case: `codecCases` is the
/// type's `allCases`, stored once (a synthesized `allCases` makes a new array at every call).
protocol CaseCodecEnum: Equatable {
    static var codecCases: [Self] { get }
}

extension Profile: CaseCodecEnum { static let codecCases = allCases }
extension DeviceKind: CaseCodecEnum { static let codecCases = allCases }
extension DeviceOrientation: CaseCodecEnum { static let codecCases = allCases }
extension DelegatePresence: CaseCodecEnum { static let codecCases = allCases }
extension DisplayChoice: CaseCodecEnum { static let codecCases = allCases }
extension MessageType: CaseCodecEnum { static let codecCases = allCases }
extension OrientationRequirement: CaseCodecEnum { static let codecCases = allCases }
extension AssetOutcome: CaseCodecEnum { static let codecCases = allCases }
extension EventSource: CaseCodecEnum { static let codecCases = allCases }
extension StackReason: CaseCodecEnum { static let codecCases = allCases }
extension DiscardReason: CaseCodecEnum { static let codecCases = allCases }
