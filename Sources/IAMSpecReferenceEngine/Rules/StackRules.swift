package import IAMSpec

/// The in-memory message stack, and the moments that offer its top.
package struct StackRules: Sendable {
    /// Which waiting message the stack gives up first.
    package enum Order: Sendable, Hashable {
        case lastInFirstOut
        case firstInFirstOut
    }

    /// An end of the stack.
    package enum End: Sendable, Hashable {
        case top
        case bottom
    }

    /// Moments at which the top of the stack may be offered for display.
    package struct Moments: OptionSet, Sendable {
        package let rawValue: UInt8

        package init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// A session start or push click that matches no trigger.
        package static let eligibilityMatchingNoTrigger = Moments(rawValue: 1 << 0)
        /// A session start or push click whose trigger offered nothing (no candidate won, or the
        /// winner is delayed).
        package static let eligibilityTriggeringNoOffer = Moments(rawValue: 1 << 1)
        /// The app asks for the next message (Swift `presentNext()`, semantics notes, point 11).
        package static let displayNextRequested = Moments(rawValue: 1 << 2)
        /// The user dismisses a message.
        package static let messageDismissed = Moments(rawValue: 1 << 3)
        /// The app comes back to the foreground.
        package static let appForegrounded = Moments(rawValue: 1 << 4)
        /// The keyboard goes away.
        package static let keyboardHidden = Moments(rawValue: 1 << 5)
        /// The app comes to the foreground, a push click that opens it included, once the minimum
        /// interval and ``StackRules/syncIntervalMargin`` have passed since the engine last synced
        /// with its server (a delivery of the messages, an event that matched a trigger, or such a
        /// foreground): the foreground syncs, and the sync offers the top if nothing is on screen.
        package static let appForegroundedPastSyncInterval = Moments(rawValue: 1 << 6)
    }

    /// "Braze will display the most recently received in-app message first (last in, first
    /// out)" (seed 003).
    package var order = Order.lastInFirstOut

    /// A message the presenter puts back (background, another message visible, the keyboard, the
    /// delegate's `later`) goes back on top: "The triggered in-app message will be placed on top
    /// of the stack for later display" (seed 000, translated).
    package var putBackOn = End.top

    /// "When a user is eligible to receive an in-app message, the `ABKInAppMessageController`
    /// will be offered the latest in-app message off the in-app message stack"; "Users are eligible
    /// to receive an in-app message in the following situations: An in-app message trigger event
    /// is fired; Session start event; The app is opened from a push notification" (seed 003). A
    /// fired trigger offers its own message at once; a session start or push click offers the top
    /// when its trigger did not; the app may ask for it. "Nothing is shown automatically when a
    /// message is dismissed" (semantics notes, point 11), nor when the app comes back to the
    /// foreground or the keyboard goes away.
    package var topOfferedAt: Moments = [
        .eligibilityMatchingNoTrigger, .eligibilityTriggeringNoOffer, .displayNextRequested,
    ]

    /// A push click is an eligibility moment as a session start is: "The app is opened from a push
    /// notification" (seed 003), so a click that offers no message of its own offers the top.
    /// Iterable's swift-sdk has no such moment (Iterable/swift-sdk@4e08441c,
    /// swift-sdk/Internal/InAppManager.swift: it offers its waiting messages only when it syncs,
    /// and `onAppEnteredForeground`, the app becoming active, is the one thing an opened push does
    /// to it): its push click offers nothing beyond the foreground it may bring
    /// (``Moments/appForegroundedPastSyncInterval``).
    package var pushClickOffersTop = true

    /// What an engine that syncs at an app foreground (``Moments/appForegroundedPastSyncInterval``)
    /// waits beyond the minimum interval since its last sync: nothing. Iterable's swift-sdk waits
    /// its display interval (`moveToForegroundSyncInterval` is `IterableConfig.inAppDisplayInterval`)
    /// plus 0.1 s (Iterable/swift-sdk@4e08441c, swift-sdk/Internal/InAppManager.swift,
    /// `onAppEnteredForeground` calls `scheduleSync` only when `getWaitTimeInterval` from
    /// `lastSyncTime`, which `finishSync` sets at each sync, is over).
    package var syncIntervalMargin = VirtualTime.zero

    /// A message that cannot be shown now waits on the stack, where the app is told so (`stacked`),
    /// and comes off it only at an eligibility moment: "Nothing is shown automatically when a
    /// message is dismissed" (semantics notes, point 11), and "A trigger inside the interval is
    /// dropped, not queued" (point 4). Engines whose display coordinator polls for readiness keep
    /// such a message waiting without a word (another message visible, the app in the
    /// background, or a trigger inside the minimum interval) and show the stack's top by
    /// themselves as soon as the screen is free: at a dismissal, when the app comes to the
    /// foreground, when the interval ends (the interval holds the stack as
    /// ``IntervalRules/InsideInterval/heldOnTheStack`` says, which such rules set too). Airship's Android SDK
    /// (urbanairship/android-library@629aaf29dd65a3cc3f3feca2299f1c21455ab713,
    /// urbanairship-automation/src/main/java/com/urbanairship/iam/InAppMessageManager.java,
    /// `onCheckExecutionReadiness` answers not ready while `DefaultDisplayCoordinator.isReady` is
    /// false, a message on screen, the display interval after the last one's end, or no resumed
    /// activity; the schedule stays waiting, and `AutomationEngine.checkPendingSchedules` runs it
    /// when the coordinator's `notifyDisplayReady` or the app's foreground say the screen is free).
    package var waitingShownOnceScreenIsFree = false
}
