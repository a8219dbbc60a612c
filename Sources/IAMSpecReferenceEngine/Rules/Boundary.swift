/// Whether a comparison's bound itself passes: `>=` and `<=` are inclusive, `>` and `<` exclusive.
package enum Boundary: Sendable, Hashable {
    /// The bound passes.
    case inclusive
    /// Only values strictly beyond the bound pass.
    case exclusive

    /// Whether `value` is above `bound` (or on it, when inclusive).
    func admits<Value: Comparable>(_ value: Value, above bound: Value) -> Bool {
        self == .inclusive ? value >= bound : value > bound
    }

    /// Whether `value` is below `bound` (or on it, when inclusive).
    func admits<Value: Comparable>(_ value: Value, below bound: Value) -> Bool {
        self == .inclusive ? value <= bound : value < bound
    }
}
