package import IAMSpec

/// The minimum trigger interval: "By default, we rate limit in-app messages to once every 30
/// seconds" (seed 003).
package struct IntervalRules: Sendable {
    /// Where the trigger-time check measures the interval to.
    package enum TriggerCheck: Sendable, Hashable {
        /// The message's own ready time, trigger time + delay.
        case atReadyTime
        /// The trigger time.
        case atTriggerTime
    }

    /// What happens to a trigger that fires inside the interval.
    package enum InsideInterval: Sendable, Hashable {
        /// It is dropped and leaves no trace.
        case dropped
        /// It waits until the interval ends (a test send, which the interval exempts, does not
        /// wait).
        case queuedUntilItEnds
        /// It waits on the stack, unobserved, and the interval holds back every waiting message: an
        /// offering of the stack's top inside the interval offers nothing, but the one a dismissal
        /// makes is made again when the interval ends, if the app is in the foreground with nothing
        /// on screen. The checks of the app's state come first: a trigger while the app is in the
        /// background or a message is visible goes on the stack for that reason, observed, whatever
        /// the interval, and an offering of the top then leaves it there, unobserved. Iterable's swift-sdk (Iterable/swift-sdk@4e08441c,
        /// swift-sdk/Internal/InAppManager.swift): a synced message is only processed when
        /// `getAppIsReady` (active, no in-app showing), else kept in `messagesMap`;
        /// `MessagesProcessor.processNextMessage` answers `.wait` when `isOkToShowNow` is false and
        /// leaves the message in the map; after a dismissal `scheduleNextInAppMessage` waits
        /// `getInAppShowingWaitTimeInterval()` and then calls `processAndShowMessage`.
        case heldOnTheStack
    }

    /// "The interval is measured from the last display, not the last trigger" (semantics notes,
    /// point 3).
    package var measuredFrom = ClockStart.lastDisplay

    /// The interval is reached, not exceeded: a candidate passes when `trigger time + delay -
    /// last display >= interval` (semantics notes, point 3).
    package var reached = Boundary.inclusive

    /// What is waited beyond the interval; nothing: the interval is the configured one. Iterable's
    /// Swift SDK waits 0.1 s more (Iterable/swift-sdk@4e08441c,
    /// swift-sdk/Internal/InAppManager.swift, `getWaitTimeInterval`: the next showing time is
    /// `gap + 0.1` after the last time).
    package var margin = VirtualTime.zero

    /// The trigger-time check is made at the message's ready time, so a delay can carry it past
    /// the interval (semantics notes, point 3).
    package var triggerCheck = TriggerCheck.atReadyTime

    /// The interval's clock is kept across an app relaunch: `stack.memory-only` lists what a
    /// relaunch forgets (the stack, messages waiting on a delay), and the interval is not among
    /// them. Iterable's swift-sdk keeps `lastDisplayTime` and `lastDismissedTime` in
    /// `InAppManager`'s memory only (Iterable/swift-sdk@4e08441c,
    /// swift-sdk/Internal/InAppManager.swift), so a relaunched app starts without an interval.
    package var clockForgottenAtRelaunch = false

    /// "A trigger inside the interval is dropped, not queued" (semantics notes, point 4).
    package var insideInterval = InsideInterval.dropped

    /// "now checking at trigger time in addition to display time" (semantics notes, point 3): a
    /// delayed message that becomes ready inside the interval is dropped.
    package var checkedAgainAtDisplay = true

    /// A test send ignores the minimum interval (semantics notes, point 8).
    package var testSendsExempt = true

    /// Displaying a local message does not start the interval: "no interval" for local messages.
    package var localDisplayStartsInterval = false

    /// A rolled-back trigger does not start the interval: legacy `ABKReenqueueInAppMessage` acts
    /// "as if it never occurred" (semantics notes, point 15).
    package var rollbackStartsInterval = false

    /// A triggered message discarded after it was handed over to be shown (for its orientation,
    /// a failed asset, the display delegate's discard) does not start the interval: "the
    /// interval is measured from the last display" (semantics notes, point 3), and a discarded
    /// message was not displayed (`interval.from-last-display`). Engines that start the clock
    /// when they hand a message over start it for those refused after that: the Web SDK for a
    /// message of the other orientation (`gr.dg`, the rule's platforms), Android before its
    /// assets are known (braze-android-sdk issue #20).
    package var handedOverDiscardsStartInterval = false

    /// A triggered message put on the stack (another message visible, the app in the background,
    /// the display delegate's later) does not start the interval: "the interval is measured from
    /// the last display" (semantics notes, point 3), and a stacked message was not displayed
    /// (`interval.from-last-display`). An engine that starts the clock when a trigger picks a
    /// message starts it for one that goes on the stack instead, and then drops a trigger the
    /// display alone would not hold back.
    package var stackingStartsInterval = false
}
