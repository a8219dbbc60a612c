import IAMSpec

/// The engine's numbers for the messages it meets, one per id: each message's state is held at
/// its slot in arrays (``PerMessage``, ``MessageSet``), so that no step hashes an id.
///
/// The server's messages are slots `0 ..< count`, in delivered order. An id the server does not
/// deliver (a local message's, or one a delegate choice names) gets the next slot the first time
/// the engine meets it. One id has one slot, so the state of a message is the state of its id.
struct MessageSlots {
    /// What the server delivers, whose positions are its messages' slots.
    private let serverMessages: [InAppMessage]
    /// Whether two server messages share an id (a loaded case never has two; an engine made from
    /// another setup may): a later one then shares the earlier one's slot.
    private let serverIDsRepeat: Bool
    /// The ids of the slots after the server's messages, in the order the engine met them.
    private var otherIDs: [MessageID] = []

    init(serverMessages: [InAppMessage]) {
        self.serverMessages = serverMessages
        serverIDsRepeat = Self.idsRepeat(in: serverMessages)
    }

    /// The slot of the server message at `position` in the delivered list.
    func slot(ofServerMessage position: Int) -> Int {
        guard serverIDsRepeat else { return position }
        let id = serverMessages[position].id
        return serverMessages.firstIndex { $0.id == id } ?? position
    }

    /// The slot of the id, if the engine has met it.
    func slot(of id: MessageID) -> Int? {
        if let position = serverMessages.firstIndex(where: { $0.id == id }) { return position }
        return otherIDs.firstIndex(of: id).map { serverMessages.count + $0 }
    }

    /// The slot of the id, given to it now if the engine has not met it yet.
    mutating func slot(adding id: MessageID) -> Int {
        if let known = slot(of: id) { return known }
        otherIDs.append(id)
        return serverMessages.count + otherIDs.count - 1
    }

    /// Whether two of the messages share an id: pair by pair for a few (no table to build), by a
    /// set for more.
    private static func idsRepeat(in messages: [InAppMessage]) -> Bool {
        guard messages.count > 16 else {
            for later in messages.indices.dropFirst() {
                let id = messages[later].id
                if messages[..<later].contains(where: { $0.id == id }) { return true }
            }
            return false
        }
        return Set(messages.lazy.map(\.id)).count < messages.count
    }
}
