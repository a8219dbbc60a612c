/// Encodes an `Encodable` value as one line of compact JSON text, each object's keys sorted
/// (byte order; the formats that use it have ASCII keys), slashes as they are: what Foundation's
/// `JSONEncoder` writes with `.sortedKeys` and `.withoutEscapingSlashes`, read back as the same
/// value, without its general-purpose machinery (a dictionary per object, the keys compared with
/// locale-aware options) at each record of a results stream.
///
/// Strings are escaped as ``JSONLineWriter`` escapes them; an integer is written as one, a real
/// as ``JSONLineWriter/real(_:)`` writes it. A value that encodes nothing is `{}`.
package enum SortedJSONEncoder {
    /// The text of `value`, without a line end.
    ///
    /// - Throws: what `value`'s own encoding throws.
    package static func encode(_ value: some Encodable) throws -> [UInt8] {
        let root = EncodedNode()
        try value.encode(to: NodeEncoder(node: root))
        var writer = JSONLineWriter()
        root.write(to: &writer)
        return writer.bytes
    }
}

/// One value as it is encoded: a scalar, an object's members in the order encoded, or an array's
/// items; once its encoding has returned (``finish()``), its text. A class, as the containers an
/// encoder hands out write into it after it was made.
private final class EncodedNode {
    var scalar: JSONValue?
    var members: [(key: String, node: EncodedNode)]?
    var items: [EncodedNode]?
    /// The text of an object or an array whose encoding has returned.
    private var text: [UInt8]?

    init() {}

    init(_ scalar: JSONValue) {
        self.scalar = scalar
    }

    /// Writes out an object or an array whose value's encoding has returned (nothing writes into
    /// it after that), and lets its nodes go: a record of a hundred thousand values (a
    /// baseline's entries) is held as text, not as a node per value, until the line is written.
    func finish() {
        guard scalar == nil, members != nil || items != nil else { return }
        var writer = JSONLineWriter()
        write(to: &writer)
        text = writer.bytes
        members = nil
        items = nil
    }

    func write(to writer: inout JSONLineWriter) {
        if let text {
            writer.written(text)
        } else if let scalar {
            switch scalar {
            case .null: writer.null()
            case .boolean(let flag): writer.boolean(flag)
            case .integer(let integer): writer.integer(integer)
            case .number(let number): writer.real(number)
            case .string(let text): writer.string(text)
            case .array, .object: preconditionFailure("an encoded scalar is never a container")
            }
        } else if let items {
            writer.beginArray()
            for item in items { item.write(to: &writer) }
            writer.endArray()
        } else {
            writer.beginObject()
            if let members {
                for member in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                    writer.mapKey(member.key)
                    member.node.write(to: &writer)
                }
            }
            writer.endObject()
        }
    }
}

/// The scalar of an integer: `.integer` when it fits in 64 bits, else a real.
private func integerScalar(_ value: some FixedWidthInteger) -> JSONValue {
    Int64(exactly: value).map(JSONValue.integer) ?? .number(Double(value))
}

/// An encoder writing into one node, and its single-value container.
private struct NodeEncoder: Encoder, SingleValueEncodingContainer {
    let node: EncodedNode
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.members == nil { node.members = [] }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.items == nil { node.items = [] }
        return UnkeyedNodeContainer(node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() { node.scalar = .null }
    func encode(_ value: Bool) { node.scalar = .boolean(value) }
    func encode(_ value: String) { node.scalar = .string(value) }
    func encode(_ value: Double) { node.scalar = .number(value) }
    func encode(_ value: Float) { node.scalar = .number(Double(value)) }
    func encode(_ value: Int) { node.scalar = integerScalar(value) }
    func encode(_ value: Int8) { node.scalar = integerScalar(value) }
    func encode(_ value: Int16) { node.scalar = integerScalar(value) }
    func encode(_ value: Int32) { node.scalar = integerScalar(value) }
    func encode(_ value: Int64) { node.scalar = integerScalar(value) }
    func encode(_ value: UInt) { node.scalar = integerScalar(value) }
    func encode(_ value: UInt8) { node.scalar = integerScalar(value) }
    func encode(_ value: UInt16) { node.scalar = integerScalar(value) }
    func encode(_ value: UInt32) { node.scalar = integerScalar(value) }
    func encode(_ value: UInt64) { node.scalar = integerScalar(value) }
    func encode(_ value: some Encodable) throws { try value.encode(to: self) }
}

/// An object's container: each member appended to the node, sorted when written.
private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    var codingPath: [any CodingKey] { [] }

    private func add(_ key: Key, _ child: EncodedNode) {
        node.members!.append((key.stringValue, child))
    }

    func encodeNil(forKey key: Key) { add(key, EncodedNode(.null)) }
    func encode(_ value: Bool, forKey key: Key) { add(key, EncodedNode(.boolean(value))) }
    func encode(_ value: String, forKey key: Key) { add(key, EncodedNode(.string(value))) }
    func encode(_ value: Double, forKey key: Key) { add(key, EncodedNode(.number(value))) }
    func encode(_ value: Float, forKey key: Key) { add(key, EncodedNode(.number(Double(value)))) }
    func encode(_ value: Int, forKey key: Key) { add(key, EncodedNode(integerScalar(value))) }
    func encode(_ value: Int8, forKey key: Key) { add(key, EncodedNode(integerScalar(value))) }
    func encode(_ value: Int16, forKey key: Key) { add(key, EncodedNode(integerScalar(value))) }
    func encode(_ value: Int32, forKey key: Key) { add(key, EncodedNode(integerScalar(value))) }
    func encode(_ value: Int64, forKey key: Key) { add(key, EncodedNode(integerScalar(value))) }
    func encode(_ value: UInt, forKey key: Key) { add(key, EncodedNode(integerScalar(value))) }
    func encode(_ value: UInt8, forKey key: Key) { add(key, EncodedNode(integerScalar(value))) }
    func encode(_ value: UInt16, forKey key: Key) { add(key, EncodedNode(integerScalar(value))) }
    func encode(_ value: UInt32, forKey key: Key) { add(key, EncodedNode(integerScalar(value))) }
    func encode(_ value: UInt64, forKey key: Key) { add(key, EncodedNode(integerScalar(value))) }

    func encode(_ value: some Encodable, forKey key: Key) throws {
        let child = EncodedNode()
        try value.encode(to: NodeEncoder(node: child))
        child.finish()
        add(key, child)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodedNode()
        add(key, child)
        return NodeEncoder(node: child).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodedNode()
        add(key, child)
        return NodeEncoder(node: child).unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        let child = EncodedNode()
        node.members!.append(("super", child))
        return NodeEncoder(node: child)
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        let child = EncodedNode()
        add(key, child)
        return NodeEncoder(node: child)
    }
}

/// An array's container: each item appended to the node.
private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodedNode
    var codingPath: [any CodingKey] { [] }
    var count: Int { node.items!.count }

    private func add(_ child: EncodedNode) {
        node.items!.append(child)
    }

    func encodeNil() { add(EncodedNode(.null)) }
    func encode(_ value: Bool) { add(EncodedNode(.boolean(value))) }
    func encode(_ value: String) { add(EncodedNode(.string(value))) }
    func encode(_ value: Double) { add(EncodedNode(.number(value))) }
    func encode(_ value: Float) { add(EncodedNode(.number(Double(value)))) }
    func encode(_ value: Int) { add(EncodedNode(integerScalar(value))) }
    func encode(_ value: Int8) { add(EncodedNode(integerScalar(value))) }
    func encode(_ value: Int16) { add(EncodedNode(integerScalar(value))) }
    func encode(_ value: Int32) { add(EncodedNode(integerScalar(value))) }
    func encode(_ value: Int64) { add(EncodedNode(integerScalar(value))) }
    func encode(_ value: UInt) { add(EncodedNode(integerScalar(value))) }
    func encode(_ value: UInt8) { add(EncodedNode(integerScalar(value))) }
    func encode(_ value: UInt16) { add(EncodedNode(integerScalar(value))) }
    func encode(_ value: UInt32) { add(EncodedNode(integerScalar(value))) }
    func encode(_ value: UInt64) { add(EncodedNode(integerScalar(value))) }

    func encode(_ value: some Encodable) throws {
        let child = EncodedNode()
        try value.encode(to: NodeEncoder(node: child))
        child.finish()
        add(child)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodedNode()
        add(child)
        return NodeEncoder(node: child).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodedNode()
        add(child)
        return NodeEncoder(node: child).unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        let child = EncodedNode()
        add(child)
        return NodeEncoder(node: child)
    }
}
