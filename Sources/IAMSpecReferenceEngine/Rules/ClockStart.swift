/// The moment from which a display clock (the minimum interval, a re-eligibility period) runs.
package enum ClockStart: Sendable, Hashable {
    /// The last display of the message (or of any message, for the interval).
    case lastDisplay
    /// The trigger of that display.
    case lastTrigger
}
