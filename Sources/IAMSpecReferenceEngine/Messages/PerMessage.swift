/// A value for some of the messages, held at each message's slot (``MessageSlots``): an array
/// read and written at the slot, where a table keyed by id would hash the id at every access.
struct PerMessage<Value> {
    /// The value at each slot up to the last one set; nil where a message has none.
    private var values: [Value?] = []
    /// How many messages have a value.
    private(set) var count = 0

    /// The message's value; nil when it has none. Setting nil removes it.
    subscript(slot: Int) -> Value? {
        get { slot < values.count ? values[slot] : nil }
        set {
            if slot >= values.count {
                guard newValue != nil else { return }
                values.reserveCapacity(slot + 1)
                while values.count <= slot { values.append(nil) }
            }
            count += (newValue == nil ? 0 : 1) - (values[slot] == nil ? 0 : 1)
            values[slot] = newValue
        }
    }

    /// Whether no message has a value.
    var isEmpty: Bool { count == 0 }

    /// The slots of the messages that have a value, in slot order.
    var slots: [Int] { values.indices.filter { values[$0] != nil } }

    /// Makes room for the values of the first `count` slots, so that setting them grows the array
    /// once.
    mutating func reserveCapacity(_ count: Int) {
        values.reserveCapacity(count)
    }

    /// Removes the message's value and returns it; nil when it had none.
    mutating func removeValue(at slot: Int) -> Value? {
        let removed = self[slot]
        self[slot] = nil
        return removed
    }

    /// Removes every value.
    mutating func removeAll() {
        values.removeAll()
        count = 0
    }
}
