/// A JSON value, as one line of the stdio protocol carries it.
///
/// Integers and other numbers are kept apart so that a property value `5` (an integer) and
/// `5.0` (a real) survive the trip to an engine and back.
enum JSONValue: Sendable, Hashable {
    case null
    case boolean(Bool)
    /// A number written without a fraction or an exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The name of the value's JSON type, for messages: `null`, `boolean`, `integer`, `number`,
    /// `string`, `array`, `object`.
    var typeName: String {
        switch self {
        case .null: "null"
        case .boolean: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The value as a number, when it is an integer or another number.
    var numericValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// A short rendering for messages: the JSON text, cut after 60 characters.
    var excerpt: String {
        let text = JSONSerializer.line(self)
        guard text.count > 60 else { return text }
        return String(text.prefix(57)) + "..."
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    init(stringLiteral value: String) {
        self = .string(value)
    }
}
