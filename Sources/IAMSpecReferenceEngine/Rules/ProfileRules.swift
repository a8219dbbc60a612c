package import IAMSpec

/// The rules on which the two SDK generations differ, chosen once from the profile.
///
/// Everything else in ``DeliveryRules`` is shared; only these tell the Braze Swift SDK from the
/// legacy Appboy SDK.
package struct ProfileRules: Sendable {
    /// Legacy: "The deprecated `beforeInAppMessageDisplayed:withKeyboardIsUp:` UI delegate method
    /// has **NOT** been implemented, and the keyboard is currently being displayed" returns the
    /// message to the stack (seed 003). The Swift SDK has no keyboard rule.
    package var keyboardUpStacksWithoutDelegate: Bool

    /// Legacy `ABKReenqueueInAppMessage` rolls the trigger back "as if it never occurred"
    /// (semantics notes, point 15). The Swift SDK has no such choice.
    package var allowsRollback: Bool

    /// Legacy: "The in-app message is a full in-app message but has no image" and "an image-only
    /// modal in-app message but has no image" are discarded (seed 003). The Swift SDK's list of
    /// discard reasons (seed 000) has no image rule.
    package var discardsImageMessagesWithoutImage: Bool

    /// Whether the display delegate is asked about a message the app takes off the stack
    /// (`display_next`). Legacy: `displayNextInAppMessage` "pops the next in-app message from the
    /// in-app message stack and tries to displays it. When defined, the current delegate methods
    /// are executed to respect any custom behavior" (Appboy/appboy-ios-sdk,
    /// `AppboyKit/include/ABKInAppMessageController.h`). Swift: `presentNext()` hands the top of
    /// the stack straight to `prepareAndPresent(message:)`, which checks the visible message, the
    /// orientation and the context, then loads the assets; only `present(message:)` asks
    /// `inAppMessage(_:displayChoiceForMessage:)` (braze-inc/braze-swift-sdk 18.2.0,
    /// `Sources/BrazeUI/InAppMessageUI/InAppMessageUI.swift`, `presentNext()`).
    package var displayNextAsksDelegate: Bool

    /// Whether `display_next` puts the stack's top back on the stack, observed `stacked` (reason
    /// `message_visible`), when another message is visible. Swift: no; `presentNext()` hands the
    /// top to `prepareAndPresent(message:)`, whose `validateNoMessagePresented(for:pendingDestination:)`
    /// is given no destination (`nil`) and only logs the error, so nothing is removed or pushed and
    /// the message stays where it was, on top, unobserved (braze-inc/braze-swift-sdk 18.2.0,
    /// `Sources/BrazeUI/InAppMessageUI/InAppMessageUI.swift`, `presentNext()`,
    /// `validateNoMessagePresented(for:pendingDestination:)`, case `.none`). Legacy: "Another in-app
    /// message is currently visible" puts the message back on the stack, whatever offered it
    /// (seed 003).
    package var displayNextRestacksBehindVisibleMessage: Bool

    /// Whether a click of the visible message holds the next message that meets it on screen as
    /// the click's follow-up, shown once it leaves, instead of stacking it. Swift: a click that
    /// dismisses the message sets `isProcessingClickAction` (`InAppMessageView.process(clickAction:
    /// buttonId:target:)`, for a message with a Braze context); while it is set, `present(message:)`
    /// keeps a message that meets another on screen as the `followupMessage` (an older one goes on
    /// the stack), which `didDismiss()` presents ("Once the current message is dismissed, we
    /// directly display the `followupMessage`"); a change of user or a wipe drops it
    /// (braze-inc/braze-swift-sdk 18.2.0, `Sources/BrazeUI/InAppMessageUI/InAppMessageUI.swift`,
    /// `Views/InAppMessageView.swift`). The legacy SDK's public code has nothing like it.
    package var clickHoldsFollowUp: Bool

    /// The rules of one SDK generation.
    package static func reference(for profile: Profile) -> ProfileRules {
        switch profile {
        case .brazeSwift:
            ProfileRules(
                keyboardUpStacksWithoutDelegate: false,
                allowsRollback: false,
                discardsImageMessagesWithoutImage: false,
                displayNextAsksDelegate: false,
                displayNextRestacksBehindVisibleMessage: false,
                clickHoldsFollowUp: true
            )
        case .appboyLegacy:
            ProfileRules(
                keyboardUpStacksWithoutDelegate: true,
                allowsRollback: true,
                discardsImageMessagesWithoutImage: true,
                displayNextAsksDelegate: true,
                displayNextRestacksBehindVisibleMessage: true,
                clickHoldsFollowUp: false
            )
        }
    }

    /// Whether the message needs an image it does not have, under these rules.
    func lacksRequiredImage(_ message: InAppMessage) -> Bool {
        guard discardsImageMessagesWithoutImage, message.image == nil else { return false }
        switch message.type {
        case .full, .modalImage: return true
        case .slideup, .modal, .html: return false
        }
    }
}
