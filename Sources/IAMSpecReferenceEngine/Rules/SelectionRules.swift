/// Which of the messages matching a trigger event it fires.
///
/// "When a trigger event has more than one eligible in-app message associated with it, only the
/// in-app message with the highest priority will be delivered" (seed 003).
package struct SelectionRules: Sendable {
    /// Which of two messages of equal priority wins.
    package enum TieBreak: Sendable, Hashable {
        /// The later one in the delivered list.
        case laterMessage
        /// The earlier one in the delivered list.
        case earlierMessage
    }

    /// When the minimum interval is checked, relative to choosing the highest priority.
    package enum IntervalCheck: Sendable, Hashable {
        /// For each candidate: a message held back by the interval leaves the others in the running.
        case beforePriority
        /// For the winner only: a winner held back by the interval drops the trigger.
        case afterPriority
    }

    /// Ties go to the later message in the delivered list (semantics notes, point 5).
    package var priorityTiesGoTo = TieBreak.laterMessage

    /// "The minimum interval is checked before priority" (semantics notes, point 2).
    package var intervalChecked = IntervalCheck.beforePriority

    /// A message already triggered and not yet displayed or discarded (delayed, on the stack,
    /// waiting for assets) is no candidate: "Triggered in-app messages are placed on top of the
    /// stack when their trigger event is fired" (seed 003), once.
    package var excludesMessagesInFlight = true
}
