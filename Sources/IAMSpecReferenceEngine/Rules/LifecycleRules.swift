/// What relaunching the app, changing the user, ending a session and rotating the device clear.
package struct LifecycleRules: Sendable {
    /// What the engine holds that an app, user or device event may clear.
    package struct Holdings: OptionSet, Sendable {
        package let rawValue: UInt8

        package init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// The message on screen.
        package static let visibleMessage = Holdings(rawValue: 1 << 0)
        /// The message stack.
        package static let stack = Holdings(rawValue: 1 << 1)
        /// Triggered messages waiting out their delay.
        package static let delayedMessages = Holdings(rawValue: 1 << 2)
        /// Triggered messages waiting for their assets.
        package static let messagesAwaitingAssets = Holdings(rawValue: 1 << 3)
        /// The messages delivered by the last session start.
        package static let deliveredMessages = Holdings(rawValue: 1 << 4)
    }

    /// "The stack only persists stored in-app messages in memory and is cleared up between app
    /// launches from suspended mode" (seed 003): everything held in memory goes; delivered
    /// messages stay.
    package var relaunchClears: Holdings = [.visibleMessage, .stack, .delayedMessages, .messagesAwaitingAssets]

    /// "Changing the user (or wiping data) dismisses the visible message and clears the stack"
    /// (semantics notes, point 13); waiting and delivered messages go too, so the next session
    /// start delivers again.
    package var userChangeClears: Holdings = [
        .visibleMessage, .stack, .delayedMessages, .messagesAwaitingAssets, .deliveredMessages,
    ]

    /// Wiping the SDK's data is "to fully clear locally-stored SDK data" (Braze, "Disabling iOS SDK
    /// tracking"): the display clocks go with it, whoever the user was (rule
    /// `stack.wipe-data-clears`). Engines that keep what was shown in a store of their own keep
    /// them.
    package var wipeResetsClocks = true

    /// Ending a session has no observable effect: delivered messages, stack and clocks stay.
    package var sessionEndClears: Holdings = []

    /// Rotating the device changes only the orientation the next display attempt checks.
    package var rotationClears: Holdings = []

    /// Opening the app from a push (`push_open`, and `push_click`) brings it to the foreground
    /// before the push is handled: the user tapped the notification, and iOS hands the tap to the
    /// app as it makes it active. Seed 003 names "the app is opened from a push notification" among
    /// the moments a user is eligible for a message, which a backgrounded app could not be.
    package var openingFromAPushForegroundsTheApp = true
}
