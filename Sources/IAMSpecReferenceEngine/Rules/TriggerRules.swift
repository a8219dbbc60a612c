import IAMSpec

/// Which events fire triggers, and when the no-matching-trigger callback fires.
package struct TriggerRules: Sendable {
    /// Events the no-matching-trigger callback may be fired for.
    package struct UnmatchedEvents: OptionSet, Sendable {
        package let rawValue: UInt8

        package init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// An event logged through the SDK that no delivered message's trigger matches.
        package static let noTriggerMatches = UnmatchedEvents(rawValue: 1 << 0)
        /// An event whose matching messages may none be triggered now: outside their campaign
        /// window, displayed and not yet re-eligible, or excluded by the selection rules.
        package static let onlyUnavailableMessagesMatch = UnmatchedEvents(rawValue: 1 << 1)
        /// An event whose matching messages that may be triggered are all held back by the
        /// minimum interval.
        package static let intervalHoldsBackEveryMatch = UnmatchedEvents(rawValue: 1 << 2)
        /// An event logged through the REST API.
        package static let loggedThroughAPI = UnmatchedEvents(rawValue: 1 << 3)
    }

    /// Where an event must be logged for it to fire a trigger.
    package enum Sources: Sendable, Hashable {
        /// Through the SDK only.
        case sdkOnly
        /// Through the SDK or the REST API.
        case sdkOrAPI

        /// Whether an event logged through `source` may fire a trigger.
        func include(_ source: EventSource) -> Bool {
            source == .sdk || self == .sdkOrAPI
        }
    }

    /// "Triggered in-app messages only work with custom events logged through the SDK and not
    /// through the REST APIs" (seed 003). Push clicks and session starts always come from the SDK.
    package var customEventsTriggerFrom = Sources.sdkOnly

    /// A purchase fires a trigger only when logged through the SDK, like a custom event (seed 003).
    package var purchasesTriggerFrom = Sources.sdkOnly

    /// "When Braze can't find a matching trigger for a given event, it will call
    /// `BrazeDelegate.(_:noMatchingTriggerForEvent)`" (seed 000, translated), "which is called if
    /// no Braze in-app message is triggered for a given event" (braze-inc/braze-swift-sdk,
    /// `CHANGELOG.md`, 5.5.0; the legacy `noMatchingTriggerForEvent:name:` alike,
    /// Appboy/appboy-ios-sdk, `CHANGELOG.md`, 4.5.1). A trigger counts only on a message that may
    /// be triggered: the Braze Web SDK's trigger manager matches an event only against messages in
    /// their start/end window and eligible again (mparticle-integrations/
    /// mparticle-javascript-integration-braze, `dist/BrazeKit.common.js`, the trigger manager's
    /// fire-trigger function; semantics notes, point 1), so an event whose only matches are out of
    /// their window or already displayed fires the callback (rule `callbacks.no-matching-trigger`).
    /// A match dropped by the minimum interval fires none: the same function keeps that case apart
    /// ("Ignoring … trigger event because a trigger was displayed … ago", not "did not match any
    /// trigger conditions"). A REST API event fires none.
    package var noMatchCallbackFires: UnmatchedEvents = [.noTriggerMatches, .onlyUnavailableMessagesMatch]

    /// A push-click trigger with a campaign matches only pushes from that campaign; one without
    /// a campaign matches any push.
    package var pushClickMatchesOwnCampaignOnly = true

    /// "Specific Purchase and Custom Event triggers can contain robust property filters" (seed
    /// 003): a trigger whose filters do not hold for the event's properties does not match it.
    /// Engines that match on the event's name alone fire it whatever the properties.
    package var propertyFiltersChecked = true

    /// A Specific Purchase trigger matches only a purchase of its product (seed 003 names
    /// `Specific Purchase` beside `Any Purchase`). Engines that read every purchase trigger as
    /// any purchase fire it whatever was bought.
    package var specificPurchaseMatchesOwnProductOnly = true

    /// A Session Start trigger fires at every session start ("Session Start event", seed 003),
    /// held back only by the interval and re-eligibility. Firebase In-App Messaging limits the
    /// messages an app-foreground event triggers to one a day instead
    /// (firebase/firebase-android-sdk@397646844aa8230ebe6470fd241c3a398d17535c,
    /// firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/InAppMessageStreamManager.java,
    /// `getContentIfNotRateLimited` with the `@AppForeground` rate limit, which
    /// internal/injection/modules/RateLimitModule.java makes one per day; test campaigns are
    /// exempt): such an engine drops a Session Start trigger within 24 hours of the last display a
    /// Session Start trigger made, but for a test send.
    package var sessionStartDisplaysOncePerDay = false

    /// A Session Start trigger fires at every session start: seed 003 lists the "Session start
    /// event" among the moments a user is eligible. An engine that shows Session Start messages
    /// only just after the app's launch sets how long after the launch's first session start they
    /// may fire, until one of them is shown: Swrve's Android SDK shows them from `autoShowMessages`
    /// only while `autoShowMessagesEnabled`, which `SwrveBase.init` turns on once per process and
    /// `disableAutoShowAfterDelay` turns off after `autoShowMessagesMaxDelay` (5 s by default), and
    /// `autoShowMessage` turns off once it shows one
    /// (Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e,
    /// SwrveSDK/src/main/java/com/swrve/sdk/SwrveBase.java and SwrveImp.java).
    package var sessionStartFiresOnlyAfterLaunchFor: VirtualTime?

    /// A Session Start trigger fires at a session start only (seed 003 names "Session Start" a
    /// trigger event of its own). Braze's Web SDK fires its Session Start messages whenever its
    /// triggers are refreshed instead, and a push click during a session refreshes them
    /// (mparticle-integrations/mparticle-javascript-integration-braze@8080981b0ae3,
    /// dist/BrazeKit.common.js: `gr.Ts` fires `tt.OPEN` when triggers arrive; `openSession` asks
    /// for them again at a push click): such an engine evaluates Session Start once more after a
    /// push click, once the messages have been delivered.
    package var sessionStartFiresAtPushClick = false

    /// A Session Start trigger fires at a session start only, not when the app comes back to the
    /// foreground or is launched again (`triggers.session-start`). Firebase In-App Messaging fires
    /// its app-foreground trigger whenever the app comes to the foreground after a second away, a
    /// launch included (firebase/firebase-android-sdk@397646844aa8230ebe6470fd241c3a398d17535c,
    /// firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/ForegroundNotifier.java:
    /// `onActivityResumed` emits `ON_FOREGROUND` when the app was in the background, which the
    /// check `onActivityPaused` posts `DELAY_MILLIS` (1 s) later decides): such an engine
    /// evaluates Session Start at a relaunch and at a foreground this long after the background,
    /// once the messages have been delivered.
    package var sessionStartFiresAtAppForegroundAfter: VirtualTime?

    /// Under ``sessionStartFiresAtAppForegroundAfter``, an app foreground before any delivery of
    /// the messages finds none to fire. An engine that fetches its messages at each app foreground
    /// itself, and takes the app for in the background until it first sees the foreground, fetches
    /// them at the first foreground or relaunch of a case that no session start delivered yet, then
    /// evaluates Session Start, however short the time in the background: Firebase In-App Messaging
    /// reads its campaign cache, or else fetches the campaigns from its service, for each foreground
    /// event (firebase/firebase-android-sdk@a089298,
    /// firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/InAppMessageStreamManager.java,
    /// `createFirebaseInAppMessageStream`), and its `ForegroundNotifier.onActivityResumed` emits
    /// `ON_FOREGROUND` at the first resume since the app's start, its `foreground` being false until then
    /// (ForegroundNotifier.java, registered at the app's start by
    /// `ForegroundFlowableModule.providesAppForegroundEventStream`).
    package var appForegroundFetchesMessages = false

    /// Where the event must be logged to fire a trigger.
    func sources(of event: TriggerEvent) -> Sources {
        if case .purchase = event { purchasesTriggerFrom } else { customEventsTriggerFrom }
    }
}
