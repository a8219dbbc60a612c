/// Writes JSON values as compact, single-line JSON text.
///
/// Object keys are written in ``keyOrder(_:_:)`` (unless kept in their order): sorted, except that `type` and `kind` (the
/// protocol's discriminators) come first, so every line reads the same way and starts with what
/// it is. The protocol's encoders write their messages in the same order with ``JSONLineWriter``.
package enum JSONSerializer {
    /// The value as one line of JSON text, without the newline; each object's keys in
    /// ``keyOrder(_:_:)``, or as the object holds them (`keepingKeyOrder`).
    package static func line(_ value: JSONValue, keepingKeyOrder: Bool = false) -> String {
        var writer = JSONLineWriter()
        write(value, keepingKeyOrder: keepingKeyOrder, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, keepingKeyOrder: Bool, to writer: inout JSONLineWriter) {
        switch value {
        case .null:
            writer.null()
        case .boolean(let flag):
            writer.boolean(flag)
        case .integer(let integer):
            writer.integer(integer)
        case .number(let number):
            writer.real(number)
        case .string(let text):
            writer.string(text)
        case .array(let elements):
            writer.beginArray()
            for element in elements { write(element, keepingKeyOrder: keepingKeyOrder, to: &writer) }
            writer.endArray()
        case .object(let fields):
            writer.beginObject()
            for (key, field) in keepingKeyOrder ? Array(fields) : fields.sorted(by: { keyOrder($0.key, $1.key) }) {
                writer.mapKey(key)
                write(field, keepingKeyOrder: keepingKeyOrder, to: &writer)
            }
            writer.endObject()
        }
    }

    /// The order of keys in an object: `type`, then `kind`, then the others sorted.
    package static func keyOrder(_ lhs: String, _ rhs: String) -> Bool {
        switch (leadingRank(lhs), leadingRank(rhs)) {
        case (let left?, let right?): left < right
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): lhs < rhs
        }
    }

    private static func leadingRank(_ key: String) -> Int? {
        switch key {
        case "type": 0
        case "kind": 1
        default: nil
        }
    }
}
