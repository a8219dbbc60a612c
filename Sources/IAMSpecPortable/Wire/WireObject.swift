import IAMSpec

/// A JSON object of a protocol message being decoded, whose keys each mean something of their
/// own (unlike a map such as `extras`): read key by key, each value with its place.
package struct WireObject {
    package let fields: JSONObject
    /// The object's place in the message.
    let location: WirePath
    package let unknownKeys: UnknownKeys
    /// As its value's ``WireValue/integersAsWritten``, for its fields.
    var integersAsWritten = false

    /// Where the object is in the message (``WireValue/path``).
    package var path: String { WirePath.text(of: .whole, in: location) }

    /// The place of `key` inside the object at `path`.
    package static func path(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// Declares every key this object may have (the schema's `properties`, with
    /// `additionalProperties: false`); under ``UnknownKeys/refused`` any other key is refused.
    /// Every decoder calls it once it knows which shape it reads (after the discriminator).
    package func allowOnly(_ keys: String...) throws(WireFormatError) {
        try allowOnly(keys)
    }

    /// ``allowOnly(_:)-(String...)`` with the keys in an array.
    package func allowOnly(_ keys: [String]) throws(WireFormatError) {
        guard unknownKeys == .refused, fields.contains(where: { !Self.isOne(of: keys, $0.key) }) else { return }
        // The first unknown key in sorted order, so that the error does not depend on the order
        // they were written in.
        guard let unknown = fields.keys.sorted().first(where: { !keys.contains($0) }) else { return }
        let list = keys.map { "\"\($0)\"" }.joined(separator: ", ")
        throw WireFormatError(
            path: Self.path(path, unknown),
            found: "a key the protocol does not define here",
            expected: keys.count == 1 ? "only the key \(list)" : "only the keys \(list)"
        )
    }

    /// Whether `key` is one of `keys`; lengths compared first, which tell most keys apart for next
    /// to nothing (a string comparison of two different keys is what costs).
    private static func isOne(of keys: [String], _ key: String) -> Bool {
        let length = key.utf8.count
        return keys.contains { $0.utf8.count == length && $0 == key }
    }

    /// The value of a required key (a missing one fails in the reader, which says what it expected).
    package func field(_ key: String) -> WireValue {
        var value = WireValue(json: fields[key], in: location, at: .key(key), unknownKeys: unknownKeys)
        value.integersAsWritten = integersAsWritten
        return value
    }

    /// The value of a key that may be left out (but is not `null` when present).
    package func optionalField(_ key: String) -> WireValue? {
        fields[key].map { field in
            var value = WireValue(json: field, in: location, at: .key(key), unknownKeys: unknownKeys)
            value.integersAsWritten = integersAsWritten
            return value
        }
    }

    package func string(_ key: String) throws(WireFormatError) -> String {
        try field(key).string()
    }

    /// A message id: a non-empty string.
    package func messageID(_ key: String) throws(WireFormatError) -> MessageID {
        try field(key).nonEmptyString()
    }

    package func milliseconds(_ key: String) throws(WireFormatError) -> VirtualTime {
        try field(key).milliseconds()
    }

    package func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String,
        _ type: Choice.Type
    ) throws(WireFormatError) -> Choice where Choice.RawValue == String {
        try field(key).choice(type)
    }
}
