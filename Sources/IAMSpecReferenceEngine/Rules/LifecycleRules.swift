/// What relaunching the app, changing the user, ending a session and rotating the device clear.
package struct LifecycleRules: Sendable {
    /// Something the engine holds that an app, user or device event may clear.
    package enum Holding: Sendable, Hashable {
        /// The message on screen.
        case visibleMessage
        /// The message stack.
        case stack
        /// Triggered messages waiting out their delay.
        case delayedMessages
        /// Triggered messages waiting for their assets.
        case messagesAwaitingAssets
        /// The messages delivered by the last session start.
        case deliveredMessages
    }

    /// "The stack only persists stored in-app messages in memory and is cleared up between app
    /// launches from suspended mode" (seed 003): everything held in memory goes; delivered
    /// messages stay.
    package var relaunchClears: Set<Holding> = [.visibleMessage, .stack, .delayedMessages, .messagesAwaitingAssets]

    /// "Changing the user (or wiping data) dismisses the visible message and clears the stack"
    /// (semantics notes, point 13); waiting and delivered messages go too, so the next session
    /// start delivers again.
    package var userChangeClears: Set<Holding> = [
        .visibleMessage, .stack, .delayedMessages, .messagesAwaitingAssets, .deliveredMessages,
    ]

    /// Ending a session has no observable effect: delivered messages, stack and clocks stay.
    package var sessionEndClears: Set<Holding> = []

    /// Rotating the device changes only the orientation the next display attempt checks.
    package var rotationClears: Set<Holding> = []
}
