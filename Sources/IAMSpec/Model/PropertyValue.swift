/// The value of an event property, or the operand of a property filter.
///
/// Types never convert: the string `"5"` is not the integer `5`. Integers and reals compare
/// with each other as numbers.
public enum PropertyValue: Sendable, Hashable {
    /// Text, equal only to the same text: `"5"` is not the number 5.
    case string(String)
    /// A whole number, compared with reals as a number.
    case integer(Int64)
    /// A floating-point number, compared with integers as a number.
    case real(Double)
    /// `true` or `false`, equal only to the same boolean.
    case boolean(Bool)
    /// A point in virtual time, written `{time: SECONDS}` in YAML.
    case time(VirtualTime)

    /// The value as a number, when it is an integer or a real.
    public var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .string, .boolean, .time: nil
        }
    }
}
