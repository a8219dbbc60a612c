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
    private let rules: StackRules

    init(rules: StackRules) {
        self.rules = rules
    }

    /// The message ids, top first, as a stack inspection reports them.
    var idsTopFirst: [MessageID] { entries.reversed().map(\.id) }

    /// The slots of the messages on the stack.
    var slots: [Int] { entries.map(\.slot) }

    /// Puts a triggered message on top, removing any earlier place it had on the stack.
    mutating func push(_ presentation: Presentation) {
        put(presentation, on: .top)
    }

    /// Puts back a message the presenter did not display, on the end the rules give.
    mutating func putBack(_ presentation: Presentation) {
        put(presentation, on: rules.putBackOn)
    }

    /// Pushes a triggered message and takes the next message off the stack: under last in, first
    /// out, the message itself, whose earlier place (if any) is all the stack loses.
    mutating func pushAndPopTop(_ presentation: Presentation) -> Presentation {
        guard rules.order == .lastInFirstOut else {
            push(presentation)
            return popTop() ?? presentation
        }
        remove(presentation.slot)
        return presentation
    }

    /// The message ``popTop()`` would take, left where it is.
    var top: Presentation? { rules.order == .firstInFirstOut ? entries.first : entries.last }

    /// Takes the next message off the stack, in the stack's order, if there is one.
    mutating func popTop() -> Presentation? {
        guard rules.order == .firstInFirstOut, !entries.isEmpty else { return entries.popLast() }
        return entries.removeFirst()
    }

    /// Puts a message taken with ``popTop()`` back on the end it was taken from (the top, under
    /// last in, first out), unobserved, to be offered anew.
    mutating func restore(_ presentation: Presentation) {
        var waiting = presentation
        waiting.takenByApp = false
        switch rules.order {
        case .lastInFirstOut: entries.append(waiting)
        case .firstInFirstOut: entries.insert(waiting, at: entries.startIndex)
        }
    }

    /// Takes the message off the stack, wherever it is.
    mutating func remove(_ slot: Int) {
        // Looked for first: removing nothing would still rebuild the array.
        guard entries.contains(where: { $0.slot == slot }) else { return }
        entries.removeAll { $0.slot == slot }
    }

    /// "The stack only persists stored in-app messages in memory and is cleared up between app
    /// launches from suspended mode" (seed 003).
    mutating func removeAll() {
        entries.removeAll()
    }

    private mutating func put(_ presentation: Presentation, on end: StackRules.End) {
        remove(presentation.slot)
        // Waiting on the stack, the message is offered anew by whatever takes it off next.
        var waiting = presentation
        waiting.takenByApp = false
        switch end {
        case .top: entries.append(waiting)
        case .bottom: entries.insert(waiting, at: entries.startIndex)
        }
    }
}
