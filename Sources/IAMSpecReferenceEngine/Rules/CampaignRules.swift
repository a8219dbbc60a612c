/// What a campaign's own settings do: its minimum trigger interval, its start and end, and its
/// control group.
package struct CampaignRules: Sendable {
    /// "whose start/end window contains the event time" (semantics notes, point 1): a message is a
    /// candidate from its start to its end, both included (Braze Web SDK trigger manager:
    /// `startTime <= now` and `endTime >= now`), judged at the trigger event's time only.
    package var windowIncludesItsEnds = Boundary.inclusive

    /// A message is a candidate only inside its window (semantics notes, point 1). Engines that
    /// ignore a campaign's start and end let it trigger before it starts and after it ends.
    package var windowChecked = true

    /// "A message may carry its own interval that overrides the global one" (semantics notes,
    /// point 2), in the trigger-time and the display-time checks alike.
    package var messageIntervalOverridesGlobal = true

    /// "A control-group message counts as displayed for the interval and re-eligibility clocks
    /// but logs only an impression" (semantics notes, point 9); braze-swift-sdk's control view
    /// logs the impression and dismisses itself as soon as it is presented, so nothing is shown.
    package var controlMessagesMoveClocks = true

    /// A control-group message "shows nothing" (rule `analytics.control-group`): where another
    /// message would be displayed, only its impression is logged. Engines that know no control
    /// group display it like any other message.
    package var controlMessagesShowNothing = true

    /// The display delegate decides on a control-group message as on any other: `later` puts it
    /// back on the stack, `discard` drops it (no impression, no clock moved), and the legacy
    /// `rollback` undoes its trigger. Swift: `present(message:)` asks
    /// `inAppMessage(_:displayChoiceForMessage:)` about every message before the control view is
    /// chosen (braze-inc/braze-swift-sdk 18.2.0, `Sources/BrazeUI/InAppMessageUI/InAppMessageUI.swift`,
    /// `InAppMessageUIExt.swift`). Legacy: the delegate's `beforeControlMessageImpressionLogged:`
    /// answers with the same display choices, for "when the control in-app message impression event
    /// should be logged: now, later, discarded, or re-enqueued" (Appboy/appboy-ios-sdk 4.7.0,
    /// `ABKInAppMessageControllerDelegate.h`,
    /// `ABKInAppMessageUIController.m` `getCurrentDisplayChoiceForControlInAppMessage:`).
    package var delegateDecidesControlMessages = true
}
