import IAMSpecReferenceEngine

/// Every mutant engine, in a stable order: its id, the rule of `Specs/rules.yaml` it breaks, a
/// one-line summary, and its one change to the reference engine's rules (`DeliveryRules`).
///
/// This is the only description of the mutants; the order is the order of `iamspec mutate`'s kill
/// matrix. A new mutant's entry goes at the end of the section of its concept.
package enum MutantCatalogue {
    /// All mutants, in catalogue order.
    package static let all: [Mutant] =
        triggersAndFilters + selectionAndInterval + stack + eligibilityAndDisplay + analytics + sessionStartSync
        + campaignAndUsers

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The mutant with this id, if there is one.
    package static func mutant(id: String) -> Mutant? {
        byID[id]
    }

    // MARK: Triggers and property filters

    private static let triggersAndFilters: [Mutant] = [
        Mutant(
            "api-events-trigger",
            rule: "triggers.sdk-events-only",
            summary: "events logged through the REST API trigger messages"
        ) {
            $0.triggers.customEventsTriggerFrom = .sdkOrAPI
            $0.triggers.purchasesTriggerFrom = .sdkOrAPI
        },
        Mutant(
            "api-events-report-no-match",
            rule: "triggers.sdk-events-only",
            summary: "events logged through the REST API fire the no-matching-trigger callback"
        ) { $0.triggers.noMatchCallbackFires.insert(.loggedThroughAPI) },
        Mutant(
            "no-match-callback-missing",
            rule: "callbacks.no-matching-trigger",
            summary: "the no-matching-trigger callback never fires"
        ) { $0.triggers.noMatchCallbackFires = [] },
        Mutant(
            "push-campaign-ignored",
            rule: "triggers.push-click",
            summary: "a push-click trigger with a campaign matches a push from any campaign"
        ) { $0.triggers.pushClickMatchesOwnCampaignOnly = false },
        Mutant(
            "at-least-strict",
            rule: "filters.numeric-comparisons",
            summary: "at_least is strict (>) instead of >="
        ) { $0.filters.atLeast = .exclusive },
        Mutant(
            "greater-than-inclusive",
            rule: "filters.numeric-comparisons",
            summary: "greater_than is inclusive (>=) instead of >"
        ) { $0.filters.greaterThan = .inclusive },
        Mutant(
            "not-equals-false-when-absent",
            rule: "filters.not-equals",
            summary: "not_equals is false when the property is absent"
        ) { $0.filters.notEqualsHoldsWhenAbsent = false },
        Mutant(
            "string-equals-number",
            rule: "filters.exact-types",
            summary: "the string \"5\" equals the number 5"
        ) { $0.filters.equalsNeedsSameType = false },
        Mutant(
            "regex-anchored",
            rule: "filters.regex-substring",
            summary: "matches needs the whole string to match instead of a substring"
        ) { $0.filters.regexSearch = .wholeText },
        Mutant(
            "or-group-as-and",
            rule: "filters.and-of-or-groups",
            summary: "an OR-group of filter conditions needs all of them to hold"
        ) { $0.filters.orGroupNeeds = .everyCondition },
        Mutant(
            "api-purchases-trigger",
            rule: "triggers.sdk-events-only",
            summary: "purchases logged through the REST API trigger messages"
        ) { $0.triggers.purchasesTriggerFrom = .sdkOrAPI },
        Mutant(
            "less-than-inclusive",
            rule: "filters.numeric-comparisons",
            summary: "less_than is inclusive (<=) instead of <"
        ) { $0.filters.lessThan = .inclusive },
        Mutant(
            "at-most-strict",
            rule: "filters.numeric-comparisons",
            summary: "at_most is strict (<) instead of <="
        ) { $0.filters.atMost = .exclusive },
        Mutant(
            "integer-real-unequal",
            rule: "filters.equals",
            summary: "an integer never equals a real of the same value (5 vs 5.0)"
        ) { $0.filters.integersEqualReals = false },
        Mutant(
            "numeric-string-compared",
            rule: "filters.exact-types",
            summary: "number operators read a numeric string as a number"
        ) { $0.filters.numberOperatorsNeedNumbers = false },
        Mutant(
            "within-last-exclusive",
            rule: "filters.date-comparisons",
            summary: "within_last excludes its bound (now - s < t instead of <=)"
        ) { $0.filters.withinLast = .exclusive },
        Mutant(
            "no-match-when-interval-drops",
            rule: "callbacks.no-matching-trigger",
            summary:
                "the no-matching-trigger callback fires when the minimum interval holds back every matching message"
        ) { $0.triggers.noMatchCallbackFires.insert(.intervalHoldsBackEveryMatch) },
        Mutant(
            "no-match-ignores-unavailable",
            rule: "callbacks.no-matching-trigger",
            summary:
                "the no-matching-trigger callback does not fire when the only matching messages are out of their window or not re-eligible"
        ) { $0.triggers.noMatchCallbackFires.remove(.onlyUnavailableMessagesMatch) },
        Mutant(
            "does-not-match-false-when-absent",
            rule: "filters.regex-substring",
            summary: "does_not_match is false when the property is absent"
        ) { $0.filters.doesNotMatchHoldsWhenAbsent = false },
        Mutant(
            "does-not-match-false-on-non-text",
            rule: "filters.regex-substring",
            summary: "does_not_match is false when the property is not text"
        ) { $0.filters.doesNotMatchHoldsForNonText = false },
        Mutant(
            "within-last-excludes-future",
            rule: "filters.date-comparisons",
            summary: "within_last is false for a time after the event (t <= now added)"
        ) { $0.filters.withinLastAdmitsTheFuture = false },
        Mutant(
            "more-than-ago-exclusive",
            rule: "filters.date-comparisons",
            summary: "more_than_ago excludes its bound (t < now - s instead of <=)"
        ) { $0.filters.moreThanAgo = .exclusive },
        Mutant(
            "less-than-in-future-needs-future",
            rule: "filters.date-comparisons",
            summary: "less_than_in_future is false for the event's time and earlier (now < t added)"
        ) { $0.filters.lessThanInFutureAdmitsThePast = false },
    ]
    // MARK: Candidate selection and the minimum interval

    private static let selectionAndInterval: [Mutant] = [
        Mutant(
            "priority-ties-first",
            rule: "priority.ties-to-later",
            summary: "a priority tie goes to the earlier message in the delivered list"
        ) { $0.selection.priorityTiesGoTo = .earlierMessage },
        Mutant(
            "interval-after-priority",
            rule: "interval.before-priority",
            summary: "the minimum interval is checked after priority: a blocked winner drops the trigger"
        ) { $0.selection.intervalChecked = .afterPriority },
        Mutant(
            "interval-from-last-trigger",
            rule: "interval.from-last-display",
            summary: "the minimum interval is measured from the last trigger, not the last display"
        ) { $0.interval.measuredFrom = .lastTrigger },
        Mutant(
            "interval-exclusive",
            rule: "interval.configurable",
            summary: "the minimum interval must be exceeded (>) instead of reached (>=)"
        ) { $0.interval.reached = .exclusive },
        Mutant(
            "interval-ignores-delay",
            rule: "interval.trigger-and-display-time",
            summary: "the trigger-time interval check uses the trigger time, ignoring the delay"
        ) { $0.interval.triggerCheck = .atTriggerTime },
        Mutant(
            "trigger-in-interval-queued",
            rule: "interval.dropped-not-queued",
            summary: "a trigger inside the minimum interval is queued until it ends instead of dropped"
        ) { $0.interval.insideInterval = .queuedUntilItEnds },
        Mutant(
            "display-time-recheck-skipped",
            rule: "interval.trigger-and-display-time",
            summary: "the display-time minimum interval recheck is skipped"
        ) { $0.interval.checkedAgainAtDisplay = false },
        Mutant(
            "test-send-not-exempt",
            rule: "interval.test-sends-exempt",
            summary: "test sends respect the minimum interval"
        ) { $0.interval.testSendsExempt = false },
        Mutant(
            "reeligibility-ignored",
            rule: "reeligibility.once-by-default",
            summary: "a displayed message without re-eligibility can be triggered again"
        ) { $0.reeligibility.onceByDefault = false },
        Mutant(
            "waiting-not-retriggerable",
            rule: "stack.retrigger-moves-to-top",
            summary:
                "a message already triggered (delayed, stacked, waiting for assets) is no candidate until it settles"
        ) { $0.selection.excludesMessagesInFlight = true },
        Mutant(
            "ready-skips-eligibility",
            rule: "delay.retrigger-while-waiting",
            summary: "a delay that ends after another firing displayed the message displays it again"
        ) { $0.reeligibility.checkedAgainWhenReady = false },
        Mutant(
            "discarded-never-retriggered",
            rule: "discard.retrigger",
            summary: "a discarded message can never be triggered again"
        ) { $0.reeligibility.discardedMessagesRetriggerable = false },
        Mutant(
            "reeligibility-from-trigger",
            rule: "reeligibility.period",
            summary: "re-eligibility is counted from the trigger instead of the last display"
        ) { $0.reeligibility.countedFrom = .lastTrigger },
        Mutant(
            "reeligibility-exclusive",
            rule: "reeligibility.period",
            summary: "the re-eligibility period must be exceeded (>) instead of reached (>=)"
        ) { $0.reeligibility.reached = .exclusive },
        Mutant(
            "local-starts-interval",
            rule: "manual.present-local",
            summary: "displaying a local message starts the minimum interval"
        ) { $0.interval.localDisplayStartsInterval = true },
        Mutant(
            "rollback-starts-interval",
            rule: "naming.legacy-reenqueue-rolls-back",
            summary: "a rolled-back trigger starts the minimum interval"
        ) { $0.interval.rollbackStartsInterval = true },
        Mutant(
            "rollback-consumes-message",
            rule: "naming.legacy-reenqueue-rolls-back",
            summary: "a rolled-back message counts as displayed and is never triggered again"
        ) { $0.reeligibility.rollbackCountsAsDisplay = true },
        Mutant(
            "reeligibility-at-trigger-time",
            rule: "reeligibility.period",
            summary: "re-eligibility is judged at the trigger time instead of trigger time + delay"
        ) { $0.reeligibility.triggerCheck = .atTriggerTime },
    ]
    // MARK: The stack

    private static let stack: [Mutant] = [
        Mutant(
            "stack-fifo",
            rule: "stack.lifo",
            summary: "the stack is first in, first out"
        ) { $0.stack.order = .firstInFirstOut },
        Mutant(
            "reenqueue-at-bottom",
            rule: "reenqueue.message-visible",
            summary: "a message put back on the stack goes to the bottom instead of the top"
        ) { $0.stack.putBackOn = .bottom },
        Mutant(
            "stack-survives-relaunch",
            rule: "stack.memory-only",
            summary: "the stack survives an app relaunch"
        ) { $0.lifecycle.relaunchClears.remove(.stack) },
        Mutant(
            "change-user-keeps-stack",
            rule: "stack.change-user-clears",
            summary: "changing the user keeps the stack"
        ) { $0.lifecycle.userChangeClears.remove(.stack) },
        Mutant(
            "change-user-keeps-delivered",
            rule: "stack.change-user-clears",
            summary: "changing the user keeps the delivered messages"
        ) { $0.lifecycle.userChangeClears.remove(.deliveredMessages) },
        Mutant(
            "session-end-clears-stack",
            rule: "stack.eligibility-moments",
            summary: "ending a session empties the stack"
        ) { $0.lifecycle.sessionEndClears = [.stack] },
        Mutant(
            "delayed-survives-relaunch",
            rule: "stack.memory-only",
            summary: "messages waiting out their delay survive an app relaunch"
        ) { $0.lifecycle.relaunchClears.remove(.delayedMessages) },
        Mutant(
            "change-user-keeps-visible",
            rule: "stack.change-user-clears",
            summary: "changing the user leaves the visible message on screen"
        ) { $0.lifecycle.userChangeClears.remove(.visibleMessage) },
        Mutant(
            "equal-ready-times-reversed",
            rule: "delay.display-delay",
            summary: "delayed messages ready at the same time go in reverse trigger order"
        ) { $0.delay.equalReadyTimes = .inReverseTriggerOrder },
        Mutant(
            "click-follow-up-flipped",
            rule: "stack.click-follow-up",
            summary: "a click holds no follow-up under the Swift SDK, and holds one under the legacy SDK"
        ) { $0.profile.clickHoldsFollowUp.toggle() },
        Mutant(
            "display-next-restack-flipped",
            rule: "manual.display-next-leaves-stack",
            summary:
                "display_next with a message visible: Swift re-stacks the top (observed), the legacy SDK leaves it unobserved"
        ) { $0.profile.displayNextRestacksBehindVisibleMessage.toggle() },
    ]
    // MARK: Eligibility and the display attempt

    private static let eligibilityAndDisplay: [Mutant] = [
        Mutant(
            "eligibility-offers-nothing",
            rule: "stack.eligibility-moments",
            summary: "a session start or push click that matches nothing does not offer the stack's top"
        ) { $0.stack.topOfferedAt.remove(.eligibilityMatchingNoTrigger) },
        Mutant(
            "dismiss-offers-next",
            rule: "stack.no-auto-drain",
            summary: "dismissing a message displays the stack's top"
        ) { $0.stack.topOfferedAt.insert(.messageDismissed) },
        Mutant(
            "foreground-offers-next",
            rule: "stack.no-auto-drain",
            summary: "coming back to the foreground displays the stack's top"
        ) { $0.stack.topOfferedAt.insert(.appForegrounded) },
        Mutant(
            "keyboard-hidden-offers-next",
            rule: "stack.no-auto-drain",
            summary: "hiding the keyboard displays the stack's top"
        ) { $0.stack.topOfferedAt.insert(.keyboardHidden) },
        Mutant(
            "dismiss-any-clears-screen",
            rule: "stack.no-auto-drain",
            summary: "dismissing any message, even one not on screen, clears the screen"
        ) { $0.screen.dismissal = .whateverIsVisible },
        Mutant(
            "rotation-dismisses-visible",
            rule: "discard.orientation",
            summary: "rotating the device takes the visible message off the screen"
        ) { $0.lifecycle.rotationClears = [.visibleMessage] },
        Mutant(
            "asset-wait-blocks-screen",
            rule: "delivery.display-on-delivery-latency",
            summary: "a message waiting for its assets blocks others as if it were visible"
        ) { $0.screen.messageAwaitingAssetsBlocksOthers = true },
        Mutant(
            "assets-not-restarted-on-redelivery",
            rule: "delivery.asset-prefetch",
            summary: "asset downloads are not restarted when a later session start delivers the messages again"
        ) { $0.sessionStart.deliveryRestartsAssetDownloads = false },
        Mutant(
            "background-displays",
            rule: "reenqueue.background",
            summary: "a message triggered in the background is displayed anyway"
        ) { $0.presenter.checks.remove(.background) },
        Mutant(
            "delegate-asked-when-visible",
            rule: "reenqueue.message-visible",
            summary: "the delegate is asked even when another message is visible"
        ) { $0.presenter.checks.swap(.messageVisible, .delegate) },
        Mutant(
            "background-before-timeout",
            rule: "discard.timeout",
            summary: "the background check comes before the timeout: a late message is stacked instead of discarded"
        ) { $0.presenter.checks.swap(.timeout, .background) },
        Mutant(
            "visible-before-background",
            rule: "reenqueue.background",
            summary: "the visible-message check comes before the background check"
        ) { $0.presenter.checks.swap(.background, .messageVisible) },
        Mutant(
            "orientation-before-delegate",
            rule: "discard.delegate",
            summary: "orientation is checked before the delegate is asked"
        ) { $0.presenter.checks.swap(.delegate, .orientation) },
        Mutant(
            "assets-before-orientation",
            rule: "discard.orientation",
            summary: "asset failures are checked before orientation"
        ) { $0.presenter.checks.swap(.orientation, .assets) },
        Mutant(
            "keyboard-rule-in-swift",
            rule: "reenqueue.swift-situations",
            summary: "the legacy keyboard rule applies under the Swift SDK"
        ) { $0.profile.keyboardUpStacksWithoutDelegate = true },
        Mutant(
            "keyboard-ignores-delegate",
            rule: "reenqueue.keyboard-legacy",
            summary: "the legacy keyboard rule applies even when the delegate is implemented"
        ) { $0.presenter.keyboardRuleOnlyWithoutDelegate = false },
        Mutant(
            "reenqueue-meanings-swapped",
            rule: "naming.swift-reenqueue-stacks",
            summary: "the two meanings of reenqueue are swapped: later rolls back, rollback stacks"
        ) {
            $0.presenter.delegateLater = .rollBack
            $0.presenter.delegateRollback = .stack
        },
        Mutant(
            "orientation-ignored",
            rule: "discard.orientation",
            summary: "the message's orientation is never checked"
        ) { $0.presenter.checks.remove(.orientation) },
        Mutant(
            "orientation-checked-on-tablets",
            rule: "discard.orientation-not-on-tablets",
            summary: "orientation is checked on tablets too"
        ) { $0.presenter.orientationCheckedOn = .phonesAndTablets },
        Mutant(
            "image-rules-in-swift",
            rule: "discard.swift-situations",
            summary: "the legacy missing-image rules apply under the Swift SDK"
        ) { $0.profile.discardsImageMessagesWithoutImage = true },
        Mutant(
            "display-next-delegate-flipped",
            rule: "manual.display-next-skips-delegate",
            summary: "display_next asks the display delegate under the Swift SDK, and not under the legacy SDK"
        ) { $0.profile.displayNextAsksDelegate.toggle() },
        Mutant(
            "timeout-from-ready",
            rule: "discard.timeout-from-trigger",
            summary: "the timeout runs from the ready time (trigger + delay) instead of the trigger time"
        ) { $0.presenter.timeoutRunsFrom = .readyTime },
        Mutant(
            "default-timeout-ignores-delay",
            rule: "discard.timeout-from-trigger",
            summary: "the default timeout is 30 s, ignoring the delay"
        ) { $0.presenter.defaultTimeout = .thirtySeconds },
        Mutant(
            "timeout-exclusive",
            rule: "discard.timeout",
            summary: "a message ready exactly at its deadline is still displayed (> instead of >=)"
        ) { $0.presenter.lateFromDeadline = .exclusive },
        Mutant(
            "extras-dropped",
            rule: "extras.unchanged",
            summary: "the message's extras do not reach the app"
        ) { $0.screen.extrasReachTheApp = false },
    ]
    // MARK: Analytics

    private static let analytics: [Mutant] = [
        Mutant(
            "local-logs-impression",
            rule: "analytics.local-none",
            summary: "a locally created message logs analytics"
        ) { $0.analytics.localMessagesLogAnalytics = true },
        Mutant(
            "click-logged-every-time",
            rule: "analytics.once-per-message",
            summary: "every click on a display is logged, not only the first"
        ) { $0.analytics.firstClickOnly = false },
        Mutant(
            "click-after-dismiss-logged",
            rule: "analytics.once-per-message",
            summary: "a click on a message already dismissed is logged"
        ) { $0.analytics.clicksCountOnlyOnScreen = false },
        Mutant(
            "impression-at-ready",
            rule: "analytics.once-per-message",
            summary: "the impression is logged when the message becomes ready, not when it is displayed"
        ) { $0.analytics.impressionLoggedAt = .ready },
    ]
    // MARK: Session-start sync

    private static let sessionStartSync: [Mutant] = [
        Mutant(
            "sync-events-dropped",
            rule: "sync.held-events",
            summary: "events arriving during the session-start sync are dropped instead of held"
        ) { $0.sessionStart.eventsDuringSync = .dropped },
        Mutant(
            "sync-events-not-held",
            rule: "sync.held-events",
            summary: "events arriving during the session-start sync are evaluated at once instead of held"
        ) { $0.sessionStart.eventsDuringSync = .evaluatedAtOnce },
        Mutant(
            "replay-before-session-start",
            rule: "sync.held-events",
            summary: "held events are replayed before the Session Start trigger is evaluated"
        ) { $0.sessionStart.heldEventsReplayed = .beforeSessionStart },
    ]

    // MARK: A campaign's own settings, opening from a push, users

    private static let campaignAndUsers: [Mutant] = [
        Mutant(
            "campaign-window-exclusive",
            rule: "triggers.campaign-window",
            summary: "a campaign's start and end exclude their own instants"
        ) { $0.campaign.windowIncludesItsEnds = .exclusive },
        Mutant(
            "message-interval-ignored",
            rule: "interval.per-message",
            summary: "a message's own minimum interval is ignored: the global one applies"
        ) { $0.campaign.messageIntervalOverridesGlobal = false },
        Mutant(
            "control-moves-no-clock",
            rule: "analytics.control-group",
            summary: "a control message does not count as displayed for the interval and re-eligibility"
        ) { $0.campaign.controlMessagesMoveClocks = false },
        Mutant(
            "control-skips-delegate",
            rule: "analytics.control-group-delegate",
            summary: "the display delegate is not asked about a control message"
        ) { $0.campaign.delegateDecidesControlMessages = false },
        Mutant(
            "push-open-push-click-first",
            rule: "triggers.push-open-session-first",
            summary: "an app opened from a push judges the push click before the session start"
        ) { $0.sessionStart.pushOpenJudged = .pushClickFirst },
        Mutant(
            "push-leaves-app-in-background",
            rule: "triggers.push-foregrounds-the-app",
            summary: "opening the app from a push leaves it in the background: the messages go on the stack"
        ) { $0.lifecycle.openingFromAPushForegroundsTheApp = false },
        Mutant(
            "same-user-change-clears",
            rule: "users.same-user-ignored",
            summary: "changing to the current user clears the screen, the stack and delivery"
        ) { $0.users.changeToCurrentUserIgnored = false },
        Mutant(
            "new-user-inherits-clocks",
            rule: "users.new-user-starts-fresh",
            summary: "a new user inherits the previous identified user's display clocks"
        ) { $0.users.changeFromIdentifiedUserResetsClocks = false },
        Mutant(
            "anonymous-history-dropped",
            rule: "users.anonymous-history-kept",
            summary: "the first change away from the anonymous user forgets its display clocks"
        ) { $0.users.changeFromAnonymousUserKeepsClocks = false },
        Mutant(
            "new-user-replays-held-events",
            rule: "users.held-events",
            summary:
                "a change away from an identified user keeps the events a pending sync holds, replayed for the new user"
        ) { $0.users.changeFromIdentifiedUserDropsHeldEvents = false },
        Mutant(
            "anonymous-held-events-dropped",
            rule: "users.held-events",
            summary: "a change away from the anonymous user drops the events a pending sync holds"
        ) { $0.users.changeFromAnonymousUserKeepsHeldEvents = false },
    ]
}

extension [PresenterRules.Check] {
    /// Puts each of two checks in the other's place.
    fileprivate mutating func swap(_ first: PresenterRules.Check, _ second: PresenterRules.Check) {
        guard let one = firstIndex(of: first), let other = firstIndex(of: second) else { return }
        swapAt(one, other)
    }

    /// Drops a check: the presenter no longer makes it.
    fileprivate mutating func remove(_ check: PresenterRules.Check) {
        removeAll { $0 == check }
    }
}
