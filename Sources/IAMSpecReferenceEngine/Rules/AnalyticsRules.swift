package import IAMSpec

/// Impressions and clicks: "a message logs at most one impression and one click" (semantics
/// notes, point 9).
package struct AnalyticsRules: Sendable {
    /// When a triggered message's impression is logged.
    package enum ImpressionMoment: Sendable, Hashable {
        /// When it is put on screen.
        case display
        /// When it becomes ready, before the presenter's checks.
        case ready
        /// Never: the engine leaves impressions to the app's own view code.
        case never
        /// Once the message has been on screen ``AnalyticsRules/impressionScreenTime``, if it is
        /// still there: Firebase In-App Messaging counts an impression only after 5 s on screen
        /// (firebase/firebase-android-sdk@0339a18b1a2158154c7962baf62d8dbec814e6fc,
        /// firebase-inappmessaging-display/src/main/java/com/google/firebase/inappmessaging/display/FirebaseInAppMessagingDisplay.java,
        /// `inflateBinding` starts `impressionTimer` for `IMPRESSION_THRESHOLD_MILLIS`, "5 seconds
        /// is a valid impression", whose end calls `impressionDetected` while the message is
        /// still shown). A control message, which has no screen time, logs none.
        case afterTimeOnScreen
    }

    /// "Braze does not support analytics on in-app messages created locally" (seed 003).
    package var localMessagesLogAnalytics = false

    /// The impression is logged when the message is displayed; a message that is stacked,
    /// discarded or rolled back logs none. "At most one impression" (point 9) is one for each
    /// display, not none: an engine that leaves impressions to the app's view code logs none.
    package var impressionLoggedAt = ImpressionMoment.display

    /// One click per display is logged, however often the message is clicked (point 9).
    package var firstClickOnly = true

    /// How long a message stays on screen before its impression is logged, under
    /// ``ImpressionMoment/afterTimeOnScreen``.
    package var impressionScreenTime = VirtualTime.seconds(5)

    /// Only a click on the message on screen is logged.
    package var clicksCountOnlyOnScreen = true

    /// Under ``ImpressionMoment/afterTimeOnScreen``, a message that is dismissed or clicked before
    /// its time on screen is up logs its impression then, first: Firebase In-App Messaging logs a
    /// dismissal or a click only after the impression
    /// (firebase/firebase-android-sdk@a089298,
    /// firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/DisplayCallbacksImpl.java,
    /// `messageDismissed` and `logMessageClick` both through `logImpressionIfNeeded`, which calls
    /// `impressionDetected` unless `wasImpressed`). Off, a message that leaves sooner logs none.
    package var impressionAtFirstDismissalOrClick = false

    /// A message the app's background puts on the stack logs no impression: it was not displayed.
    /// Leanplum's Android SDK logs it as soon as the display is queued, the app in the background
    /// or not, and none when the queued display runs later
    /// (Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087,
    /// AndroidSDKCore/src/main/java/com/leanplum/internal/LeanplumInternal.java,
    /// `maybePerformActions` calls `recordMessageImpression` in the callback of `triggerAction`,
    /// which runs once the template's handler returns true; MessageTemplates.java,
    /// `createCallback`'s handler queues `template.handleAction` with
    /// `LeanplumActivityHelper.queueActionUponActive` and returns true): under
    /// ``ImpressionMoment/display``, such a message logs its impression when it goes on the stack,
    /// after its `stacked`, and none at its display.
    package var impressionWhenStackedInBackground = false
}
