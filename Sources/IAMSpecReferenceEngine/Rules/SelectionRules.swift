/// Which of the messages matching a trigger event it fires.
///
/// "When a trigger event has more than one eligible in-app message associated with it, only the
/// in-app message with the highest priority will be delivered" (seed 003).
package struct SelectionRules: Sendable {
    /// Which of two messages of equal priority wins.
    package enum TieBreak: Sendable, Hashable {
        /// The later one in the delivered list.
        case laterMessage
        /// The earlier one in the delivered list.
        case earlierMessage
        /// The first one of a walk of the delivered messages in a `java.util.HashMap` keyed by
        /// message id (`HashMapWalk`): an order that follows the ids' hash codes, not the delivered
        /// list. Leanplum's Android SDK walks its messages so, sorts the matching ones by priority
        /// with a stable sort, and shows the first of the top priority (no two of equal priority and
        /// countdown) (Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087,
        /// AndroidSDKCore/src/main/java/com/leanplum/internal/LeanplumInternal.java,
        /// `maybePerformActions`: its loop over `VarCache.messages().keySet()`, `Collections.sort`
        /// by `getPriority`, then the `break` at the second context of the same priority and
        /// `fetchCountDown`; VarCache.java, `applyVariableDiffs` keeps the messages in a `new HashMap<>()`).
        case firstInHashMapWalk
    }

    /// When the minimum interval is checked, relative to choosing the highest priority.
    package enum IntervalCheck: Sendable, Hashable {
        /// For each candidate: a message held back by the interval leaves the others in the running.
        case beforePriority
        /// For the winner only: a winner held back by the interval drops the trigger.
        case afterPriority
    }

    /// Which end of the priority scale wins a trigger's contest.
    package enum PriorityWinner: Sendable, Hashable {
        /// The message with the highest priority.
        case highest
        /// The message with the lowest priority: the scale read upside down, as by an engine
        /// that ranks messages like a queue's positions (1 first).
        case lowest
    }

    /// What becomes of the eligible messages that lose a trigger's priority contest.
    package enum Losers: Sendable, Hashable {
        /// They are dropped: only the winner is triggered.
        case dropped
        /// They wait on the stack, under the winner, the higher priority nearer the top.
        case stacked
        /// They wait on the stack as under ``stacked``, and each is observed `stacked` (reason
        /// `message_visible`: the winner takes the screen), as an engine that reports every
        /// message it queues: OneSignal's Android SDK queues each message whose triggers hold
        /// (OneSignal/OneSignal-Android-SDK@0088741e9224ac4f110b01c7286ce09953a47126,
        /// OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java,
        /// `evaluateInAppMessages` calling `queueMessageForDisplay`, which logs each one "added to
        /// the queue").
        case stackedAndObserved
        /// They wait on the stack as under ``stacked``, and each is observed `stacked` after the
        /// winner's own observations, as an engine that shows the first message it queues before it
        /// queues the next: OneSignal's Android SDK
        /// (OneSignal/OneSignal-Android-SDK@d87a998,
        /// OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java,
        /// `queueMessageForDisplay` adds one message and calls `attemptToShowInAppMessage`, which
        /// displays the first of the queue when nothing is showing), so the later ones are queued
        /// while it is on screen.
        case stackedAndObservedAfterWinner
        /// They are shown before the winner, one after another, each in the place of the one
        /// before within the same moment, and the winner in the place of the last: none of them
        /// is observed (nothing of it is left on screen to see, and it logs no impression), yet
        /// each counts as displayed at the trigger, for its re-eligibility and the minimum
        /// interval (once the winner has passed it); a loser's delay is not waited out. As an
        /// engine that renders every message a trigger's reply carries, in priority order, each
        /// new popup removing the one before: CleverTap's Web SDK (CleverTap/clevertap-web-sdk@e7d6e6ca971f0f61bcb7e5fb9f0b1c6f80cc376b,
        /// src/util/campaignHouseKeeping/commonCampaignUtils.js, `processCampaigns` renders each
        /// campaign of the reply in the order of `sortCampaignsByPriority`
        /// (src/util/campaignRender/utilities.js, highest first), and `createTemplate` counts each
        /// one shown in `doCampHouseKeeping` (`incrCount`, `addDeliveryPreferenceDetails`) before
        /// it removes the popup on screen for it; the impression is logged only when the popup's
        /// frame loads, which a removed one never does).
        case shownInTurnBeforeWinner
    }

    /// "Only the in-app message with the highest priority will be delivered" (seed 003).
    package var priorityWinner = PriorityWinner.highest

    /// Ties go to the later message in the delivered list (semantics notes, point 5).
    package var priorityTiesGoTo = TieBreak.laterMessage

    /// "The minimum interval is checked before priority" (semantics notes, point 2).
    package var intervalChecked = IntervalCheck.beforePriority

    /// A message already triggered and not yet displayed or discarded (delayed, on the stack,
    /// waiting for assets) is still a candidate: it "has not been displayed, so it is still
    /// eligible" (semantics notes, point 1). The Swift presenter removes a message from its stack
    /// before pushing it again, "a message already on the stack is moved, never duplicated"
    /// (semantics notes, point 10), and the Web SDK's trigger manager keeps one pending display per
    /// firing of a delayed trigger, each with its own trigger time (`Specs/rules.yaml`,
    /// `stack.retrigger-moves-to-top`, `delay.retrigger-while-waiting`).
    package var excludesMessagesInFlight = false

    /// "Only the in-app message with the highest priority will be delivered" (seed 003): the
    /// others are not triggered. Engines that queue every matching message (and show them one
    /// after another, highest priority first) keep the losers waiting instead.
    package var priorityLosers = Losers.dropped

    /// A message is a candidate whatever became of its assets: one still downloading waits for
    /// them once triggered, one whose download failed is discarded at its display attempt
    /// (`delivery.display-on-delivery-latency`, `discard.asset-failed`). Swrve's Android SDK
    /// makes a message a candidate only once its assets are on disk: a trigger while they
    /// download, or after they failed, finds nothing of it, and another campaign may be chosen
    /// (Swrve/swrve-android-sdk@90e5720,
    /// SwrveSDK/src/main/java/com/swrve/sdk/messaging/SwrveInAppCampaign.java, `getNextMessage`
    /// returns null unless `areAssetsReady`: "hasn't finished downloading").
    package var candidatesNeedAssetsReady = false
}
