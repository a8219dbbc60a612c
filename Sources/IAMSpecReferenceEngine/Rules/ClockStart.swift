/// The moment from which a display clock (the minimum interval, a re-eligibility period) runs.
package enum ClockStart: Sendable, Hashable {
    /// The last display of the message (or of any message, for the interval).
    case lastDisplay
    /// The trigger of that display.
    case lastTrigger
    /// The user's last dismissal of that message (or of any triggered message, for the interval):
    /// a display alone starts no clock. Iterable's SDKs wait their retry interval from the last
    /// dismissal (`lastDismissedTime`), as OneSignal's keeps `lastTimeInAppDismissed`.
    case lastDismissal
}
