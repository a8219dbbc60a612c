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
    /// The message's last impression: a display starts no clock until its impression is logged.
    /// Firebase In-App Messaging keeps what was shown as the impressions it stored
    /// (firebase/firebase-android-sdk@397646844aa8230ebe6470fd241c3a398d17535c,
    /// firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/DisplayCallbacksImpl.java,
    /// `logImpressionIfNeeded` calls `logToImpressionStore`; InAppMessageStreamManager.java,
    /// `filterAlreadyImpressed`), so a message that left the screen before its impression may be
    /// shown again.
    case lastImpression
}
