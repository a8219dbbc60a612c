/// One deliberately broken rule: the reference engine made wrong in exactly one place, the way a
/// real engine could plausibly get it wrong.
///
/// Mutant engines measure the conformance suite: a good suite fails every one of them. The engine
/// checks a mutation only where its rule lives (a `mutation == .x` test, or a policy value such as
/// the presenter's check order or the profile rules), so an engine made without one is the
/// reference engine. Visible inside this package only; the raw value is the mutant's stable id.
/// The mutants' descriptions and the rules they break are in `IAMSpecMutants`' catalogue.
package enum Mutation: String, Sendable, Hashable, CaseIterable {
    // MARK: Triggers and property filters

    /// Events logged through the REST API trigger messages.
    case apiEventsTrigger = "api-events-trigger"
    /// Events logged through the REST API fire the no-matching-trigger callback.
    case apiEventsReportNoMatch = "api-events-report-no-match"
    /// The no-matching-trigger callback never fires.
    case noMatchCallbackMissing = "no-match-callback-missing"
    /// A push-click trigger with a campaign matches any push.
    case pushCampaignIgnored = "push-campaign-ignored"
    /// `at_least` is strict (`>`).
    case atLeastStrict = "at-least-strict"
    /// `greater_than` is inclusive (`>=`).
    case greaterThanInclusive = "greater-than-inclusive"
    /// `not_equals` is false when the property is absent.
    case notEqualsFalseWhenAbsent = "not-equals-false-when-absent"
    /// The string `"5"` equals the number `5`.
    case stringEqualsNumber = "string-equals-number"
    /// `matches` needs the whole string to match, not a substring.
    case regexAnchored = "regex-anchored"
    /// An OR-group of conditions needs all of them to hold.
    case orGroupAsAnd = "or-group-as-and"
    /// Purchases logged through the REST API trigger messages (only API custom events are ignored).
    case apiPurchasesTrigger = "api-purchases-trigger"
    /// `less_than` is inclusive (`<=`).
    case lessThanInclusive = "less-than-inclusive"
    /// `at_most` is strict (`<`).
    case atMostStrict = "at-most-strict"
    /// An integer never equals a real, even of the same value.
    case integerRealUnequal = "integer-real-unequal"
    /// Number operators read a numeric string as a number.
    case numericStringCompared = "numeric-string-compared"
    /// `does_not_match` holds when the property is absent.
    case doesNotMatchTrueWhenAbsent = "does-not-match-true-when-absent"
    /// `within_last` excludes its bound (`now - s < t`).
    case withinLastExclusive = "within-last-exclusive"
    /// The no-matching-trigger callback fires when messages match but none is eligible.
    case noMatchWhenNoneEligible = "no-match-when-none-eligible"

    // MARK: Candidate selection and the minimum interval

    /// Priority ties go to the earlier message in the delivered list.
    case priorityTiesFirst = "priority-ties-first"
    /// The interval is checked after priority: a blocked winner drops the trigger.
    case intervalAfterPriority = "interval-after-priority"
    /// The interval is measured from the last trigger, not the last display.
    case intervalFromLastTrigger = "interval-from-last-trigger"
    /// The interval must be exceeded (`>`), not just reached.
    case intervalExclusive = "interval-exclusive"
    /// The trigger-time interval check ignores the message's delay.
    case intervalIgnoresDelay = "interval-ignores-delay"
    /// A trigger inside the interval is queued until the interval ends instead of dropped.
    case triggerInIntervalQueued = "trigger-in-interval-queued"
    /// The display-time interval check is skipped.
    case displayTimeRecheckSkipped = "display-time-recheck-skipped"
    /// Test sends respect the interval like any message.
    case testSendNotExempt = "test-send-not-exempt"
    /// Re-eligibility is ignored: a displayed message can be triggered again at once.
    case reeligibilityIgnored = "reeligibility-ignored"
    /// A message already triggered (delayed, stacked, waiting) is a candidate again.
    case inFlightRetriggerable = "in-flight-retriggerable"
    /// A discarded message can never be triggered again.
    case discardedNeverRetriggered = "discarded-never-retriggered"
    /// Re-eligibility is counted from the trigger, not the display.
    case reeligibilityFromTrigger = "reeligibility-from-trigger"
    /// The re-eligibility period must be exceeded (`>`), not just reached.
    case reeligibilityExclusive = "reeligibility-exclusive"
    /// Displaying a local message starts the minimum interval.
    case localStartsInterval = "local-starts-interval"
    /// A rolled-back trigger starts the minimum interval.
    case rollbackStartsInterval = "rollback-starts-interval"
    /// A rolled-back message counts as displayed and is not triggered again.
    case rollbackConsumesMessage = "rollback-consumes-message"

    // MARK: The stack

    /// The stack is first in, first out.
    case stackFIFO = "stack-fifo"
    /// A message put back on the stack goes to its bottom.
    case reenqueueAtBottom = "reenqueue-at-bottom"
    /// The stack survives an app relaunch.
    case stackSurvivesRelaunch = "stack-survives-relaunch"
    /// Changing the user keeps the stack.
    case changeUserKeepsStack = "change-user-keeps-stack"
    /// Changing the user keeps the delivered messages.
    case changeUserKeepsDelivered = "change-user-keeps-delivered"
    /// Ending a session empties the stack.
    case sessionEndClearsStack = "session-end-clears-stack"
    /// Delayed messages survive an app relaunch.
    case delayedSurvivesRelaunch = "delayed-survives-relaunch"
    /// Changing the user leaves the visible message on screen.
    case changeUserKeepsVisible = "change-user-keeps-visible"
    /// Delayed messages ready at the same time go in reverse trigger order.
    case equalReadyTimesReversed = "equal-ready-times-reversed"

    // MARK: Eligibility and the display attempt

    /// A session start or push click that matches nothing does not offer the stack's top.
    case eligibilityOffersNothing = "eligibility-offers-nothing"
    /// Dismissing a message displays the stack's top.
    case dismissOffersNext = "dismiss-offers-next"
    /// Coming back to the foreground displays the stack's top.
    case foregroundOffersNext = "foreground-offers-next"
    /// Hiding the keyboard displays the stack's top.
    case keyboardHiddenOffersNext = "keyboard-hidden-offers-next"
    /// Dismissing any message, even one not on screen, clears the screen.
    case dismissAnyClearsScreen = "dismiss-any-clears-screen"
    /// Rotating the device takes the visible message off the screen.
    case rotationDismissesVisible = "rotation-dismisses-visible"
    /// A message waiting for its assets blocks others as if it were visible.
    case assetWaitBlocksScreen = "asset-wait-blocks-screen"
    /// Asset downloads are not restarted when a later session start delivers the messages again.
    case assetsNotRestartedOnRedelivery = "assets-not-restarted-on-redelivery"
    /// A message triggered in the background is displayed anyway.
    case backgroundDisplays = "background-displays"
    /// The delegate is asked even when another message is visible.
    case delegateAskedWhenVisible = "delegate-asked-when-visible"
    /// The background check comes before the timeout: a late message is stacked, not discarded.
    case backgroundBeforeTimeout = "background-before-timeout"
    /// The visible-message check comes before the background check.
    case visibleBeforeBackground = "visible-before-background"
    /// Orientation is checked before the delegate is asked.
    case orientationBeforeDelegate = "orientation-before-delegate"
    /// Assets are checked before orientation.
    case assetsBeforeOrientation = "assets-before-orientation"
    /// The legacy keyboard rule applies under the Swift SDK.
    case keyboardRuleInSwift = "keyboard-rule-in-swift"
    /// The legacy keyboard rule applies even when the delegate is implemented.
    case keyboardIgnoresDelegate = "keyboard-ignores-delegate"
    /// The two meanings of "reenqueue" are swapped: `later` rolls back, `rollback` stacks.
    case reenqueueMeaningsSwapped = "reenqueue-meanings-swapped"
    /// Orientation is never checked.
    case orientationIgnored = "orientation-ignored"
    /// Orientation is checked on tablets too.
    case orientationCheckedOnTablets = "orientation-checked-on-tablets"
    /// The legacy image rules apply under the Swift SDK.
    case imageRulesInSwift = "image-rules-in-swift"
    /// The timeout runs from the ready time (trigger + delay), not the trigger time.
    case timeoutFromReady = "timeout-from-ready"
    /// The default timeout is 30 s, ignoring the delay.
    case defaultTimeoutIgnoresDelay = "default-timeout-ignores-delay"
    /// A message ready exactly at its deadline is still displayed (`>` instead of `>=`).
    case timeoutExclusive = "timeout-exclusive"
    /// The extras do not reach the app.
    case extrasDropped = "extras-dropped"

    // MARK: Analytics

    /// Locally created messages log an impression.
    case localLogsImpression = "local-logs-impression"
    /// Every click on a display is logged, not only the first.
    case clickLoggedEveryTime = "click-logged-every-time"
    /// A click on a message already dismissed is logged.
    case clickAfterDismissLogged = "click-after-dismiss-logged"
    /// The impression is logged when the message becomes ready, not when it is displayed.
    case impressionAtReady = "impression-at-ready"

    // MARK: Session-start sync

    /// Events arriving during the session-start sync are dropped.
    case syncEventsDropped = "sync-events-dropped"
    /// Events arriving during the session-start sync are evaluated at once, not held.
    case syncEventsNotHeld = "sync-events-not-held"
    /// Held events are replayed before the Session Start trigger is evaluated.
    case replayBeforeSessionStart = "replay-before-session-start"
}
