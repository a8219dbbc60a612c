/// Something an engine may or may not be able to do; a run of a case that needs what the engine
/// lacks is skipped, with the capabilities it lacks as the reason.
///
/// A case needs exactly what it uses: the loader derives the set from the case's messages,
/// configuration, steps and expectations (Specs/README.md, "Capabilities", says what needs each).
///
/// An engine has the capabilities it declares, and those of ``assumedUnlessLacking`` unless it
/// says it lacks them: behaviour every engine was assumed to have before it could be declined (a
/// Swift engine's ``EngineDescription`` unless it lists them in `lacking`, and a protocol-1 stdio
/// engine). Every other capability (the first eight, each one that came with a feature, such as
/// `data-wipe` with the `wipe_data` step, and each behaviour found later, such as
/// `click-follow-up`) is had only when declared, so an engine built before the feature existed is
/// skipped on it, never sent what it does not know, nor judged on what it never did.
public enum Capability: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// The keyboard can be shown and hidden (`keyboard_shown`, `keyboard_hidden`).
    case keyboard
    /// The device has an orientation and a kind, and messages carry an orientation (`orientation`
    /// step, message `orientation`, `config` `orientation: landscape` or `device: tablet`).
    case orientation
    /// Image and zip downloads can be controlled (message `image` / `zip`, `asset_download` step,
    /// an image-only modal without an image, a discard for a failed or missing asset).
    case assets
    /// Impressions and clicks are reported (`impression_logged`, `click_logged`).
    case analytics
    /// The stack can be read back in order (`stack` expectation).
    case stackInspection = "stack-inspection"
    /// The app's display delegate can be scripted (`delegate: implemented`, `delegate_choice` step).
    case delegate
    /// Locally created messages can be presented (`present_local` step).
    case localMessages = "local-messages"
    /// The session-start sync can be held open (`session_start: {sync: pending}`, `sync_complete`).
    case sessionSync = "session-sync"
    /// A message may carry its own minimum trigger interval (message `minimum_trigger_interval`).
    case messageInterval = "message-interval"
    /// A message may have a campaign start and end (message `start`, `end`).
    case campaignWindow = "campaign-window"
    /// Control-group messages (message `control`).
    case controlMessages = "control-messages"
    /// The app can be opened from a push with no session running (`push_open` step).
    case pushOpen = "push-open"
    /// Dismissals are reported (`dismissed`).
    case dismissals
    /// An asset download's outcome can differ from one delivery to the next (a list for `image` / `zip`).
    case assetRedelivery = "asset-redelivery"

    /// Messages can be triggered by a session start (a `session_start` trigger).
    case triggerSessionStart = "trigger-session-start"
    /// Messages can be triggered by any purchase (an `any_purchase` trigger).
    case triggerAnyPurchase = "trigger-any-purchase"
    /// Messages can be triggered by a purchase of one product (a `purchase` trigger).
    case triggerPurchase = "trigger-purchase"
    /// Messages can be triggered by a custom event (a `custom_event` trigger).
    case triggerCustomEvent = "trigger-custom-event"
    /// Messages can be triggered by opening the app from a push (a `push_click` trigger).
    case triggerPushClick = "trigger-push-click"
    /// Purchase and custom event triggers can filter on the event's properties (a trigger's `filters`).
    case propertyFilters = "property-filters"
    /// Of the messages a trigger makes candidates, the highest priority wins, ties going to the
    /// later (a trigger point with two candidates that may both be shown).
    case priority
    /// Triggered displays are at least the minimum trigger interval apart (a candidate checked less
    /// than a non-zero `minimum_trigger_interval` after a moment at which a message may have shown).
    case minimumInterval = "minimum-interval"
    /// A message can wait between its trigger and its display (a message `delay` above 0).
    case delay
    /// A message has a display deadline (a message `timeout`, a discard for `timeout`).
    case timeout
    /// A message can become eligible again some time after a display (a message `reeligibility`).
    case reeligibility
    /// Test sends ignore the minimum trigger interval (a message with `test_send: true`).
    case testSends = "test-sends"
    /// The app can ask for the top of the stack (`display_next` step).
    case displayNext = "display-next"
    /// The no-matching-trigger callback fires (a `no_matching_trigger` pattern).
    case noMatchingTrigger = "no-matching-trigger"
    /// The display delegate can answer "display now" (`delegate_choice` with `choice: now`).
    case delegateNow = "delegate-now"
    /// The display delegate can answer "later", back on the stack (`choice: later`).
    case delegateLater = "delegate-later"
    /// The display delegate can answer "discard" (`choice: discard`).
    case delegateDiscard = "delegate-discard"
    /// The legacy display delegate can answer "roll back the trigger" (`choice: rollback`).
    case delegateRollback = "delegate-rollback"
    /// The app can go to the background, come back and relaunch (`background`, `foreground`,
    /// `relaunch` steps, a `stacked` pattern with reason `background`).
    case appLifecycle = "app-lifecycle"
    /// The app can change the current user (`change_user` step).
    case userChange = "user-change"

    /// The app can wipe the SDK's data on the device (`wipe_data` step).
    case dataWipe = "data-wipe"

    /// Messages carry key-value extras to the app (a `displayed` pattern with `extras`): always
    /// assumed, declinable since it came (``assumedUnlessLacking``).
    case extras
    /// The app can be opened from a push, no session starting with it (`push_click` step): always
    /// assumed, declinable since it came (``assumedUnlessLacking``). Not ``triggerPushClick``, a
    /// message's trigger, nor ``pushOpen``, the push that starts a session.
    case pushClick = "push-click"

    /// The app can dismiss the visible message itself (`app_dismiss` step).
    case appDismissal = "app-dismissal"

    /// A message that meets a clicked message still on screen waits as that click's follow-up
    /// instead of going on the stack, and gets its display attempt once the clicked message leaves
    /// (Braze Swift SDK): a `click` followed, while the clicked message may still be on screen, by
    /// a step that may present a message.
    case clickFollowUp = "click-follow-up"

    /// The capabilities that have always been declared by the engines that have them.
    public static let declaredSinceProtocol1: Set<Capability> = [
        .keyboard, .orientation, .assets, .analytics, .stackInspection, .delegate, .localMessages, .sessionSync,
    ]

    /// The capabilities an engine has unless it says it lacks them: behaviour every engine was
    /// assumed to have before it could be declined (``triggerSessionStart`` to ``userChange``,
    /// ``extras`` and ``pushClick``). A capability for a feature engines never had is not one of them.
    public static let assumedUnlessLacking: Set<Capability> = [
        .triggerSessionStart, .triggerAnyPurchase, .triggerPurchase, .triggerCustomEvent, .triggerPushClick,
        .propertyFilters, .priority, .minimumInterval, .delay, .timeout, .reeligibility, .testSends, .displayNext,
        .noMatchingTrigger, .delegateNow, .delegateLater, .delegateDiscard, .delegateRollback, .appLifecycle,
        .userChange, .extras, .pushClick,
    ]

    /// The capabilities that stand for what an engine does with what it was sent, not for
    /// something a case writes or reads: a case needs one because a rule it checks names it
    /// (`capability` in `Specs/rules.yaml`) or because it declares it in `requires`, and
    /// `iamspec lint` proves the need by running the case on the reference engine's behaviours
    /// that lack it (Specs/README.md, "Behavioural capabilities").
    public static let behavioural: Set<Capability> = [.priority, .minimumInterval, .clickFollowUp]

    /// Capabilities sort by name, as reports list them.
    public static func < (lhs: Capability, rhs: Capability) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension Capability {
    /// What in a case needs the capability, in the words of Specs/README.md ("Capabilities"):
    /// what `iamspec capabilities` and the site show beside it.
    package var neededBy: String {
        switch self {
        case .keyboard: "a `keyboard_shown` or `keyboard_hidden` step"
        case .orientation:
            "an `orientation` step, a message whose `orientation` is not `any`, or a `config` with "
                + "`orientation: landscape` or `device: tablet`"
        case .assets:
            "an `asset_download` step, an `image` or `zip` that `fails` or is `pending`, a `modal_image` "
                + "message without an image, or a `discarded` pattern with reason `asset_failed` or `missing_image`"
        case .analytics: "an `impression_logged` or `click_logged` pattern"
        case .stackInspection: "a `stack` expectation"
        case .delegate: "`delegate: implemented`, or a `delegate_choice` step"
        case .localMessages: "a `present_local` step"
        case .sessionSync: "`session_start: {sync: pending}` or `sync_complete`"
        case .triggerSessionStart: "a `session_start` trigger"
        case .triggerAnyPurchase: "an `any_purchase` trigger"
        case .triggerPurchase: "a `purchase` trigger"
        case .triggerCustomEvent: "a `custom_event` trigger"
        case .triggerPushClick: "a `push_click` trigger"
        case .propertyFilters: "a trigger with `filters`"
        case .priority:
            "a rule gated by it, or it in `requires`: a case whose outcome changes when the engine ignores "
                + "priority (proven by `iamspec lint`)"
        case .minimumInterval:
            "a rule gated by it, or it in `requires`: a case whose outcome changes when the engine enforces "
                + "no minimum trigger interval (proven by `iamspec lint`)"
        case .delay: "a message whose `delay` is above 0"
        case .timeout: "a message with a `timeout`, or a `discarded` pattern with reason `timeout`"
        case .reeligibility: "a message with a `reeligibility`"
        case .testSends: "a message with `test_send: true`"
        case .displayNext: "a `display_next` step"
        case .noMatchingTrigger: "a `no_matching_trigger` pattern"
        case .delegateNow: "a `delegate_choice` step with `choice: now`"
        case .delegateLater: "a `delegate_choice` step with `choice: later`"
        case .delegateDiscard: "a `delegate_choice` step with `choice: discard`"
        case .delegateRollback: "a `delegate_choice` step with `choice: rollback`"
        case .appLifecycle:
            "a `background`, `foreground` or `relaunch` step, or a `stacked` pattern with reason `background`"
        case .userChange: "a `change_user` step"
        case .messageInterval: "a message's `minimum_trigger_interval`"
        case .campaignWindow: "a message's `start` or `end`"
        case .controlMessages: "a message with `control: true`"
        case .pushOpen: "a `push_open` step"
        case .dismissals: "a `dismissed` pattern"
        case .assetRedelivery: "an `image` or `zip` written as a list (one outcome per delivery)"
        case .dataWipe: "a `wipe_data` step"
        case .extras: "a `displayed` pattern with `extras` (`extras: {}` included)"
        case .pushClick: "a `push_click` step"
        case .appDismissal: "an `app_dismiss` step"
        case .clickFollowUp:
            "a rule gated by it, or it in `requires`: a case whose outcome changes when a message that meets "
                + "a clicked message is stacked (proven by `iamspec lint`)"
        }
    }

    /// The capability's position in ``allCases``: its bit in ``CapabilityBits``, found without
    /// hashing its name (`CapabilityBitsTests` checks each against ``allCases``).
    package var position: Int {
        switch self {
        case .keyboard: 0
        case .orientation: 1
        case .assets: 2
        case .analytics: 3
        case .stackInspection: 4
        case .delegate: 5
        case .localMessages: 6
        case .sessionSync: 7
        case .messageInterval: 8
        case .campaignWindow: 9
        case .controlMessages: 10
        case .pushOpen: 11
        case .dismissals: 12
        case .assetRedelivery: 13
        case .triggerSessionStart: 14
        case .triggerAnyPurchase: 15
        case .triggerPurchase: 16
        case .triggerCustomEvent: 17
        case .triggerPushClick: 18
        case .propertyFilters: 19
        case .priority: 20
        case .minimumInterval: 21
        case .delay: 22
        case .timeout: 23
        case .reeligibility: 24
        case .testSends: 25
        case .displayNext: 26
        case .noMatchingTrigger: 27
        case .delegateNow: 28
        case .delegateLater: 29
        case .delegateDiscard: 30
        case .delegateRollback: 31
        case .appLifecycle: 32
        case .userChange: 33
        case .dataWipe: 34
        case .extras: 35
        case .pushClick: 36
        case .appDismissal: 37
        case .clickFollowUp: 38
        }
    }
}
