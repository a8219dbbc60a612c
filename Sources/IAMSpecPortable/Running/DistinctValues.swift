/// Values held once each, in the order first added, each known by its position: what a fold
/// keeps of a hundred thousand failures that differ in a few ways (their differences, their
/// messages), a position of four bytes a failure.
package struct DistinctValues<Value: Hashable & Sendable>: Sendable, Hashable {
    /// Each distinct value, in the order first added.
    private var values: [Value] = []
    /// The position of each value in `values`.
    private var positions: [Value: Int32] = [:]

    /// None yet.
    package init() {}

    /// The position of `value`, added unless it is held already.
    package mutating func position(of value: Value) -> Int32 {
        if let position = positions[value] { return position }
        let position = Int32(values.count)
        positions[value] = position
        values.append(value)
        return position
    }

    /// The value at `position`.
    package subscript(position: Int32) -> Value { values[Int(position)] }
}
