/// The value of an event property, or the operand of a property filter.
///
/// Types never convert: the string `"5"` is not the integer `5`. Integers and reals compare
/// with each other as numbers.
public enum PropertyValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    /// A point in virtual time, written `{time: SECONDS}` in YAML.
    case time(VirtualTime)

    /// The value as a number, when it is an integer or a real.
    public var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }
}
