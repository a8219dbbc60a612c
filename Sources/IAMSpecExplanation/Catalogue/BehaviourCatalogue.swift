import IAMSpec
import IAMSpecReferenceEngine

/// Every behaviour the project knows an engine may have instead of a rule, in a stable order: its
/// id, the rule of `Specs/rules.yaml` it departs from, a one-line summary, the behavioural
/// capability an engine with it lacks (if it is a way to lack one), and its one change to the
/// reference engine's rules (`DeliveryRules`) or to how it reads a run's setup.
///
/// This is the only description of the behaviours: `iamspec mutate` runs each as a mutant (the
/// order is its kill matrix's), `iamspec lint` runs those that lack a capability to prove which
/// cases need it, and a failing engine's report names the behaviour that reproduces its runs. A
/// new entry goes at the end of the section of its concept.
///
/// Each entry's rule value cites the public SDK code it was found in. A message that replaces
/// the visible one leaves that one observed dismissed, as any message that leaves the screen is:
/// for every message (CleverTap's Web SDK, `message-visible-replaced`), a test send (OneSignal)
/// or an opened push's message (Leanplum). A triggered message dropped while its own image
/// downloads is Swrve's `assets-not-ready-not-a-candidate`; Firebase In-App Messaging drops the
/// other triggers while one message's image loads (`asset-wait-blocks-screen` with
/// `message-visible-drops`). A message's own display duration (Braze's `duration` of an
/// `AUTO_DISMISS` message) would need a message key the case format lacks: the entries that
/// dismiss a message themselves take the SDKs' fixed times (the Web SDK's default 5 s, Firebase's
/// 20 s), which virtual time reaches with an `advance`. One message per app open per day is
/// `session-start-once-per-day`.
package enum BehaviourCatalogue {
    /// All behaviours, in catalogue order, each followed by each refinement of it joined to it
    /// (``Behaviour/refines``): a refinement alone is the reference rules, so it is here only
    /// where it changes something. These are the mutants, and what an explanation's hypotheses
    /// are made of.
    package static let all: [Behaviour] = departing.flatMap { behaviour in
        [behaviour]
            + refinements.filter { $0.refines.contains(behaviour.id) }.map { Behaviour(combining: [behaviour, $0]) }
    }

    /// Each behaviour on its own, refinements included (after the first behaviour each refines), in
    /// the order an engine of several applies them: what an id joined by `+` is made of.
    package static let each: [Behaviour] = departing.flatMap { behaviour in
        [behaviour] + refinements.filter { $0.refines.first == behaviour.id }
    }

    /// The ids of `behaviours` (each a behaviour's or several joined by `+`), each once, in the
    /// order of ``each``.
    package static func inOrder(_ behaviours: some Sequence<String>) -> [String] {
        let wanted = Set(behaviours.flatMap { $0.split(separator: "+").map(String.init) })
        return each.map(\.id).filter(wanted.contains)
    }

    /// The behaviours that depart from their rule alone, in catalogue order.
    private static let departing =
        triggersAndFilters + selectionAndInterval + stack + eligibilityAndDisplay + analytics + sessionStartSync
        + campaignAndUsers + lackingCapabilities

    private static let byID = Dictionary(uniqueKeysWithValues: (all + refinements).map { ($0.id, $0) })

    /// The behaviour with this id, if there is one; ids joined by `+` name those behaviours
    /// together (``Behaviour/init(combining:)``), as an explanation that needs two of them does.
    package static func behaviour(id: String) -> Behaviour? {
        if let behaviour = byID[id] { return behaviour }
        let parts = id.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return nil }
        let behaviours = parts.compactMap { byID[$0] }
        return behaviours.count == parts.count ? Behaviour(combining: behaviours) : nil
    }

    /// The behaviours of an engine that lacks the capability, in catalogue order.
    package static func lacking(_ capability: Capability) -> [Behaviour] {
        all.filter { $0.lacks == capability }
    }

    // MARK: Triggers and property filters

    private static let triggersAndFilters: [Behaviour] = [
        Behaviour(
            "api-events-trigger",
            rule: "triggers.sdk-events-only",
            summary: "lets events logged through the REST API trigger messages"
        ) {
            $0.triggers.customEventsTriggerFrom = .sdkOrAPI
            $0.triggers.purchasesTriggerFrom = .sdkOrAPI
        },
        Behaviour(
            "api-events-report-no-match",
            rule: "triggers.sdk-events-only",
            summary: "fires the no-matching-trigger callback for events logged through the REST API"
        ) { $0.triggers.noMatchCallbackFires.insert(.loggedThroughAPI) },
        Behaviour(
            "no-match-callback-missing",
            rule: "callbacks.no-matching-trigger",
            summary: "never fires the no-matching-trigger callback"
        ) { $0.triggers.noMatchCallbackFires = [] },
        Behaviour(
            "push-campaign-ignored",
            rule: "triggers.push-click",
            summary: "matches a push-click trigger's campaign with a push from any campaign"
        ) { $0.triggers.pushClickMatchesOwnCampaignOnly = false },
        Behaviour(
            "at-least-strict",
            rule: "filters.numeric-comparisons",
            summary: "reads at_least as strictly greater (>) instead of >="
        ) { $0.filters.atLeast = .exclusive },
        Behaviour(
            "greater-than-inclusive",
            rule: "filters.numeric-comparisons",
            summary: "reads greater_than as greater or equal (>=) instead of >"
        ) { $0.filters.greaterThan = .inclusive },
        Behaviour(
            "not-equals-false-when-absent",
            rule: "filters.not-equals",
            summary: "fails not_equals when the property is absent"
        ) { $0.filters.notEqualsHoldsWhenAbsent = false },
        Behaviour(
            "string-equals-number",
            rule: "filters.exact-types",
            summary: "takes the string \"5\" to equal the number 5"
        ) { $0.filters.equalsNeedsSameType = false },
        // OneSignal 4.8.12's `triggerMatchesFlex` compares the two values' `toString()` forms for equals and not
        // equals; Leanplum 5.10.4's `triggersWithParameter` verb compares the parameter's and the value's `toString()`
        // forms; Swrve 10.14.0's event payloads are text, which an `eq` condition compares with its own text.
        Behaviour(
            "equality-by-text-form",
            rule: "filters.exact-types",
            summary: "compares values of different types by their text in equals and not_equals: \"true\" equals true",
            source:
                "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSTriggerController.java, `triggerMatchesFlex`; "
                + "Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087, "
                + "AndroidSDKCore/src/main/java/com/leanplum/internal/ActionManager.java, `matchedTrigger` "
                + "(the `triggersWithParameter` verb); "
                + "Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDK/src/main/java/com/swrve/sdk/SwrveCampaignDisplayer.java, `canTrigger` (the `eq` condition)"
        ) { $0.filters.equalsComparesTextForms = true },
        Behaviour(
            "equality-ignoring-case",
            rule: "filters.equals",
            summary: "compares strings ignoring case in equals and not_equals: \"Gold\" equals \"gold\"",
            source:
                "Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087, "
                + "AndroidSDKCore/src/main/java/com/leanplum/internal/ActionManager.java, the `triggersWithParameter` "
                + "verb; Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDK/src/main/java/com/swrve/sdk/SwrveCampaignDisplayer.java"
        ) { $0.filters.equalsIgnoresCase = true },
        Behaviour(
            "regex-anchored",
            rule: "filters.regex-substring",
            summary: "needs a matches pattern to match the whole text instead of a substring"
        ) { $0.filters.regexSearch = .wholeText },
        Behaviour(
            "or-group-as-and",
            rule: "filters.and-of-or-groups",
            summary: "needs every condition of an OR-group of filter conditions to hold"
        ) { $0.filters.orGroupNeeds = .everyCondition },
        Behaviour(
            "api-purchases-trigger",
            rule: "triggers.sdk-events-only",
            summary: "lets purchases logged through the REST API trigger messages"
        ) { $0.triggers.purchasesTriggerFrom = .sdkOrAPI },
        Behaviour(
            "less-than-inclusive",
            rule: "filters.numeric-comparisons",
            summary: "reads less_than as less or equal (<=) instead of <"
        ) { $0.filters.lessThan = .inclusive },
        Behaviour(
            "at-most-strict",
            rule: "filters.numeric-comparisons",
            summary: "reads at_most as strictly less (<) instead of <="
        ) { $0.filters.atMost = .exclusive },
        // Leanplum 5.10.4, `matchedTrigger`: the `triggersWithParameter` verb compares the parameter's and the value's
        // `toString()` forms, and "5" is not "5.0".
        Behaviour(
            "integer-real-unequal",
            rule: "filters.equals",
            summary: "never takes an integer to equal a real of the same value (5 and 5.0)",
            source:
                "Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087, "
                + "AndroidSDKCore/src/main/java/com/leanplum/internal/ActionManager.java, "
                + "`matchedTrigger` (the `triggersWithParameter` verb)"
        ) { $0.filters.integersEqualReals = false },
        // OneSignal 4.8.12, `triggerMatchesFlex`: a text value against a number operand is read as a number
        // (`triggerMatchesNumericValueFlex`, `Double.parseDouble`). Swrve 10.14.0, `canTrigger`: an event's payload is
        // text, and the number conditions read it with `Integer.parseInt`.
        Behaviour(
            "numeric-string-compared",
            rule: "filters.exact-types",
            summary: "reads a numeric string as a number in the number operators",
            source:
                "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSTriggerController.java, "
                + "`triggerMatchesFlex`; "
                + "Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDK/src/main/java/com/swrve/sdk/SwrveCampaignDisplayer.java, `canTrigger`"
        ) { $0.filters.numberOperatorsNeedNumbers = false },
        Behaviour(
            "unreadable-number-drops-event",
            rule: "filters.exact-types",
            summary:
                "reads a number condition's value as an integer's text: a value that is not one (a real such as 5.0, "
                + "a word) makes the whole event trigger nothing, for every message",
            source:
                "Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDK/src/main/java/com/swrve/sdk/SwrveCampaignDisplayer.java, `canTrigger` (`Integer.parseInt`)"
        ) { $0.filters.unreadableNumberDropsEvent = true },
        Behaviour(
            "within-last-exclusive",
            rule: "filters.date-comparisons",
            summary: "excludes within_last's own bound (now - s < t instead of <=)"
        ) { $0.filters.withinLast = .exclusive },
        Behaviour(
            "no-match-when-interval-drops",
            rule: "callbacks.no-matching-trigger",
            summary:
                "fires the no-matching-trigger callback when the minimum interval holds back every matching message",
            presupposes: [.minimumInterval]
        ) { $0.triggers.noMatchCallbackFires.insert(.intervalHoldsBackEveryMatch) },
        Behaviour(
            "no-match-ignores-unavailable",
            rule: "callbacks.no-matching-trigger",
            summary:
                "does not fire the no-matching-trigger callback when the only matching messages are out of their window or not re-eligible"
        ) { $0.triggers.noMatchCallbackFires.remove(.onlyUnavailableMessagesMatch) },
        Behaviour(
            "does-not-match-false-when-absent",
            rule: "filters.regex-substring",
            summary: "reads does_not_match as false when the property is absent"
        ) { $0.filters.doesNotMatchHoldsWhenAbsent = false },
        Behaviour(
            "does-not-match-false-on-non-text",
            rule: "filters.regex-substring",
            summary: "reads does_not_match as false when the property is not text"
        ) { $0.filters.doesNotMatchHoldsForNonText = false },
        Behaviour(
            "within-last-excludes-future",
            rule: "filters.date-comparisons",
            summary: "reads within_last as false for a time after the event (t <= now added)"
        ) { $0.filters.withinLastAdmitsTheFuture = false },
        Behaviour(
            "more-than-ago-exclusive",
            rule: "filters.date-comparisons",
            summary: "excludes more_than_ago's bound (t < now - s instead of <=)"
        ) { $0.filters.moreThanAgo = .exclusive },
        Behaviour(
            "less-than-in-future-needs-future",
            rule: "filters.date-comparisons",
            summary: "reads less_than_in_future as false for the event's time and earlier (now < t added)"
        ) { $0.filters.lessThanInFutureAdmitsThePast = false },
        Behaviour(
            "numbers-compared-as-text",
            rule: "filters.numeric-comparisons",
            summary: "compares numbers in property filters as text: 10 is less than 9"
        ) { $0.filters.numbersOrdered = .textual },
        Behaviour(
            "property-filters-ignored",
            rule: "filters.property-filters",
            summary: "ignores a trigger's property filters: any event of the trigger's name fires it"
        ) { $0.triggers.propertyFiltersChecked = false },
        Behaviour(
            "purchase-product-ignored",
            rule: "triggers.specific-purchase",
            summary: "fires a Specific Purchase trigger on a purchase of any product"
        ) { $0.triggers.specificPurchaseMatchesOwnProductOnly = false },
        // Firebase In-App Messaging 22.0.4: an app-foreground trigger (Session Start) is filtered by a rate limit of
        // one a day (RateLimitModule, `providesAppForegroundRateLimit`) that each impression of such a message counts
        // (DisplayCallbacksImpl, `logToImpressionStore`).
        Behaviour(
            "session-start-once-per-day",
            rule: "triggers.session-start",
            summary:
                "displays at most one message a day for Session Start triggers: a later one within 24 h is dropped",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/InAppMessageStreamManager.java, "
                + "`getContentIfNotRateLimited`; injection/modules/RateLimitModule.java, "
                + "`providesAppForegroundRateLimit`; DisplayCallbacksImpl.java, `logToImpressionStore`"
        ) { $0.triggers.sessionStartDisplaysOncePerDay = true },
        // firebase/firebase-android-sdk@a089298, firebase-inappmessaging/src/main/java/com/google/
        // firebase/inappmessaging/internal/ForegroundNotifier.java: `onActivityResumed` emits
        // `ON_FOREGROUND` when `foreground` is false, which it is again once the check `onActivityPaused`
        // posts `DELAY_MILLIS` (1 s) later has run; a launch is a foreground too.
        Behaviour(
            "session-start-fired-at-app-foreground",
            rule: "triggers.session-start",
            summary:
                "fires Session Start triggers whenever the app comes to the foreground after a second in the "
                + "background, a relaunch included",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/ForegroundNotifier.java, "
                + "`onActivityResumed`"
        ) { $0.triggers.sessionStartFiresAtAppForegroundAfter = .seconds(1) },
        // Swrve Android SDK 10.14.0: `init`, once per process, turns on `autoShowMessagesEnabled`, which
        // `disableAutoShowAfterDelay` turns off after `autoShowMessagesMaxDelay` (5 s by default) and `autoShowMessage`
        // once it has shown a message.
        Behaviour(
            "session-start-only-after-launch",
            rule: "triggers.session-start",
            summary:
                "fires Session Start triggers only in the 5 s after the app's launch, until one shows: a later "
                + "session start shows none",
            source:
                "Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDK/src/main/java/com/swrve/sdk/SwrveBase.java, `init`; SwrveImp.java, "
                + "`disableAutoShowAfterDelay`, `autoShowMessage`"
        ) { $0.triggers.sessionStartFiresOnlyAfterLaunchFor = .seconds(5) },
        // The Braze Web SDK 3.5.0's `openSession` finds the stored push click ("Firing push click trigger from ...")
        // and asks for a trigger refresh ("Requesting explicit trigger refresh."); each answer that carries triggers
        // (minified `Bf.prototype.Lb`) fires the Session Start triggers again.
        Behaviour(
            "session-start-fired-at-push-click",
            rule: "triggers.session-start",
            summary:
                "fires its Session Start messages again at a push click during a session, as a refresh of its triggers does",
            source:
                "mparticle-integrations/mparticle-javascript-integration-braze@aa4aaa7482302cc762d20d9bb84ea0dd47956d08, "
                + "dist/BrazeKit.common.js (Braze Web SDK 3.5.0, minified), "
                + "`appboy.openSession` and the trigger sync (minified `Bf.prototype.Lb`)"
        ) { $0.triggers.sessionStartFiresAtPushClick = true },
    ]
    // MARK: Candidate selection and the minimum interval

    private static let selectionAndInterval: [Behaviour] = [
        // Of the campaigns of equal priority, Firebase In-App Messaging 22.0.4 takes the first in the fetched list
        // (`sorted(compareByPriority)`, a stable sort, then `firstElement`), Iterable the first in its messages map
        // (`getFirstProcessableTriggeredMessage`), Mixpanel 5.9.6, which has no priority, the first match in the decide
        // list (`getNotification`), OneSignal 4.8.12, which has none either, the first it queued
        // (`evaluateInAppMessages` walks the messages in their delivered order; the queue shows its head).
        Behaviour(
            "priority-ties-first",
            rule: "priority.ties-to-later",
            summary: "gives a priority tie to the earlier message in the delivered list",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/InAppMessageStreamManager.java, "
                + "`getTriggeredInAppMessageMaybe`; "
                + "Iterable/swift-sdk@4e08441c, swift-sdk/Internal/InAppManager+Functions.swift, "
                + "`getFirstProcessableTriggeredMessage`; "
                + "mixpanel/mixpanel-android@9228f416c46e423aecb3eed119d4620e44b6b7f8, "
                + "src/main/java/com/mixpanel/android/mpmetrics/DecideMessages.java, `getNotification`; "
                + "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java, "
                + "`evaluateInAppMessages`, `attemptToShowInAppMessage`; "
                + "urbanairship/android-library@629aaf29dd65a3cc3f3feca2299f1c21455ab713, "
                + "urbanairship-automation/src/main/java/com/urbanairship/automation/AutomationEngine.java, "
                + "`sortSchedulesByPriority` (a stable sort)"
        ) { $0.selection.priorityTiesGoTo = .earlierMessage },
        // Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087,
        // AndroidSDKCore/src/main/java/com/leanplum/internal/LeanplumInternal.java,
        // `maybePerformActions`: the matching messages, taken in the order of
        // `VarCache.messages().keySet()` (a `HashMap` by message id: VarCache.java,
        // `applyVariableDiffs`), are sorted by priority with `Collections.sort` (stable), and the
        // loop stops at the second of the top priority with the same `fetchCountDown`.
        Behaviour(
            "priority-ties-by-hash-map-order",
            rule: "priority.ties-to-later",
            summary:
                "gives a priority tie to the first message of a walk of a Java HashMap keyed by message id: "
                + "by the ids' hash codes, not the delivered order",
            source:
                "Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087, AndroidSDKCore/src/main/java/com/leanplum/internal/LeanplumInternal.java, `maybePerformActions` (the order of VarCache.java's `HashMap`, `applyVariableDiffs`)"
        ) { $0.selection.priorityTiesGoTo = .firstInHashMapWalk },
        Behaviour(
            "interval-after-priority",
            rule: "interval.before-priority",
            summary: "checks the minimum interval after priority: a winner the interval holds back drops the trigger",
            presupposes: [.priority, .minimumInterval]
        ) { $0.selection.intervalChecked = .afterPriority },
        Behaviour(
            "interval-from-last-trigger",
            rule: "interval.from-last-display",
            summary: "measures the minimum interval from the last trigger instead of the last display",
            presupposes: [.minimumInterval]
        ) { $0.interval.measuredFrom = .lastTrigger },
        Behaviour(
            "interval-exclusive",
            rule: "interval.configurable",
            summary: "needs the minimum interval to be exceeded (>) instead of reached (>=)",
            presupposes: [.minimumInterval]
        ) { $0.interval.reached = .exclusive },
        Behaviour(
            "interval-ignores-delay",
            rule: "interval.trigger-and-display-time",
            summary: "checks the minimum interval at the trigger time, ignoring the message's delay",
            presupposes: [.minimumInterval]
        ) { $0.interval.triggerCheck = .atTriggerTime },
        Behaviour(
            "trigger-in-interval-queued",
            rule: "interval.dropped-not-queued",
            summary: "queues a trigger inside the minimum interval until the interval ends instead of dropping it",
            presupposes: [.minimumInterval]
        ) { $0.interval.insideInterval = .queuedUntilItEnds },
        Behaviour(
            "display-time-recheck-skipped",
            rule: "interval.trigger-and-display-time",
            summary: "does not check the minimum interval again when a delayed message becomes ready",
            presupposes: [.minimumInterval]
        ) { $0.interval.checkedAgainAtDisplay = false },
        Behaviour(
            "test-send-not-exempt",
            rule: "interval.test-sends-exempt",
            summary: "holds test sends to the minimum interval",
            presupposes: [.minimumInterval]
        ) { $0.interval.testSendsExempt = false },
        // CleverTap's Web SDK 2.7.4: `doCampHouseKeeping` checks a web popup's frequency caps, its once-per-user `tlc`
        // among them, against an empty record (`campTypeObj`), so the SDK shows again a campaign that a reply or its
        // own delayed replay brings; the display record (`wfc`) is only sent to the server, which applies the caps.
        Behaviour(
            "reeligibility-ignored",
            rule: "reeligibility.once-by-default",
            summary: "triggers a displayed message again though it sets no re-eligibility",
            source:
                "CleverTap/clevertap-web-sdk@e7d6e6ca971f0f61bcb7e5fb9f0b1c6f80cc376b, "
                + "src/util/campaignHouseKeeping/commonCampaignUtils.js, `doCampHouseKeeping`"
        ) { $0.reeligibility.onceByDefault = false },
        // OneSignal 4.8.12, `queueMessageForDisplay`: a message already in the display queue, the one on screen
        // included, is not added again.
        Behaviour(
            "waiting-not-retriggerable",
            rule: "stack.retrigger-moves-to-top",
            summary:
                "does not trigger a message already triggered (delayed, stacked, waiting for assets) again until it settles",
            source:
                "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java, "
                + "`queueMessageForDisplay`"
        ) { $0.selection.excludesMessagesInFlight = true },
        // CleverTap's Web SDK 2.7.4: `doCampHouseKeeping` runs a delayed campaign by calling `_tr` again on the stored
        // reply once the delay is over, and checks a web popup's caps against an empty record (`campTypeObj`: the line
        // that reads the stored `wp` is commented out): nothing a display meanwhile counted holds it back.
        Behaviour(
            "ready-skips-eligibility",
            rule: "delay.retrigger-while-waiting",
            summary: "displays a delayed message again when another firing displayed it while it waited",
            source:
                "CleverTap/clevertap-web-sdk@e7d6e6ca971f0f61bcb7e5fb9f0b1c6f80cc376b, "
                + "src/util/campaignHouseKeeping/commonCampaignUtils.js, `doCampHouseKeeping`"
        ) { $0.reeligibility.checkedAgainWhenReady = false },
        // Firebase In-App Messaging 22.0.4: an image that fails to load (`GlideErrorListener.onLoadFailed`) is reported
        // by `displayErrorEncountered`, which stores an impression (`logToImpressionStore`), and the stream leaves out
        // impressed campaigns (`filterAlreadyImpressed`).
        Behaviour(
            "discarded-never-retriggered",
            rule: "discard.retrigger",
            summary: "never triggers a discarded message again",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging-display/src/main/java/com/google/firebase/inappmessaging/display/internal/GlideErrorListener.java, "
                + "`onLoadFailed`; firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/DisplayCallbacksImpl.java, "
                + "`displayErrorEncountered`; InAppMessageStreamManager.java, `createFirebaseInAppMessageStream`"
        ) { $0.reeligibility.discardedMessagesRetriggerable = false },
        Behaviour(
            "reeligibility-from-trigger",
            rule: "reeligibility.period",
            summary: "counts re-eligibility from the trigger instead of the last display"
        ) { $0.reeligibility.countedFrom = .lastTrigger },
        // Leanplum 5.10.4, `matchesLimitTimes`: an earlier display counts against the limit until `timeAgo > time`, so
        // a period is over only once it is exceeded.
        Behaviour(
            "reeligibility-exclusive",
            rule: "reeligibility.period",
            summary: "needs the re-eligibility period to be exceeded (>) instead of reached (>=)",
            source:
                "Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087, "
                + "AndroidSDKCore/src/main/java/com/leanplum/internal/ActionManager.java, `matchesLimitTimes`"
        ) { $0.reeligibility.reached = .exclusive },
        // Leanplum 5.10.4's `matchesLimitTimes` counts `timeAgo` as `(now - occurrence) / 1000`, whole seconds.
        // OneSignal 4.8.12 keeps a message's last display in whole seconds (`persistInAppMessage`: the time in ms
        // / 1000), and `isDelayTimeSatisfied` compares the seconds since then, cut the same way, with the redisplay
        // delay, a whole number of seconds.
        Behaviour(
            "reeligibility-whole-seconds",
            rule: "reeligibility.period",
            summary:
                "counts the time since the last display in whole seconds, cut: a period of 10.5 s is reached "
                + "only 11 s after the display",
            source:
                "Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087, "
                + "AndroidSDKCore/src/main/java/com/leanplum/internal/ActionManager.java, `matchesLimitTimes`; "
                + "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageRedisplayStats.java, "
                + "`isDelayTimeSatisfied`; OSInAppMessageController.java, `persistInAppMessage`"
        ) { $0.reeligibility.countsWholeSeconds = true },
        Behaviour(
            "local-starts-interval",
            rule: "manual.present-local",
            summary: "starts the minimum interval when it displays a locally created message",
            presupposes: [.minimumInterval]
        ) { $0.interval.localDisplayStartsInterval = true },
        Behaviour(
            "rollback-starts-interval",
            rule: "naming.legacy-reenqueue-rolls-back",
            summary: "starts the minimum interval when a trigger is rolled back",
            presupposes: [.minimumInterval]
        ) { $0.interval.rollbackStartsInterval = true },
        Behaviour(
            "handed-over-discard-starts-interval",
            rule: "interval.from-last-display",
            summary: "starts the minimum interval when it discards a message it was about to show",
            presupposes: [.minimumInterval]
        ) { $0.interval.handedOverDiscardsStartInterval = true },
        Behaviour(
            "stacking-starts-interval",
            rule: "interval.from-last-display",
            summary: "starts the minimum interval when it puts a triggered message on the stack",
            presupposes: [.minimumInterval]
        ) { $0.interval.stackingStartsInterval = true },
        Behaviour(
            "rollback-consumes-message",
            rule: "naming.legacy-reenqueue-rolls-back",
            summary: "counts a rolled-back message as displayed and never triggers it again"
        ) { $0.reeligibility.rollbackCountsAsDisplay = true },
        Behaviour(
            "reeligibility-at-trigger-time",
            rule: "reeligibility.period",
            summary: "judges re-eligibility at the trigger time instead of trigger time + delay"
        ) { $0.reeligibility.triggerCheck = .atTriggerTime },
        Behaviour(
            "interval-from-dismissal",
            rule: "interval.from-last-display",
            summary: "measures the minimum interval from the last dismissal instead of the last display",
            presupposes: [.minimumInterval]
        ) { $0.interval.measuredFrom = .lastDismissal },
        // Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e: the campaign displayer's
        // throttle (`min_delay_between_messages` of the app) is set at each display and again at
        // each dismissal (SwrveSDK/src/main/java/com/swrve/sdk/messaging/SwrveBaseCampaign.java,
        // `setMessageMinDelayThrottle` calls `campaignDisplayer.setMessageMinDelayThrottle`). Airship 16.11.2's
        // DefaultDisplayCoordinator locks the display when a message starts (`onDisplayStarted`) and, when it
        // finishes (`onDisplayFinished`), unlocks it only once the display interval has passed.
        Behaviour(
            "interval-from-display-and-dismissal",
            rule: "interval.from-last-display",
            summary: "measures the minimum interval from the last display and again from the last dismissal",
            source:
                "Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDK/src/main/java/com/swrve/sdk/messaging/SwrveBaseCampaign.java, `setMessageMinDelayThrottle`; "
                + "urbanairship/android-library@629aaf29dd65a3cc3f3feca2299f1c21455ab713, "
                + "urbanairship-automation/src/main/java/com/urbanairship/iam/DefaultDisplayCoordinator.java, "
                + "`onDisplayStarted`, `onDisplayFinished`",
            presupposes: [.minimumInterval]
        ) { $0.interval.measuredFrom = .lastDisplayOrDismissal },
        // Iterable/swift-sdk@4e08441c, InAppManager.swift: `isOkToShowNow` holds a message until `getWaitTimeInterval`
        // (the interval plus 0.1 s) has passed since `lastDisplayTime` and since `lastDismissedTime`, leaving it in the
        // messages map; after a dismissal `scheduleNextInAppMessage` waits that out and shows the next; both times are
        // in memory only, where the messages map is persisted.
        Behaviour(
            "interval-with-margin-from-display-and-dismissal",
            rule: "interval.configurable",
            summary:
                "waits the interval plus 0.1 s, from the last display and again from the last dismissal, holding a "
                + "trigger inside it on the stack unobserved and showing the top once that wait after a dismissal "
                + "ends; a relaunch forgets the interval",
            source:
                "Iterable/swift-sdk@4e08441c, swift-sdk/Internal/InAppManager.swift, `isOkToShowNow`, "
                + "`getWaitTimeInterval`, `scheduleNextInAppMessage`",
            presupposes: [.minimumInterval]
        ) {
            $0.interval.measuredFrom = .lastDisplayOrDismissal
            $0.interval.margin = VirtualTime(milliseconds: 100)
            $0.interval.insideInterval = .heldOnTheStack
            $0.interval.clockForgottenAtRelaunch = true
            $0.stack.topOfferedAt.insert(.messageDismissed)
        },
        Behaviour(
            "priority-losers-stacked",
            rule: "priority.highest-wins",
            summary: "keeps the messages that lose a priority contest waiting on the stack instead of dropping them",
            source:
                "urbanairship/android-library@629aaf29dd65a3cc3f3feca2299f1c21455ab713, "
                + "urbanairship-automation/src/main/java/com/urbanairship/automation/AutomationEngine.java, "
                + "`handleTriggeredSchedules` and `checkPendingSchedules` (every triggered schedule runs, in priority "
                + "order, once the display is ready)"
        ) { $0.selection.priorityLosers = .stacked },
        Behaviour(
            "priority-losers-observed-stacked",
            rule: "priority.highest-wins",
            summary: "puts the messages that lose a priority contest on the stack, each observed stacked"
        ) { $0.selection.priorityLosers = .stackedAndObserved },
        // Iterable's `MessagesProcessor.processMessages` shows the first message and leaves the others unprocessed in
        // the messages map for the next processing. OneSignal 4.8.12's `evaluateInAppMessages` queues every message
        // whose triggers hold (`queueMessageForDisplay`); the queue shows its head and the rest wait behind it.
        Behaviour(
            "priority-losers-observed-stacked-after-winner",
            rule: "priority.highest-wins",
            summary:
                "puts the messages that lose a priority contest on the stack, each observed stacked after the winner is shown",
            source:
                "Iterable/swift-sdk@4e08441c, swift-sdk/Internal/InAppManager+Functions.swift, "
                + "`MessagesProcessor.processMessages`; "
                + "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java, "
                + "`evaluateInAppMessages`, `queueMessageForDisplay`"
        ) { $0.selection.priorityLosers = .stackedAndObservedAfterWinner },
        Behaviour(
            "priority-lowest-wins",
            rule: "priority.highest-wins",
            summary: "reads priority upside down: of the messages an event triggers, the lowest priority wins",
            presupposes: [.priority]
        ) { $0.selection.priorityWinner = .lowest },
        // CleverTap's Web SDK 2.7.4: `processCampaigns` sorts a reply's campaigns highest priority first
        // (`sortCampaignsByPriority`) and renders each in turn, each `createTemplate` removing the popup before it.
        Behaviour(
            "priority-every-match-shown-highest-first",
            rule: "priority.highest-wins",
            summary:
                "shows every message an event triggers in turn from the highest priority down, each in the place of the one before within the same moment: only the lowest stays on screen, the ones it replaced unobserved yet counted as displayed",
            source:
                "CleverTap/clevertap-web-sdk@e7d6e6ca971f0f61bcb7e5fb9f0b1c6f80cc376b, "
                + "src/util/campaignHouseKeeping/commonCampaignUtils.js, `processCampaigns` and `createTemplate`",
            presupposes: [.priority]
        ) {
            $0.selection.priorityWinner = .lowest
            $0.selection.priorityLosers = .shownInTurnBeforeWinner
        },
        Behaviour(
            "reeligibility-from-dismissal",
            rule: "reeligibility.once-by-default",
            summary:
                "counts re-eligibility from the user's dismissal of a message instead of its display: until dismissed, it may be triggered again"
        ) { $0.reeligibility.countedFrom = .lastDismissal },
        // OneSignal/OneSignal-Android-SDK@4.8.12, OSInAppMessageController.java: a message is not
        // queued again while it is in the display queue (`queueMessageForDisplay`), the one on
        // screen included, and `messageWasDismissed` calls `persistInAppMessage`, which sets the
        // redisplay's `lastDisplayTime` to the dismissal's time. Swrve's campaigns do the same
        // with their `min_delay_between_messages`
        // (Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e,
        // SwrveSDK/src/main/java/com/swrve/sdk/messaging/SwrveBaseCampaign.java,
        // `messageWasHandledOrShownToUser` and SwrveInAppCampaign.java, `messageDismissed`, each
        // call `setMessageMinDelayThrottle`). Airship 16.11.2's AutomationEngine keeps a schedule EXECUTING from its
        // display (`attemptExecution`) until it finishes, then PAUSED for its interval from that moment
        // (`onScheduleFinishedExecuting`); only an IDLE schedule is triggered.
        Behaviour(
            "reeligibility-from-display-and-dismissal",
            rule: "reeligibility.period",
            summary:
                "counts re-eligibility from the message's display and again from its dismissal: the period starts "
                + "over when the user dismisses it",
            source:
                "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java, "
                + "`queueMessageForDisplay`, `messageWasDismissed` and `persistInAppMessage`; "
                + "Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDK/src/main/java/com/swrve/sdk/messaging/SwrveBaseCampaign.java, "
                + "`messageWasHandledOrShownToUser`, and SwrveInAppCampaign.java, `messageDismissed`; "
                + "urbanairship/android-library@629aaf29dd65a3cc3f3feca2299f1c21455ab713, "
                + "urbanairship-automation/src/main/java/com/urbanairship/automation/AutomationEngine.java, "
                + "`attemptExecution`, `onScheduleFinishedExecuting`"
        ) { $0.reeligibility.countedFrom = .lastDisplayOrDismissal },
        // The Braze Web SDK 3.5.0: a delayed firing keeps the trigger object of the delivery it fired from and, when
        // its delay ends (minified `Ff`), judges re-eligibility on that object's last display time, which the trigger
        // manager brings up to date only for the triggers of the latest delivery (minified `Ef`).
        Behaviour(
            "ready-sees-own-delivery-displays",
            rule: "delay.retrigger-while-waiting",
            summary:
                "judges a delayed firing, when its delay ends, on the displays of its own delivery of the messages and "
                + "those before a later delivery: a firing of an older delivery shows the message again",
            source:
                "mparticle-integrations/mparticle-javascript-integration-braze@aa4aaa7482302cc762d20d9bb84ea0dd47956d08, "
                + "dist/BrazeKit.common.js (Braze Web SDK 3.5.0, minified), "
                + "the trigger manager's display of a delayed firing (minified `Ff`, with `Ef`)"
        ) { $0.reeligibility.displaysSeenWhenReady = .ofItsDeliveryUntilSuperseded },
    ]
    // MARK: The stack

    private static let stack: [Behaviour] = [
        Behaviour(
            "stack-fifo",
            rule: "stack.lifo",
            summary: "lets waiting messages leave first in, first out"
        ) { $0.stack.order = .firstInFirstOut },
        // OneSignal 4.8.12: `queueMessageForDisplay` appends a message to the display queue
        // (`messageDisplayQueue.add`), which shows its head (`attemptToShowInAppMessage`, `dismissCurrentMessage`): a
        // message that meets a visible one waits behind every message queued before it.
        Behaviour(
            "reenqueue-at-bottom",
            rule: "reenqueue.message-visible",
            summary: "puts a message back at the bottom of the stack instead of the top",
            source:
                "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java, "
                + "`queueMessageForDisplay`, `attemptToShowInAppMessage`"
        ) { $0.stack.putBackOn = .bottom },
        Behaviour(
            "stack-survives-relaunch",
            rule: "stack.memory-only",
            summary: "keeps the stack across an app relaunch"
        ) { $0.lifecycle.relaunchClears.remove(.stack) },
        Behaviour(
            "change-user-keeps-stack",
            rule: "stack.change-user-clears",
            summary: "keeps the stack when the user changes"
        ) { $0.lifecycle.userChangeClears.remove(.stack) },
        // The Braze Web SDK 3.5.0's `changeUser` resets the trigger manager with whether the previous user was
        // anonymous (minified `Bf.prototype.$a`): only a change away from an identified user clears the delay timers
        // and the display history, so a firing of the anonymous user's runs out its delay and shows to the new user.
        Behaviour(
            "change-from-anonymous-keeps-delayed",
            rule: "stack.change-user-clears",
            summary:
                "keeps the messages waiting out their delay through a change away from the anonymous user, and shows "
                + "them to the new user",
            source:
                "mparticle-integrations/mparticle-javascript-integration-braze@aa4aaa7482302cc762d20d9bb84ea0dd47956d08, "
                + "dist/BrazeKit.common.js (Braze Web SDK 3.5.0, minified), "
                + "`appboy.changeUser` (the trigger manager's reset, minified `Bf.prototype.$a`)"
        ) { $0.users.changeFromAnonymousUserKeepsDelayedMessages = true },
        Behaviour(
            "change-user-keeps-delivered",
            rule: "stack.change-user-clears",
            summary: "keeps the delivered messages when the user changes"
        ) { $0.lifecycle.userChangeClears.remove(.deliveredMessages) },
        Behaviour(
            "session-end-clears-stack",
            rule: "stack.eligibility-moments",
            summary: "empties the stack when a session ends"
        ) { $0.lifecycle.sessionEndClears = [.stack] },
        // The Braze Web SDK 3.5.0's trigger manager keeps each delayed firing in the SDK's storage, which outlives the
        // page (minified `Gf`), and at each page load sets the timer again of each whose delay has not run out (its
        // constructor, minified `Df`).
        Behaviour(
            "delayed-survives-relaunch",
            rule: "stack.memory-only",
            summary: "keeps messages waiting out their delay across an app relaunch",
            source:
                "mparticle-integrations/mparticle-javascript-integration-braze@aa4aaa7482302cc762d20d9bb84ea0dd47956d08, "
                + "dist/BrazeKit.common.js (Braze Web SDK 3.5.0, minified), "
                + "the trigger manager (minified `Bf`: `Gf` stores a delayed firing, `Df` re-arms it at load)"
        ) { $0.lifecycle.relaunchClears.remove(.delayedMessages) },
        // The Braze Web SDK 3.5.0's `changeUser` ends the session, resets the trigger manager and opens a session; only
        // a message's own close (minified `Wc`: its close button, a click, `closeMessage`, its own timer) takes it off
        // the page. OneSignal 4.8.12's `setExternalUserId` only updates the user's state
        // (`OneSignalStateSynchronizer.setExternalUserId`): nothing reaches the in-app message controller.
        Behaviour(
            "change-user-keeps-visible",
            rule: "stack.change-user-clears",
            summary: "leaves the visible message on screen when the user changes",
            source:
                "mparticle-integrations/mparticle-javascript-integration-braze@aa4aaa7482302cc762d20d9bb84ea0dd47956d08, "
                + "dist/BrazeKit.common.js (Braze Web SDK 3.5.0, minified), `appboy.changeUser`; "
                + "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OneSignal.java, `setExternalUserId`"
        ) { $0.lifecycle.userChangeClears.remove(.visibleMessage) },
        Behaviour(
            "equal-ready-times-reversed",
            rule: "delay.display-delay",
            summary: "offers delayed messages ready at the same time in reverse trigger order"
        ) { $0.delay.equalReadyTimes = .inReverseTriggerOrder },
        Behaviour(
            "click-follow-up-flipped",
            rule: "stack.click-follow-up",
            summary: "holds no follow-up after a click under the Swift SDK, and holds one under the legacy SDK"
        ) { $0.profile.clickHoldsFollowUp.toggle() },
        Behaviour(
            "display-next-restack-flipped",
            rule: "manual.display-next-leaves-stack",
            summary:
                "answers display_next with a message visible as the other SDK does: Swift re-stacks the top (observed), the legacy SDK leaves it unobserved"
        ) { $0.profile.displayNextRestacksBehindVisibleMessage.toggle() },
        // Firebase In-App Messaging 22.0.4 skips a trigger while a message is up (`bindFiamToActivity`: "Active FIAM
        // exists. Skipping trigger"). Mixpanel Android 5.9.6: `track` takes the matching notification off the unseen
        // list (DecideMessages, `getNotification`), and `showGivenOrAvailableNotification` returns while one shows
        // ("DisplayState is locked"). Swrve 10.14.0's SwrveInAppMessageActivity is `launchMode="singleTask"`
        // (SwrveSDK/src/main/AndroidManifest.xml) with no `onNewIntent`: `displaySwrveMessage` starting it again while
        // it shows changes nothing.
        Behaviour(
            "message-visible-drops",
            rule: "reenqueue.message-visible",
            summary: "has no stack: drops a message triggered while another is visible",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging-display/src/main/java/com/google/firebase/inappmessaging/display/FirebaseInAppMessagingDisplay.java, "
                + "`bindFiamToActivity`; "
                + "mixpanel/mixpanel-android@9228f416c46e423aecb3eed119d4620e44b6b7f8, "
                + "src/main/java/com/mixpanel/android/mpmetrics/MixpanelAPI.java, "
                + "`track` and `showGivenOrAvailableNotification`; "
                + "Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDK/src/main/java/com/swrve/sdk/SwrveImp.java, "
                + "`displaySwrveMessage`; SwrveInAppMessageActivity.java (singleTask); "
                + "mparticle-integrations/mparticle-javascript-integration-braze@aa4aaa7482302cc762d20d9bb84ea0dd47956d08, "
                + "dist/BrazeKit.common.js (Braze Web SDK 3.5.0, minified), `appboy.display.showInAppMessage` "
                + "(a message that blocks the page, while one that does is on it)"
        ) { $0.screen.messageMeetingAnother = .dropped },
        // CleverTap's Web SDK 2.7.4: with `dismissSpamControl` (true unless the site sets it false, src/clevertap.js),
        // `createTemplate` removes the popup on screen (`wizParDiv<layout>`) before it renders the new one.
        Behaviour(
            "message-visible-replaced",
            rule: "reenqueue.message-visible",
            summary:
                "has no stack: shows a message triggered while another is visible in its place, the other observed dismissed",
            source:
                "CleverTap/clevertap-web-sdk@e7d6e6ca971f0f61bcb7e5fb9f0b1c6f80cc376b, "
                + "src/util/campaignHouseKeeping/commonCampaignUtils.js, `createTemplate`"
        ) { $0.screen.messageMeetingAnother = .replacesIt },
        // Leanplum 5.10.4: a message's action callback (`createCallback`) hands the template's `handleAction` to
        // `queueActionUponActive`, which runs it at once while an activity is resumed; each template opens a dialog of
        // its own (e.g. CenterPopupMessage, `handleAction`), and none looks for a message on screen.
        Behaviour(
            "message-visible-shown-beside",
            rule: "reenqueue.message-visible",
            summary:
                "has no stack: shows a message triggered while another is visible beside it, several at once, each "
                + "taking its own clicks",
            source:
                "Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087, "
                + "AndroidSDKCore/src/main/java/com/leanplum/messagetemplates/MessageTemplates.java, "
                + "`createCallback`; LeanplumActivityHelper.java, `queueActionUponActive`"
        ) { $0.screen.messageMeetingAnother = .shownBeside },
        // The Braze Web SDK 3.5.0 builds a message without buttons with a click handler (the `InAppMessage` element,
        // minified `W.prototype.aa`) that closes the message (minified `Wc`, as `closeMessage` does) before its action.
        Behaviour(
            "click-closes-message",
            rule: "stack.click-follow-up",
            summary: "closes a message the user clicks at once: it is dismissed, and nothing is held as its follow-up",
            source:
                "mparticle-integrations/mparticle-javascript-integration-braze@aa4aaa7482302cc762d20d9bb84ea0dd47956d08, "
                + "dist/BrazeKit.common.js (Braze Web SDK 3.5.0, minified), "
                + "the `InAppMessage` element's click handler (minified `W.prototype.aa`, closing by `Wc`)"
        ) { $0.screen.clickCloses = true },
        Behaviour(
            "test-send-replaces-visible",
            rule: "reenqueue.message-visible",
            summary: "shows a test send in the place of the visible message, which is observed dismissed"
        ) { $0.screen.testSendsReplaceVisibleMessage = true },
        Behaviour(
            "push-click-replaces-visible",
            rule: "reenqueue.message-visible",
            summary:
                "shows a message a push click triggers in the place of the visible message, which is observed dismissed"
        ) { $0.screen.pushClickMessagesReplaceVisibleMessage = true },
        Behaviour(
            "dismisses-itself-after-5-seconds",
            rule: "stack.dismissal-observed",
            summary: "dismisses a message itself once it has been on screen for 5 s, as a slide-up that closes itself"
        ) { $0.screen.dismissesItselfAfter = .seconds(5) },
        // Firebase In-App Messaging 22.0.4, `inflateBinding`: a layout with `autoDismiss` (the banner's, in
        // InflaterConfigModule.java) starts a timer that dismisses the message after `DISMISS_THRESHOLD_MILLIS` (20 s).
        Behaviour(
            "dismisses-itself-after-20-seconds",
            rule: "stack.dismissal-observed",
            summary: "dismisses a message itself once it has been on screen for 20 s, as a banner that closes itself",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging-display/src/main/java/com/google/firebase/inappmessaging/display/FirebaseInAppMessagingDisplay.java, "
                + "`inflateBinding`"
        ) { $0.screen.dismissesItselfAfter = .seconds(20) },
        Behaviour(
            "change-user-keeps-stack-and-clocks",
            rule: "stack.change-user-clears",
            summary: "leaves the waiting messages and the display clocks alone when the user changes"
        ) {
            $0.lifecycle.userChangeClears.subtract([.stack, .delayedMessages, .messagesAwaitingAssets])
            $0.users.changeFromIdentifiedUserResetsClocks = false
        },
        Behaviour(
            "wipe-keeps-clocks",
            rule: "stack.wipe-data-clears",
            summary: "keeps the display clocks when the app wipes the SDK's data: what was shown stays shown"
        ) { $0.lifecycle.wipeResetsClocks = false },
        Behaviour(
            "session-end-forgets-delivered",
            rule: "delivery.outside-sessions",
            summary:
                "forgets the delivered messages when a session ends: no event triggers one until the next session starts"
        ) { $0.lifecycle.sessionEndClears = [.deliveredMessages] },
        // The Braze Web SDK 3.5.0's `appboy.display.showInAppMessage` appends a slide-up to the page beside whatever is
        // on it, and any message while only slide-ups are; a message that blocks the page (any but a slide-up) meeting
        // another that does is `message-visible-drops`'s.
        Behaviour(
            "slide-ups-shown-beside",
            rule: "reenqueue.message-visible",
            summary:
                "shows a slide-up triggered while another message is visible beside it, and any message beside "
                + "slide-ups alone, each taking its own clicks",
            source:
                "mparticle-integrations/mparticle-javascript-integration-braze@aa4aaa7482302cc762d20d9bb84ea0dd47956d08, "
                + "dist/BrazeKit.common.js (Braze Web SDK 3.5.0, minified), `appboy.display.showInAppMessage`"
        ) { $0.screen.slideUpsShownBeside = true },
    ]
    // MARK: Eligibility and the display attempt

    private static let eligibilityAndDisplay: [Behaviour] = [
        // OneSignal 4.8.12, `evaluateInAppMessages`: only `queueMessageForDisplay` of a message whose triggers hold
        // calls `attemptToShowInAppMessage`; an evaluation that matches nothing shows nothing of the queue.
        Behaviour(
            "eligibility-offers-nothing",
            rule: "stack.eligibility-moments",
            summary: "does not offer the stack's top at a session start or push click that matches nothing",
            source:
                "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java, "
                + "`evaluateInAppMessages`"
        ) { $0.stack.topOfferedAt.remove(.eligibilityMatchingNoTrigger) },
        // OneSignal 4.8.12: `messageWasDismissed` calls `dismissCurrentMessage`, which takes the message off the
        // display queue and shows the next one in it.
        Behaviour(
            "dismiss-offers-next",
            rule: "stack.no-auto-drain",
            summary: "shows the next waiting message automatically after each dismissal",
            source:
                "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java, "
                + "`messageWasDismissed`, `dismissCurrentMessage`"
        ) { $0.stack.topOfferedAt.insert(.messageDismissed) },
        Behaviour(
            "foreground-offers-next",
            rule: "stack.no-auto-drain",
            summary: "shows the next waiting message when the app comes back to the foreground"
        ) { $0.stack.topOfferedAt.insert(.appForegrounded) },
        // OneSignal 4.8.12: while the keyboard is up `systemConditionsAvailable` holds the queue and registers a
        // keyboard listener; when the keyboard goes down (ActivityLifecycleHandler's `KeyboardListener.onGlobalLayout`)
        // it calls `systemConditionChanged`, which shows the head of the queue (`attemptToShowInAppMessage`).
        Behaviour(
            "keyboard-hidden-offers-next",
            rule: "stack.no-auto-drain",
            summary: "shows the next waiting message when the keyboard hides",
            source:
                "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSSystemConditionController.java, "
                + "`systemConditionsAvailable`; ActivityLifecycleHandler.java, "
                + "`KeyboardListener.onGlobalLayout`; OSInAppMessageController.java, `systemConditionChanged`"
        ) { $0.stack.topOfferedAt.insert(.keyboardHidden) },
        // Iterable/swift-sdk@4e08441c, swift-sdk/Internal/InAppManager.swift: the waiting messages
        // are offered (`processAndShowMessage`) when the SDK syncs, and `onAppEnteredForeground`
        // calls `scheduleSync` only once `getWaitTimeInterval` from `lastSyncTime` (set by
        // `finishSync` at each sync) over `moveToForegroundSyncInterval`, the display interval,
        // plus 0.1 s is over.
        Behaviour(
            "foreground-syncs-after-interval",
            rule: "stack.eligibility-moments",
            summary:
                "offers the waiting messages when the app comes to the foreground (a push opening it included) "
                + "once the minimum interval plus 0.1 s has passed since its last sync (a session start, an event "
                + "that matched a trigger, such a foreground)",
            source:
                "Iterable/swift-sdk@4e08441c, swift-sdk/Internal/InAppManager.swift, `onAppEnteredForeground`, `scheduleSync`, `getWaitTimeInterval`"
        ) {
            $0.stack.topOfferedAt.insert(.appForegroundedPastSyncInterval)
            $0.stack.syncIntervalMargin = VirtualTime(milliseconds: 100)
        },
        // Iterable/swift-sdk@4e08441c, swift-sdk/Internal/InAppManager.swift: an opened push is only
        // the app becoming active to it (`onAppEnteredForeground`); a push click is no moment that
        // offers the waiting messages.
        Behaviour(
            "push-click-offers-nothing",
            rule: "stack.eligibility-moments",
            summary: "does not offer the stack's top at a push click that shows no message of its own",
            source:
                "Iterable/swift-sdk@4e08441c, swift-sdk/Internal/InAppManager.swift, `onAppEnteredForeground` (no push-open entry point)"
        ) { $0.stack.pushClickOffersTop = false },
        Behaviour(
            "dismiss-any-clears-screen",
            rule: "stack.no-auto-drain",
            summary: "clears the screen when any message is dismissed, even one not on screen"
        ) { $0.screen.dismissal = .whateverIsVisible },
        Behaviour(
            "rotation-dismisses-visible",
            rule: "discard.orientation",
            summary: "takes the visible message off the screen when the device rotates"
        ) { $0.lifecycle.rotationClears = [.visibleMessage] },
        // Firebase In-App Messaging 22.0.4: the display component that `bindFiamToActivity` sets skips every trigger
        // while `inAppMessage` is set ("Active FIAM exists. Skipping trigger"), and it is set from the trigger on,
        // while `inflateBinding` waits for the image to load before the message goes on screen.
        Behaviour(
            "asset-wait-blocks-screen",
            rule: "delivery.display-on-delivery-latency",
            summary: "lets a message waiting for its assets block others as if it were visible",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging-display/src/main/java/com/google/firebase/inappmessaging/display/FirebaseInAppMessagingDisplay.java, "
                + "`bindFiamToActivity` and `inflateBinding`"
        ) { $0.screen.messageAwaitingAssetsBlocksOthers = true },
        // Swrve Android SDK 10.14.0, `getNextMessage`: a campaign whose message's assets are not all on disk answers no
        // message ("hasn't finished downloading"), whether they are still downloading or failed.
        Behaviour(
            "assets-not-ready-not-a-candidate",
            rule: "delivery.display-on-delivery-latency",
            summary:
                "makes a message a candidate only once its assets are downloaded: a trigger while they download, or after they failed, finds nothing of it",
            source:
                "Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDK/src/main/java/com/swrve/sdk/messaging/SwrveInAppCampaign.java, `getNextMessage`"
        ) { $0.selection.candidatesNeedAssetsReady = true },
        // Swrve Android SDK 10.14.0: each campaigns load queues the campaigns' assets, and `downloadAssets` drops those
        // already on disk (`filterExistingFiles`): a downloaded image is not fetched again (one that failed is).
        Behaviour(
            "assets-not-restarted-on-redelivery",
            rule: "delivery.asset-prefetch",
            summary: "does not restart asset downloads when a later session start delivers the messages again",
            source:
                "Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDKCommon/src/main/java/com/swrve/sdk/SwrveAssetsManagerImp.java, `downloadAssets`, "
                + "`filterExistingFiles`"
        ) { $0.sessionStart.deliveryRestartsAssetDownloads = false },
        // The Braze Web SDK 3.5.0's `appboy.display.showInAppMessage` checks a control message, HTML, a modal over a
        // modal and the orientation, never whether the page is hidden (only the data flush timer and geolocation read
        // `document.hidden`). CleverTap's Web SDK 2.7.4 reads no page visibility anywhere: `createTemplate` renders
        // whatever campaign a reply names.
        Behaviour(
            "background-displays",
            rule: "reenqueue.background",
            summary: "displays a message triggered while the app is in the background",
            source:
                "mparticle-integrations/mparticle-javascript-integration-braze@aa4aaa7482302cc762d20d9bb84ea0dd47956d08, "
                + "dist/BrazeKit.common.js (Braze Web SDK 3.5.0, minified), `appboy.display.showInAppMessage`; "
                + "CleverTap/clevertap-web-sdk@e7d6e6ca971f0f61bcb7e5fb9f0b1c6f80cc376b, "
                + "src/util/campaignHouseKeeping/commonCampaignUtils.js, `createTemplate`"
        ) { $0.presenter.checks.remove(.background) },
        Behaviour(
            "delegate-asked-when-visible",
            rule: "reenqueue.message-visible",
            summary: "asks the display delegate even when another message is visible"
        ) { $0.presenter.checks.swap(.messageVisible, .delegate) },
        Behaviour(
            "background-before-timeout",
            rule: "discard.timeout",
            summary: "checks the background before the timeout: a late message is stacked instead of discarded"
        ) { $0.presenter.checks.swap(.timeout, .background) },
        Behaviour(
            "visible-before-background",
            rule: "reenqueue.background",
            summary: "checks for a visible message before checking the background"
        ) { $0.presenter.checks.swap(.background, .messageVisible) },
        Behaviour(
            "orientation-before-delegate",
            rule: "discard.delegate",
            summary: "checks orientation before asking the display delegate"
        ) { $0.presenter.checks.swap(.delegate, .orientation) },
        Behaviour(
            "assets-before-orientation",
            rule: "discard.orientation",
            summary: "checks for failed assets before checking orientation"
        ) { $0.presenter.checks.swap(.orientation, .assets) },
        Behaviour(
            "assets-before-delegate",
            rule: "discard.delegate",
            summary: "asks the display delegate last, after the assets (a failed or pending download) and other checks"
        ) { $0.presenter.checks.moveToEnd(.delegate) },
        Behaviour(
            "keyboard-rule-in-swift",
            rule: "reenqueue.swift-situations",
            summary: "applies the legacy keyboard rule under the Swift SDK"
        ) { $0.profile.keyboardUpStacksWithoutDelegate = true },
        Behaviour(
            "keyboard-ignores-delegate",
            rule: "reenqueue.keyboard-legacy",
            summary: "applies the legacy keyboard rule even when the display delegate is implemented"
        ) { $0.presenter.keyboardRuleOnlyWithoutDelegate = false },
        Behaviour(
            "reenqueue-meanings-swapped",
            rule: "naming.swift-reenqueue-stacks",
            summary: "swaps the two meanings of reenqueue: later rolls back, rollback stacks"
        ) {
            $0.presenter.delegateLater = .rollBack
            $0.presenter.delegateRollback = .stack
        },
        Behaviour(
            "orientation-ignored",
            rule: "discard.orientation",
            summary: "never checks a message's orientation"
        ) { $0.presenter.checks.remove(.orientation) },
        // Swrve Android SDK 10.14.0: `displaySwrveMessage` and `autoShowMessage` check
        // `supportsOrientation(getDeviceOrientation())` on every device; the SDK has no case for tablets.
        Behaviour(
            "orientation-checked-on-tablets",
            rule: "discard.orientation-not-on-tablets",
            summary: "checks a message's orientation on tablets too",
            source:
                "Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDK/src/main/java/com/swrve/sdk/SwrveImp.java, `displaySwrveMessage`, `autoShowMessage`"
        ) { $0.presenter.orientationCheckedOn = .phonesAndTablets },
        Behaviour(
            "image-rules-in-swift",
            rule: "discard.swift-situations",
            summary: "applies the legacy missing-image rules under the Swift SDK"
        ) { $0.profile.discardsImageMessagesWithoutImage = true },
        Behaviour(
            "display-next-delegate-flipped",
            rule: "manual.display-next-skips-delegate",
            summary: "asks the display delegate at display_next under the Swift SDK, and not under the legacy SDK"
        ) { $0.profile.displayNextAsksDelegate.toggle() },
        Behaviour(
            "timeout-from-ready",
            rule: "discard.timeout-from-trigger",
            summary: "runs the timeout from the ready time (trigger + delay) instead of the trigger time"
        ) { $0.presenter.timeoutRunsFrom = .readyTime },
        Behaviour(
            "default-timeout-ignores-delay",
            rule: "discard.timeout-from-trigger",
            summary: "gives a message without a timeout 30 s, ignoring its delay"
        ) { $0.presenter.defaultTimeout = .thirtySeconds },
        Behaviour(
            "timeout-exclusive",
            rule: "discard.timeout",
            summary: "still displays a message ready exactly at its deadline (> instead of >=)"
        ) { $0.presenter.lateFromDeadline = .exclusive },
        Behaviour(
            "extras-dropped",
            rule: "extras.unchanged",
            summary: "does not pass a message's extras to the app"
        ) { $0.screen.extrasReachTheApp = false },
        Behaviour(
            "asset-failure-silent",
            rule: "discard.asset-failed",
            summary: "skips a message whose asset failed to download without reporting it discarded"
        ) { $0.presenter.silentDiscards.insert(.assetFailed) },
        // Swrve Android SDK 10.14.0: `displaySwrveMessage` only logs a message whose orientation the device is not in
        // ("Can't display the in-app message as it doesn't support the current orientation"), and
        // `_getBaseMessageForEvent` passes over such a candidate; no event reports it.
        Behaviour(
            "orientation-mismatch-silent",
            rule: "discard.orientation",
            summary: "skips a message whose orientation does not fit the device without reporting it discarded",
            source:
                "Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e, "
                + "SwrveSDK/src/main/java/com/swrve/sdk/SwrveImp.java, `displaySwrveMessage`; SwrveBase.java, "
                + "`_getBaseMessageForEvent`"
        ) { $0.presenter.silentDiscards.insert(.orientation) },
        // Firebase In-App Messaging 22.0.4: `onActivityPaused` unbinds the display (`unbindFiamFromActivity` calls
        // `clearDisplayListener`), and `triggerInAppMessage` shows nothing without one. Mixpanel Android 5.9.6: `track`
        // offers a notification only while there is a current activity, which `onActivityPaused` clears; nothing waits.
        Behaviour(
            "background-drops",
            rule: "reenqueue.background",
            summary: "drops a message triggered while the app is in the background instead of stacking it",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging-display/src/main/java/com/google/firebase/inappmessaging/display/FirebaseInAppMessagingDisplay.java, "
                + "`onActivityPaused`; firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/FirebaseInAppMessaging.java, "
                + "`triggerInAppMessage`; "
                + "mixpanel/mixpanel-android@9228f416c46e423aecb3eed119d4620e44b6b7f8, "
                + "src/main/java/com/mixpanel/android/mpmetrics/MixpanelAPI.java, "
                + "`track`; MixpanelActivityLifecycleCallbacks.java, `onActivityPaused`"
        ) { $0.presenter.appInBackground = .drop },
        Behaviour(
            "delegate-later-drops",
            rule: "reenqueue.delegate-later",
            summary: "drops a message when the display delegate answers later instead of stacking it"
        ) { $0.presenter.delegateLater = .drop },
        Behaviour(
            "asset-failure-displays",
            rule: "discard.asset-failed",
            summary: "displays a message whose asset failed to download instead of discarding it"
        ) { $0.presenter.failedAssetsDiscard = false },
        Behaviour(
            "timeout-ignored",
            rule: "discard.timeout",
            summary: "has no timeout: displays a message however long it waited"
        ) { $0.presenter.checks.remove(.timeout) },
        Behaviour(
            "delay-ignored",
            rule: "delay.display-delay",
            summary: "ignores a trigger's display delay: every message's delay is read as 0, so it shows at once",
            reading: { setup in
                for index in setup.messages.indices { setup.messages[index].delay = .zero }
            }
        ),
        Behaviour(
            "delegate-never-asked",
            rule: "discard.delegate",
            summary: "never asks the display delegate: every message is displayed as if it answered now"
        ) { $0.presenter.checks.remove(.delegate) },
        Behaviour(
            "display-next-shows-nothing",
            rule: "manual.display-next",
            summary: "does nothing when the app asks for the next message: what waits on the stack stays there"
        ) { $0.stack.topOfferedAt.remove(.displayNextRequested) },
        // urbanairship/android-library@629aaf29dd65a3cc3f3feca2299f1c21455ab713: a schedule whose
        // message cannot be shown stays waiting unreported (InAppMessageManager.java,
        // `onCheckExecutionReadiness`; DefaultDisplayCoordinator.java, `isReady`), and
        // AutomationEngine.java, `checkPendingSchedules`, runs it once the coordinator says the
        // screen is free again (`notifyDisplayReady` after the display interval) or the app comes
        // to the foreground.
        Behaviour(
            "waiting-shown-once-screen-free",
            rule: "stack.no-auto-drain",
            summary:
                "keeps a message that cannot show now (another one visible, the app in the background, inside the "
                + "minimum interval) waiting without a word, and shows the latest waiting one by itself as soon as "
                + "the screen is free: at a dismissal, at the foreground, when the interval ends",
            source:
                "urbanairship/android-library@629aaf29dd65a3cc3f3feca2299f1c21455ab713, urbanairship-automation/src/main/java/com/urbanairship/iam/InAppMessageManager.java, `onCheckExecutionReadiness`; urbanairship-automation/src/main/java/com/urbanairship/iam/DefaultDisplayCoordinator.java, `isReady`; urbanairship-automation/src/main/java/com/urbanairship/automation/AutomationEngine.java, `checkPendingSchedules`"
        ) {
            $0.stack.waitingShownOnceScreenIsFree = true
            $0.interval.insideInterval = .heldOnTheStack
        },
    ]
    // MARK: Analytics

    private static let analytics: [Behaviour] = [
        Behaviour(
            "local-logs-impression",
            rule: "analytics.local-none",
            summary: "logs analytics for a locally created message"
        ) { $0.analytics.localMessagesLogAnalytics = true },
        // CleverTap's Web SDK 2.7.4, `setupClickEvent`: a click on a popup that opens its link in a new window
        // (`display.window` 1) reports a click (`renderNotificationClicked`) each time, and leaves the popup up unless
        // the campaign sets `close-popup`.
        Behaviour(
            "click-logged-every-time",
            rule: "analytics.once-per-message",
            summary: "logs every click on a display, not only the first",
            source:
                "CleverTap/clevertap-web-sdk@e7d6e6ca971f0f61bcb7e5fb9f0b1c6f80cc376b, "
                + "src/util/campaignRender/utilities.js, `setupClickEvent`"
        ) { $0.analytics.firstClickOnly = false },
        Behaviour(
            "click-after-dismiss-logged",
            rule: "analytics.once-per-message",
            summary: "logs a click on a message already dismissed"
        ) { $0.analytics.clicksCountOnlyOnScreen = false },
        Behaviour(
            "impression-at-ready",
            rule: "analytics.once-per-message",
            summary: "logs the impression when a message becomes ready instead of when it is displayed"
        ) { $0.analytics.impressionLoggedAt = .ready },
        Behaviour(
            "impressions-never-logged",
            rule: "analytics.once-per-message",
            summary: "never logs an impression"
        ) { $0.analytics.impressionLoggedAt = .never },
        // Firebase In-App Messaging 22.0.4: `inflateBinding` logs the impression once the message has been on screen
        // `IMPRESSION_THRESHOLD_MILLIS` (5 s); a dismissal or a click logs it first if it has not been
        // (DisplayCallbacksImpl, `logImpressionIfNeeded`); the stream leaves out impressed campaigns
        // (`filterAlreadyImpressed`).
        Behaviour(
            "impression-after-5-seconds-on-screen",
            rule: "analytics.once-per-message",
            summary:
                "logs the impression once a message has been on screen for 5 s, or at its first dismissal or click if "
                + "sooner",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging-display/src/main/java/com/google/firebase/inappmessaging/display/FirebaseInAppMessagingDisplay.java, "
                + "`inflateBinding`; firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/DisplayCallbacksImpl.java, "
                + "`logImpressionIfNeeded`; InAppMessageStreamManager.java, `createFirebaseInAppMessageStream`"
        ) {
            $0.analytics.impressionLoggedAt = .afterTimeOnScreen
            $0.analytics.impressionScreenTime = .seconds(5)
            $0.analytics.impressionAtFirstDismissalOrClick = true
        },
        // Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087,
        // AndroidSDKCore/src/main/java/com/leanplum/internal/LeanplumInternal.java,
        // `maybePerformActions`: `recordMessageImpression` runs in the callback of `triggerAction`,
        // as soon as MessageTemplates.java's `createCallback` handler has queued the display with
        // `LeanplumActivityHelper.queueActionUponActive` and returned true; the queued
        // `handleAction` logs nothing more when the app comes back.
        Behaviour(
            "impression-when-stacked-in-background",
            rule: "analytics.once-per-message",
            summary:
                "logs the impression of a message triggered in the background as soon as it goes on the stack, "
                + "and none when it shows later",
            source:
                "Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087, AndroidSDKCore/src/main/java/com/leanplum/internal/LeanplumInternal.java, `maybePerformActions`; MessageTemplates.java, `createCallback`"
        ) { $0.analytics.impressionWhenStackedInBackground = true },
    ]
    // MARK: Refinements: each changes nothing without a behaviour it refines

    private static let refinements: [Behaviour] = [
        // Firebase In-App Messaging 22.0.4: the stream leaves out the campaigns whose impression it stored
        // (`filterAlreadyImpressed`), and counts its app-foreground rate limit at the impression (DisplayCallbacksImpl,
        // `logToImpressionStore`): a message that leaves the screen before its impression is not yet shown.
        Behaviour(
            "reeligibility-from-impression",
            rule: "reeligibility.once-by-default",
            summary:
                "counts a message as shown from its impression, not its display: one that leaves the screen before "
                + "its impression may be triggered again",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/InAppMessageStreamManager.java, "
                + "`filterAlreadyImpressed`; DisplayCallbacksImpl.java, `logToImpressionStore`",
            refines: ["impression-after-5-seconds-on-screen"]
        ) { $0.reeligibility.countedFrom = .lastImpression },
        // firebase/firebase-android-sdk@a089298, firebase-inappmessaging/src/main/java/com/google/firebase/
        // inappmessaging/internal/InAppMessageStreamManager.java, `createFirebaseInAppMessageStream`: each foreground
        // event reads the campaign cache, or else fetches the campaigns, before it selects; ForegroundNotifier.java's
        // `foreground` is false from the app's start until the first resume, so that resume is one.
        Behaviour(
            "app-foreground-fetches-messages",
            rule: "triggers.session-start",
            summary:
                "fetches the messages itself at the first foreground or relaunch before any session start, however "
                + "short the time away, and fires Session Start then",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/InAppMessageStreamManager.java, "
                + "`createFirebaseInAppMessageStream`; ForegroundNotifier.java, `onActivityResumed`",
            refines: ["session-start-fired-at-app-foreground"]
        ) { $0.triggers.appForegroundFetchesMessages = true },
    ]
    // MARK: Session-start sync

    private static let sessionStartSync: [Behaviour] = [
        Behaviour(
            "sync-events-dropped",
            rule: "sync.held-events",
            summary: "drops events that arrive during the session-start sync instead of holding them"
        ) { $0.sessionStart.eventsDuringSync = .dropped },
        // Leanplum 5.10.4: once the start request is issued (`issuedStart`), `trackInternalWhenStarted` runs
        // `trackInternal` at once, which matches the event (`maybePerformActions`) against the messages held now.
        // Airship 16.11.2: AutomationEngine's `onEventAdded` matches an event at once against the stored triggers
        // (`getActiveTriggers`). Mixpanel 5.9.6: `track` matches it at once against the notifications decide has given.
        Behaviour(
            "sync-events-not-held",
            rule: "sync.held-events",
            summary: "evaluates events that arrive during the session-start sync at once instead of holding them",
            source:
                "Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087, "
                + "AndroidSDKCore/src/main/java/com/leanplum/internal/LeanplumInternal.java, "
                + "`trackInternalWhenStarted`; "
                + "urbanairship/android-library@629aaf29dd65a3cc3f3feca2299f1c21455ab713, "
                + "urbanairship-automation/src/main/java/com/urbanairship/automation/AutomationEngine.java, "
                + "`onEventAdded`; "
                + "mixpanel/mixpanel-android@9228f416c46e423aecb3eed119d4620e44b6b7f8, "
                + "src/main/java/com/mixpanel/android/mpmetrics/MixpanelAPI.java, `track`"
        ) { $0.sessionStart.eventsDuringSync = .evaluatedAtOnce },
        Behaviour(
            "replay-before-session-start",
            rule: "sync.held-events",
            summary: "replays held events before the Session Start trigger is evaluated"
        ) { $0.sessionStart.heldEventsReplayed = .beforeSessionStart },
    ]

    // MARK: A campaign's own settings, opening from a push, users

    private static let campaignAndUsers: [Behaviour] = [
        // Firebase In-App Messaging 22.0.4, `isActive`: a campaign is active while `currentTime > campaignStartTime &&
        // currentTime < campaignEndTime`.
        Behaviour(
            "campaign-window-exclusive",
            rule: "triggers.campaign-window",
            summary: "excludes a campaign's start and end instants from its window",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/InAppMessageStreamManager.java, "
                + "`isActive`"
        ) { $0.campaign.windowIncludesItsEnds = .exclusive },
        Behaviour(
            "message-interval-ignored",
            rule: "interval.per-message",
            summary: "ignores a message's own minimum interval: the global one applies"
        ) { $0.campaign.messageIntervalOverridesGlobal = false },
        Behaviour(
            "control-moves-no-clock",
            rule: "analytics.control-group",
            summary: "does not count a control message as displayed for the interval and re-eligibility"
        ) { $0.campaign.controlMessagesMoveClocks = false },
        Behaviour(
            "control-skips-delegate",
            rule: "analytics.control-group-delegate",
            summary: "does not ask the display delegate about a control message"
        ) { $0.campaign.delegateDecidesControlMessages = false },
        Behaviour(
            "push-open-push-click-first",
            rule: "triggers.push-open-session-first",
            summary: "judges the push click before the session start when the app is opened from a push"
        ) { $0.sessionStart.pushOpenJudged = .pushClickFirst },
        Behaviour(
            "push-leaves-app-in-background",
            rule: "triggers.push-foregrounds-the-app",
            summary: "leaves the app in the background when it is opened from a push: the messages go on the stack"
        ) { $0.lifecycle.openingFromAPushForegroundsTheApp = false },
        Behaviour(
            "same-user-change-clears",
            rule: "users.same-user-ignored",
            summary: "clears the screen, the stack and delivery on a change to the current user"
        ) { $0.users.changeToCurrentUserIgnored = false },
        Behaviour(
            "new-user-inherits-clocks",
            rule: "users.new-user-starts-fresh",
            summary: "lets a new user inherit the previous identified user's display clocks"
        ) { $0.users.changeFromIdentifiedUserResetsClocks = false },
        Behaviour(
            "anonymous-history-dropped",
            rule: "users.anonymous-history-kept",
            summary: "forgets the anonymous user's display clocks at the first change of user"
        ) { $0.users.changeFromAnonymousUserKeepsClocks = false },
        Behaviour(
            "new-user-replays-held-events",
            rule: "users.held-events",
            summary:
                "keeps the events a pending sync holds across a change away from an identified user, replayed for the new user"
        ) { $0.users.changeFromIdentifiedUserDropsHeldEvents = false },
        Behaviour(
            "anonymous-held-events-dropped",
            rule: "users.held-events",
            summary: "drops the events a pending sync holds at a change away from the anonymous user"
        ) { $0.users.changeFromAnonymousUserKeepsHeldEvents = false },
        // OneSignal 4.8.12: `messageWasDismissed` adds the message to `dismissedMessages`, saved under one key of the
        // app's preferences (OSInAppMessageRepository, `saveDismissedMessagesId`) whoever the user is, and
        // `evaluateInAppMessages` never queues a dismissed message again.
        Behaviour(
            "shown-once-per-install",
            rule: "users.new-user-starts-fresh",
            summary: "remembers what was shown per install: a message one user saw is never shown to the next",
            source:
                "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java, "
                + "`messageWasDismissed`, `evaluateInAppMessages`; OSInAppMessageRepository.java, "
                + "`saveDismissedMessagesId`"
        ) { $0.users.displayHistoryKeptPer = .install },
        // The Braze Web SDK 3.5.0's `changeUser` ends the running session (its session-end event) and calls the session
        // manager's `openSession`, which starts a new one; its session-start event asks the server for the triggers,
        // and the answer (minified `Bf.prototype.Lb`) fires the Session Start triggers.
        Behaviour(
            "change-user-starts-session",
            rule: "stack.change-user-clears",
            summary:
                "starts a session at a change of user: the messages are delivered again and Session Start fires at once",
            source:
                "mparticle-integrations/mparticle-javascript-integration-braze@aa4aaa7482302cc762d20d9bb84ea0dd47956d08, "
                + "dist/BrazeKit.common.js (Braze Web SDK 3.5.0, minified), "
                + "`appboy.changeUser` (then the session manager's `openSession`, minified `Lc`)"
        ) { $0.users.changeStartsSession = true },
        Behaviour(
            "campaign-window-ignored",
            rule: "triggers.campaign-window",
            summary: "ignores a campaign's start and end: its messages trigger before it starts and after it ends"
        ) { $0.campaign.windowChecked = false },
        Behaviour(
            "control-displayed",
            rule: "analytics.control-group",
            summary: "displays a control-group message like any other instead of showing nothing"
        ) { $0.campaign.controlMessagesShowNothing = false },
    ]

    // MARK: Engines without a behavioural capability

    /// What an engine that lacks a behavioural capability does instead: at least one entry for
    /// each of `Capability.behavioural` (`BehaviourCatalogueTests` checks it).
    private static let lackingCapabilities: [Behaviour] = [
        // Firebase In-App Messaging 22.0.4, `getTriggeredInAppMessageMaybe`: a triggered campaign is filtered by its
        // window, its trigger, its impression, the once-a-day app-foreground limit and its type; no interval between
        // two messages is kept.
        Behaviour(
            "interval-not-enforced",
            rule: "interval.default-30-seconds",
            summary: "enforces no minimum trigger interval: the configured interval is read as 0",
            source:
                "firebase/firebase-android-sdk@a089298ed9e08681ad8d17c0f41112824ec43a96, "
                + "firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/InAppMessageStreamManager.java, "
                + "`getTriggeredInAppMessageMaybe`",
            lacks: .minimumInterval,
            reading: { setup in
                setup.configuration.minimumTriggerInterval = .zero
            }
        ),
        // OneSignal 4.8.12's in-app messages have no priority: `evaluateInAppMessages` queues the messages whose
        // triggers hold in their delivered order, and the queue shows its head.
        Behaviour(
            "priority-ignored",
            rule: "priority.highest-wins",
            summary: "ignores priority: every message's priority is read as 0, so the tie rule alone decides",
            source:
                "OneSignal/OneSignal-Android-SDK@d87a99895bf41d552201ee8779069253fb2d82c6, "
                + "OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java, "
                + "`evaluateInAppMessages`",
            lacks: .priority,
            reading: { setup in
                for index in setup.messages.indices { setup.messages[index].priority = 0 }
            }
        ),
        Behaviour(
            "click-holds-no-follow-up",
            rule: "stack.click-follow-up",
            summary: "holds no follow-up after a click: a message that meets the clicked message on screen is stacked",
            lacks: .clickFollowUp
        ) { (rules: inout DeliveryRules) in rules.profile.clickHoldsFollowUp = false },
    ]
}

extension [PresenterRules.Check] {
    /// Puts each of two checks in the other's place.
    fileprivate mutating func swap(_ first: PresenterRules.Check, _ second: PresenterRules.Check) {
        guard let one = firstIndex(of: first), let other = firstIndex(of: second) else { return }
        swapAt(one, other)
    }

    /// Makes a check the last, the others keeping their order.
    fileprivate mutating func moveToEnd(_ check: PresenterRules.Check) {
        removeAll { $0 == check }
        append(check)
    }

    /// Drops a check: the presenter no longer makes it.
    fileprivate mutating func remove(_ check: PresenterRules.Check) {
        removeAll { $0 == check }
    }
}
