import Foundation

/// Slots for results computed in parallel, read back in slot order so output stays deterministic.
final class ParallelResults<Value: Sendable>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ value: Value, at position: Int) {
        lock.lock()
        slots[position] = value
        lock.unlock()
    }

    /// Every stored value, in slot order.
    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
