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
    /// The later of the last display and the last dismissal: a display starts it, and a
    /// dismissal starts it again. Iterable's Swift SDK waits its interval from both
    /// (Iterable/swift-sdk@4e08441c, swift-sdk/Internal/InAppManager.swift, `isOkToShowNow`
    /// asks `getWaitTimeInterval` from `lastDismissedTime` and from `lastDisplayTime`).
    case lastDisplayOrDismissal
}
