/// Decodes a `Decodable` value from a ``JSONValue`` that ``JSONParser`` has read: a results
/// stream's record is parsed once, strictly (UTF-8, no repeated key, numbers in range, each
/// problem at its column), and then decoded from that tree, not parsed a second time by
/// Foundation's `JSONDecoder`.
///
/// Its errors are `DecodingError`s as `JSONDecoder` throws them (`keyNotFound`, `typeMismatch`,
/// `valueNotFound` for a null, `dataCorrupted`), each with the coding path of the value at fault,
/// array positions named `Index N`, so that a reader can find the value again in the line. A
/// number that is not an integer within the type asked for is `dataCorrupted` at its path, saying
/// ``integerExpectation``. Keys the type does not name are passed over, as `JSONDecoder` does.
package enum JSONValueDecoder {
    /// What a `dataCorrupted` error says of a number where an integer was expected.
    package static let integerExpectation = "expected an integer within 64 bits"

    /// The value of `type` that `value` holds.
    ///
    /// - Throws: `DecodingError` at the value that does not fit.
    package static func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
        try Value(from: ValueDecoder(value, in: nil, key: nil))
    }
}

/// A coding path kept as links to the parent, made into an array only when asked for (an error):
/// decoding a record makes no array per value, and a link only per object or array (a value's
/// decoder holds its container's link and its own key).
private final class CodingPathLink {
    let parent: CodingPathLink?
    let key: any CodingKey

    init(parent: CodingPathLink?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    /// The keys from the root to `key` under `link`.
    static func keys(_ link: CodingPathLink?, then key: (any CodingKey)?) -> [any CodingKey] {
        var keys: [any CodingKey] = key.map { [$0] } ?? []
        var link = link
        while let current = link {
            keys.append(current.key)
            link = current.parent
        }
        return keys.reversed()
    }
}

/// An array position as `JSONDecoder` names it in a coding path: `Index 2`.
private struct PositionKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ position: Int) {
        intValue = position
    }

    init?(stringValue: String) {
        nil
    }

    init?(intValue: Int) {
        self.intValue = intValue
    }
}

/// The key of a super decoder: `super`.
private struct NamedKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}

/// One value and where it is (its container's path and its own key; none at the root): a
/// decoder, and its single-value container.
private struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let parent: CodingPathLink?
    let key: (any CodingKey)?

    init(_ value: JSONValue, in parent: CodingPathLink?, key: (any CodingKey)?) {
        self.value = value
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] { CodingPathLink.keys(parent, then: key) }

    /// The path of the object or array the value is, for its members or elements.
    private var path: CodingPathLink? {
        key.map { CodingPathLink(parent: parent, key: $0) } ?? parent
    }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([Any].self) }
        return UnkeyedContainer(items: items, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// The error of a value that is not of `type`: `valueNotFound` for a null, else `typeMismatch`.
    func mismatch(_ type: Any.Type) -> DecodingError {
        let context = DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type)")
        if case .null = value { return .valueNotFound(type, context) }
        return .typeMismatch(type, context)
    }

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .boolean(let flag) = value else { throw mismatch(type) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(type) }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .integer(let integer): return Double(integer)
        case .number(let number): return number
        default: throw mismatch(type)
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        Float(try decode(Double.self))
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try Value(from: self)
    }

    private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        switch value {
        case .integer(let integer):
            guard let fitted = Integer(exactly: integer) else { throw outOfRange() }
            return fitted
        case .number: throw outOfRange()
        default: throw mismatch(type)
        }
    }

    private func outOfRange() -> DecodingError {
        .dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: JSONValueDecoder.integerExpectation)
        )
    }
}

/// An object's members, by key.
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: JSONObject
    let path: CodingPathLink?

    var codingPath: [any CodingKey] { CodingPathLink.keys(path, then: nil) }
    var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool {
        members[key.stringValue] != nil
    }

    /// The decoder of the value under `key`.
    private func member(_ key: Key) throws -> ValueDecoder {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\"")
            )
        }
        return ValueDecoder(value, in: path, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decode(type) }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try Value(from: member(key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(members["super"] ?? .null, in: path, key: NamedKey(stringValue: "super")!)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try member(key)
    }
}

/// An array's items, in order.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let path: CodingPathLink?
    var currentIndex = 0

    init(items: [JSONValue], path: CodingPathLink?) {
        self.items = items
        self.path = path
    }

    var codingPath: [any CodingKey] { CodingPathLink.keys(path, then: nil) }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The decoder of the next item, which it passes.
    private mutating func next(_ type: Any.Type) throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: CodingPathLink.keys(path, then: PositionKey(currentIndex)),
                    debugDescription: "the array ends"
                )
            )
        }
        defer { currentIndex += 1 }
        return ValueDecoder(items[currentIndex], in: path, key: PositionKey(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = items[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try Value(from: next(type))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next(type).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(Any.self)
    }
}
