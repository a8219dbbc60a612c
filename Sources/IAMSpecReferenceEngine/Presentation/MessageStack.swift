import IAMSpec

/// The in-memory in-app message stack: last in, first out.
///
/// "If multiple in-app messages are in the stack and waiting to be displayed, Braze will display
/// the most recently received in-app message first (last in, first out)" (seed 003). A message
/// pushed while already on the stack is moved to the top, never duplicated (semantics notes,
/// point 10).
struct MessageStack {
    /// Bottom first, so the top is the last element.
    private var entries: [Presentation] = []
    private let mutation: Mutation?

    init(mutation: Mutation? = nil) {
        self.mutation = mutation
    }

    /// The message ids, top first, as a stack inspection reports them.
    var idsTopFirst: [MessageID] { entries.reversed().map(\.id) }

    /// Puts the message on top, removing any earlier place it had on the stack.
    mutating func push(_ presentation: Presentation) {
        entries.removeAll { $0.id == presentation.id }
        entries.append(presentation)
    }

    /// Puts the message at the bottom, removing any earlier place it had (mutant engines only).
    mutating func pushToBottom(_ presentation: Presentation) {
        entries.removeAll { $0.id == presentation.id }
        entries.insert(presentation, at: entries.startIndex)
    }

    /// Takes the top message off the stack, if there is one.
    mutating func popTop() -> Presentation? {
        guard mutation == .stackFIFO, !entries.isEmpty else { return entries.popLast() }
        return entries.removeFirst()
    }

    /// "The stack only persists stored in-app messages in memory and is cleared up between app
    /// launches from suspended mode" (seed 003).
    mutating func removeAll() {
        entries.removeAll()
    }
}
