/// A JSON value, as one line of the stdio protocol carries it.
///
/// Integers and other numbers are kept apart so that a property value `5` (an integer) and
/// `5.0` (a real) survive the trip to an engine and back.
package enum JSONValue: Sendable, Hashable {
    case null
    case boolean(Bool)
    /// A number written without a fraction or an exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The value as an error message shows what was found: a string quoted, a number or a
    /// literal as written, an array or an object named and quoted (`an object {"a":1}`), all cut
    /// after 60 characters.
    package var excerpt: String {
        var text = JSONSerializer.line(self)
        if text.count > 60 { text = String(text.prefix(57)) + "..." }
        switch self {
        case .array: return "an array \(text)"
        case .object: return "an object \(text)"
        case .null, .boolean, .integer, .number, .string: return text
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) {
        self = .string(value)
    }
}
