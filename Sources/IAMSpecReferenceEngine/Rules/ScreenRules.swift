/// What the screen shows, and how a dismissal changes it.
package struct ScreenRules: Sendable {
    /// What dismissing a message takes off the screen.
    package enum Dismissal: Sendable, Hashable {
        /// That message, when it is the one on screen; a message not on screen is left alone.
        case thatMessageOnly
        /// Whatever is on screen.
        case whateverIsVisible
    }

    /// A displayed message carries its key-value extras to the app unchanged: "`Braze.InAppMessage`
    /// objects can carry key-value pairs as `extras`" (seed 000, translated).
    package var extrasReachTheApp = true

    /// The user dismisses one message; stimuli about a message not in play are ignored.
    package var dismissal = Dismissal.thatMessageOnly

    /// A message waiting for its assets is off the stack and off the screen: "there can be some
    /// latency due to assets not being prefetched" (seed 003) for that message only, not for the
    /// others.
    package var messageAwaitingAssetsBlocksOthers = false
}
