import IAMSpecReferenceEngine

/// Every mutant engine, in a stable order, with the one-line description of the rule it breaks.
public enum MutantCatalogue {
    /// All mutants, in catalogue order.
    public static let all: [Mutant] = Mutation.allCases.map(Mutant.init)

    /// The mutant with this id, if there is one.
    public static func mutant(id: String) -> Mutant? {
        Mutation(rawValue: id).map(Mutant.init)
    }

    /// The id, in `Specs/rules.yaml`, of the rule the mutation breaks.
    static func rule(of mutation: Mutation) -> String {
        switch mutation {
        case .apiEventsTrigger: "triggers.sdk-events-only"
        case .apiEventsReportNoMatch: "triggers.sdk-events-only"
        case .noMatchCallbackMissing: "callbacks.no-matching-trigger"
        case .pushCampaignIgnored: "triggers.push-click"
        case .atLeastStrict: "filters.numeric-comparisons"
        case .greaterThanInclusive: "filters.numeric-comparisons"
        case .notEqualsFalseWhenAbsent: "filters.not-equals"
        case .stringEqualsNumber: "filters.exact-types"
        case .regexAnchored: "filters.regex-substring"
        case .orGroupAsAnd: "filters.and-of-or-groups"
        case .priorityTiesFirst: "priority.ties-to-later"
        case .intervalAfterPriority: "interval.before-priority"
        case .intervalFromLastTrigger: "interval.from-last-display"
        case .intervalExclusive: "interval.configurable"
        case .intervalIgnoresDelay: "interval.trigger-and-display-time"
        case .triggerInIntervalQueued: "interval.dropped-not-queued"
        case .displayTimeRecheckSkipped: "interval.trigger-and-display-time"
        case .testSendNotExempt: "interval.test-sends-exempt"
        case .reeligibilityIgnored: "reeligibility.once-by-default"
        case .inFlightRetriggerable: "stack.trigger-on-top"
        case .discardedNeverRetriggered: "discard.retrigger"
        case .stackFIFO: "stack.lifo"
        case .reenqueueAtBottom: "reenqueue.message-visible"
        case .stackSurvivesRelaunch: "stack.memory-only"
        case .changeUserKeepsStack: "stack.change-user-clears"
        case .changeUserKeepsDelivered: "stack.change-user-clears"
        case .sessionEndClearsStack: "stack.eligibility-moments"
        case .eligibilityOffersNothing: "stack.eligibility-moments"
        case .dismissOffersNext: "stack.no-auto-drain"
        case .foregroundOffersNext: "stack.no-auto-drain"
        case .backgroundDisplays: "reenqueue.background"
        case .delegateAskedWhenVisible: "reenqueue.message-visible"
        case .keyboardRuleInSwift: "reenqueue.swift-situations"
        case .reenqueueMeaningsSwapped: "naming.swift-reenqueue-stacks"
        case .orientationIgnored: "discard.orientation"
        case .orientationCheckedOnTablets: "discard.orientation-not-on-tablets"
        case .imageRulesInSwift: "discard.swift-situations"
        case .timeoutFromReady: "discard.timeout-from-trigger"
        case .defaultTimeoutIgnoresDelay: "discard.timeout-from-trigger"
        case .extrasDropped: "extras.unchanged"
        case .localLogsImpression: "analytics.local-none"
        case .clickLoggedEveryTime: "analytics.once-per-message"
        case .impressionAtReady: "analytics.once-per-message"
        case .syncEventsDropped: "sync.held-events"
        case .syncEventsNotHeld: "sync.held-events"
        }
    }

    /// The rule the mutation breaks, and how, in one line.
    static func summary(of mutation: Mutation) -> String {
        switch mutation {
        case .apiEventsTrigger: "events logged through the REST API trigger messages"
        case .apiEventsReportNoMatch: "events logged through the REST API fire the no-matching-trigger callback"
        case .noMatchCallbackMissing: "the no-matching-trigger callback never fires"
        case .pushCampaignIgnored: "a push-click trigger with a campaign matches a push from any campaign"
        case .atLeastStrict: "at_least is strict (>) instead of >="
        case .greaterThanInclusive: "greater_than is inclusive (>=) instead of >"
        case .notEqualsFalseWhenAbsent: "not_equals is false when the property is absent"
        case .stringEqualsNumber: "the string \"5\" equals the number 5"
        case .regexAnchored: "matches needs the whole string to match instead of a substring"
        case .orGroupAsAnd: "an OR-group of filter conditions needs all of them to hold"
        case .priorityTiesFirst: "a priority tie goes to the earlier message in the delivered list"
        case .intervalAfterPriority:
            "the minimum interval is checked after priority: a blocked winner drops the trigger"
        case .intervalFromLastTrigger: "the minimum interval is measured from the last trigger, not the last display"
        case .intervalExclusive: "the minimum interval must be exceeded (>) instead of reached (>=)"
        case .intervalIgnoresDelay: "the trigger-time interval check uses the trigger time, ignoring the delay"
        case .triggerInIntervalQueued:
            "a trigger inside the minimum interval is queued until it ends instead of dropped"
        case .displayTimeRecheckSkipped: "the display-time minimum interval recheck is skipped"
        case .testSendNotExempt: "test sends respect the minimum interval"
        case .reeligibilityIgnored: "a displayed message without re-eligibility can be triggered again"
        case .inFlightRetriggerable: "a message already triggered (delayed, stacked, waiting) is a candidate again"
        case .discardedNeverRetriggered: "a discarded message can never be triggered again"
        case .stackFIFO: "the stack is first in, first out"
        case .reenqueueAtBottom: "a message put back on the stack goes to the bottom instead of the top"
        case .stackSurvivesRelaunch: "the stack survives an app relaunch"
        case .changeUserKeepsStack: "changing the user keeps the stack"
        case .changeUserKeepsDelivered: "changing the user keeps the delivered messages"
        case .sessionEndClearsStack: "ending a session empties the stack"
        case .eligibilityOffersNothing:
            "a session start or push click that matches nothing does not offer the stack's top"
        case .dismissOffersNext: "dismissing a message displays the stack's top"
        case .foregroundOffersNext: "coming back to the foreground displays the stack's top"
        case .backgroundDisplays: "a message triggered in the background is displayed anyway"
        case .delegateAskedWhenVisible: "the delegate is asked even when another message is visible"
        case .keyboardRuleInSwift: "the legacy keyboard rule applies under the Swift SDK"
        case .reenqueueMeaningsSwapped: "the two meanings of reenqueue are swapped: later rolls back, rollback stacks"
        case .orientationIgnored: "the message's orientation is never checked"
        case .orientationCheckedOnTablets: "orientation is checked on tablets too"
        case .imageRulesInSwift: "the legacy missing-image rules apply under the Swift SDK"
        case .timeoutFromReady: "the timeout runs from the ready time (trigger + delay) instead of the trigger time"
        case .defaultTimeoutIgnoresDelay: "the default timeout is 30 s, ignoring the delay"
        case .extrasDropped: "the message's extras do not reach the app"
        case .localLogsImpression: "a locally created message logs analytics"
        case .clickLoggedEveryTime: "every click on a display is logged, not only the first"
        case .impressionAtReady: "the impression is logged when the message becomes ready, not when it is displayed"
        case .syncEventsDropped: "events arriving during the session-start sync are dropped instead of held"
        case .syncEventsNotHeld: "events arriving during the session-start sync are evaluated at once instead of held"
        }
    }
}
