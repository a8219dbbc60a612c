/// A set of messages, held as one flag per slot (``MessageSlots``): inserting, removing and
/// testing a message reads or writes its flag, where a set of ids would hash the id.
struct MessageSet {
    /// Whether each slot up to the last one inserted is in the set.
    private var members: [Bool] = []

    init() {}

    /// The set of the messages at these slots.
    init(_ slots: some Sequence<Int>) {
        for slot in slots { insert(slot) }
    }

    /// Whether the message at the slot is in the set.
    func contains(_ slot: Int) -> Bool {
        slot < members.count && members[slot]
    }

    mutating func insert(_ slot: Int) {
        while members.count <= slot { members.append(false) }
        members[slot] = true
    }

    mutating func remove(_ slot: Int) {
        if slot < members.count { members[slot] = false }
    }
}
