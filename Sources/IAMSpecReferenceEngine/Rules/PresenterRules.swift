package import IAMSpec

/// The presenter's ordered checks of a display attempt, and what each one decides.
package struct PresenterRules: Sendable {
    /// One of the presenter's checks.
    package enum Check: Sendable, Hashable {
        /// "The in-app message is ready to be displayed but past the timeout duration" (seed 003).
        case timeout
        /// "The in-app message is triggered when the app is in the background" (seed 003).
        case background
        /// "Another in-app message is currently visible" (seed 003).
        case messageVisible
        /// Legacy: the keyboard is up and the delegate not implemented (seed 003).
        case keyboard
        /// The display delegate's choice.
        case delegate
        /// "The device orientation doesn't match the triggered in-app message's orientation"
        /// (seed 003).
        case orientation
        /// Legacy: a full or image-only modal message without an image (seed 003).
        case missingImage
        /// "The asset (image or zip file) of the in-app message failed to download" (seed 003).
        case assets
    }

    /// Where a message's timeout starts.
    package enum TimeoutStart: Sendable, Hashable {
        /// Its trigger time.
        case triggerTime
        /// Its ready time, trigger time + delay.
        case readyTime
    }

    /// The timeout of a message that sets none.
    package enum DefaultTimeout: Sendable, Hashable {
        /// Its delay + 30 s.
        case delayPlusThirtySeconds
        /// 30 s.
        case thirtySeconds
    }

    /// The devices on which a message's orientation is checked.
    package enum OrientationDevices: Sendable, Hashable {
        case phonesOnly
        case phonesAndTablets
    }

    /// What a display delegate's answer puts the message through.
    package enum Deferral: Sendable, Hashable {
        /// Back on top of the stack.
        case stack
        /// The trigger is undone "as if it never occurred" (semantics notes, point 15).
        case rollBack
        /// Dropped without a trace: the engine keeps no stack for it, and the message may be
        /// triggered again.
        case drop
    }

    /// The checks, in order; the first that applies decides (the reference semantics, "Display
    /// attempt"; the Swift presenter's order is in the semantics notes, point 10: visible message
    /// first, then the delegate, then orientation, then assets).
    package var checks: [Check] = [
        .timeout, .background, .messageVisible, .keyboard, .delegate, .orientation, .missingImage, .assets,
    ]

    /// "The timeout runs from trigger time and defaults to the delay plus 30 seconds" (semantics
    /// notes, point 6), whether the time went to a delay, a slow download or a wait on the stack.
    package var timeoutRunsFrom = TimeoutStart.triggerTime
    /// A message without a timeout gets its delay + 30 s (semantics notes, point 6).
    package var defaultTimeout = DefaultTimeout.delayPlusThirtySeconds
    /// A display attempt at or after the deadline, trigger time + timeout, discards the message.
    package var lateFromDeadline = Boundary.inclusive

    /// Legacy: the keyboard returns the message to the stack only when "The deprecated
    /// `beforeInAppMessageDisplayed:withKeyboardIsUp:` UI delegate method has **NOT** been
    /// implemented" (seed 003); an implemented delegate decides instead (semantics notes, point 14).
    package var keyboardRuleOnlyWithoutDelegate = true

    /// Orientation "is not checked on tablets (iPad)" (semantics notes, point 12).
    package var orientationCheckedOn = OrientationDevices.phonesOnly

    /// The delegate's `later` (Swift `.reenqueue`, legacy `ABKDisplayInAppMessageLater`) puts the
    /// message back on top of the stack: "The triggered in-app message will be placed on top of
    /// the stack for later display" (seed 000, translated).
    package var delegateLater = Deferral.stack
    /// "The in-app message is triggered when the app is in the background" (seed 003) puts it
    /// back on top of the stack, like the delegate's `later`.
    package var appInBackground = Deferral.stack
    /// The delegate's `rollback` (legacy `ABKReenqueueInAppMessage`) rolls the trigger back "as if
    /// it never occurred" (semantics notes, point 15).
    package var delegateRollback = Deferral.rollBack

    /// The discards that leave no `discarded` observation; none: "the in-app message will be
    /// discarded" (seed 003) is what the app is told. Engines that skip a message whose asset
    /// failed to download, or whose orientation does not fit, without saying so leave it out.
    package var silentDiscards: Set<DiscardReason> = []

    /// "The asset (image or zip file) of the in-app message failed to download" (seed 003)
    /// discards it. Engines that display a message whatever became of its assets show it without
    /// them.
    package var failedAssetsDiscard = true
}
