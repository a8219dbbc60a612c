/// A value for some of the messages, held at each message's slot (``MessageSlots``): read and
/// written at the slot, where a table keyed by id would hash the id at every access.
///
/// The values of the first four slots are held inline: most cases deliver one to three messages,
/// and then a run allocates nothing for their values.
struct PerMessage<Value> {
    /// The values of slots 0 to 3; nil where a message has none.
    private var first: (Value?, Value?, Value?, Value?) = (nil, nil, nil, nil)
    /// The values of slots 4 and later, up to the last one set; nil where a message has none.
    private var later: [Value?] = []
    /// How many messages have a value.
    private(set) var count = 0

    /// How many slots are held inline.
    private static var inlineCount: Int { 4 }

    /// The message's value; nil when it has none. Setting nil removes it.
    subscript(slot: Int) -> Value? {
        get {
            switch slot {
            case 0: first.0
            case 1: first.1
            case 2: first.2
            case 3: first.3
            default: slot - Self.inlineCount < later.count ? later[slot - Self.inlineCount] : nil
            }
        }
        set {
            count += (newValue == nil ? 0 : 1) - (self[slot] == nil ? 0 : 1)
            switch slot {
            case 0: first.0 = newValue
            case 1: first.1 = newValue
            case 2: first.2 = newValue
            case 3: first.3 = newValue
            default:
                let index = slot - Self.inlineCount
                if index >= later.count {
                    guard newValue != nil else { return }
                    later.reserveCapacity(index + 1)
                    while later.count <= index { later.append(nil) }
                }
                later[index] = newValue
            }
        }
    }

    /// Whether no message has a value.
    var isEmpty: Bool { count == 0 }

    /// The slots of the messages that have a value, in slot order.
    var slots: [Int] {
        (0..<Self.inlineCount + later.count).filter { self[$0] != nil }
    }

    /// Makes room for the values of the first `count` slots, so that setting them allocates at
    /// most once (nothing for the slots held inline).
    mutating func reserveCapacity(_ count: Int) {
        if count > Self.inlineCount { later.reserveCapacity(count - Self.inlineCount) }
    }

    /// Removes the message's value and returns it; nil when it had none.
    mutating func removeValue(at slot: Int) -> Value? {
        let removed = self[slot]
        self[slot] = nil
        return removed
    }

    /// Removes every value.
    mutating func removeAll() {
        first = (nil, nil, nil, nil)
        later.removeAll()
        count = 0
    }
}
