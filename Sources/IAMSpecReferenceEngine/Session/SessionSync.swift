import IAMSpec

/// The session-start sync, and the trigger events held while it is in flight.
///
/// "A trigger inside the interval is dropped, not queued … Exception: events that arrive while
/// the session-start sync is still in flight are held and replayed once it completes"
/// (semantics notes, point 4).
struct SessionSync {
    /// Whether a session-start sync is in flight.
    private(set) var isPending = false
    private var held: [LoggedEvent] = []

    /// A session starts with its sync still in flight.
    mutating func begin() {
        isPending = true
    }

    /// Holds an event, unevaluated, until the sync completes.
    mutating func hold(_ event: LoggedEvent) {
        held.append(event)
    }

    /// Forgets the held events; the sync stays in flight.
    mutating func dropHeld() {
        held.removeAll()
    }

    /// The sync completes: returns the held events, in the order they arrived, and forgets them.
    mutating func complete() -> [LoggedEvent] {
        defer {
            held.removeAll()
            isPending = false
        }
        return held
    }
}
