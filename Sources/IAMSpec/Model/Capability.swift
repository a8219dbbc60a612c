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
///
/// The capabilities are an open set, as argument-parser's option kinds are: each is a static
/// member (`.keyboard`, `.priority`), and a later version adds members, so an engine's `switch`
/// over capabilities keeps a `default` and goes on compiling.
public struct Capability: RawRepresentable, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// The capability's name, as cases, engines and reports write it (`stack-inspection`).
    public let rawValue: String
    /// The capability's position in ``allCases``: its bit in ``CapabilityBits``, found without
    /// hashing its name (`CapabilityBitsTests` checks each against ``allCases``).
    package let position: Int

    /// The capability of this name; nil for a name no capability has.
    public init?(rawValue: String) {
        guard let known = Self.byName[rawValue] else { return nil }
        self = known
    }

    private init(_ name: String, _ position: Int) {
        rawValue = name
        self.position = position
    }

    /// The keyboard can be shown and hidden (`keyboard_shown`, `keyboard_hidden`).
    public static let keyboard = Capability("keyboard", 0)
    /// The device has an orientation and a kind, and messages carry an orientation (`orientation`
    /// step, message `orientation`, `config` `orientation: landscape` or `device: tablet`).
    public static let orientation = Capability("orientation", 1)
    /// Image and zip downloads can be controlled (message `image` / `zip`, `asset_download` step,
    /// an image-only modal without an image, a discard for a failed or missing asset).
    public static let assets = Capability("assets", 2)
    /// Impressions and clicks are reported (`impression_logged`, `click_logged`).
    public static let analytics = Capability("analytics", 3)
    /// The stack can be read back in order (`stack` expectation).
    public static let stackInspection = Capability("stack-inspection", 4)
    /// The app's display delegate can be scripted (`delegate: implemented`, `delegate_choice` step).
    public static let delegate = Capability("delegate", 5)
    /// Locally created messages can be presented (`present_local` step).
    public static let localMessages = Capability("local-messages", 6)
    /// The session-start sync can be held open (`session_start: {sync: pending}`, `sync_complete`).
    public static let sessionSync = Capability("session-sync", 7)
    /// A message may carry its own minimum trigger interval (message `minimum_trigger_interval`).
    public static let messageInterval = Capability("message-interval", 8)
    /// A message may have a campaign start and end (message `start`, `end`).
    public static let campaignWindow = Capability("campaign-window", 9)
    /// Control-group messages (message `control`).
    public static let controlMessages = Capability("control-messages", 10)
    /// The app can be opened from a push with no session running (`push_open` step).
    public static let pushOpen = Capability("push-open", 11)
    /// Dismissals are reported (`dismissed`).
    public static let dismissals = Capability("dismissals", 12)
    /// An asset download's outcome can differ from one delivery to the next (a list for `image` / `zip`).
    public static let assetRedelivery = Capability("asset-redelivery", 13)
    /// Messages can be triggered by a session start (a `session_start` trigger).
    public static let triggerSessionStart = Capability("trigger-session-start", 14)
    /// Messages can be triggered by any purchase (an `any_purchase` trigger).
    public static let triggerAnyPurchase = Capability("trigger-any-purchase", 15)
    /// Messages can be triggered by a purchase of one product (a `purchase` trigger).
    public static let triggerPurchase = Capability("trigger-purchase", 16)
    /// Messages can be triggered by a custom event (a `custom_event` trigger).
    public static let triggerCustomEvent = Capability("trigger-custom-event", 17)
    /// Messages can be triggered by opening the app from a push (a `push_click` trigger).
    public static let triggerPushClick = Capability("trigger-push-click", 18)
    /// Purchase and custom event triggers can filter on the event's properties (a trigger's `filters`).
    public static let propertyFilters = Capability("property-filters", 19)
    /// Of the messages a trigger makes candidates, the highest priority wins, ties going to the
    /// later (a trigger point with two candidates that may both be shown).
    public static let priority = Capability("priority", 20)
    /// Triggered displays are at least the minimum trigger interval apart (a candidate checked less
    /// than a non-zero `minimum_trigger_interval` after a moment at which a message may have shown).
    public static let minimumInterval = Capability("minimum-interval", 21)
    /// A message can wait between its trigger and its display (a message `delay` above 0).
    public static let delay = Capability("delay", 22)
    /// A message has a display deadline (a message `timeout`, a discard for `timeout`).
    public static let timeout = Capability("timeout", 23)
    /// A message can become eligible again some time after a display (a message `reeligibility`).
    public static let reeligibility = Capability("reeligibility", 24)
    /// Test sends ignore the minimum trigger interval (a message with `test_send: true`).
    public static let testSends = Capability("test-sends", 25)
    /// The app can ask for the top of the stack (`display_next` step).
    public static let displayNext = Capability("display-next", 26)
    /// The no-matching-trigger callback fires (a `no_matching_trigger` pattern).
    public static let noMatchingTrigger = Capability("no-matching-trigger", 27)
    /// The display delegate can answer "display now" (`delegate_choice` with `choice: now`).
    public static let delegateNow = Capability("delegate-now", 28)
    /// The display delegate can answer "later", back on the stack (`choice: later`).
    public static let delegateLater = Capability("delegate-later", 29)
    /// The display delegate can answer "discard" (`choice: discard`).
    public static let delegateDiscard = Capability("delegate-discard", 30)
    /// The legacy display delegate can answer "roll back the trigger" (`choice: rollback`).
    public static let delegateRollback = Capability("delegate-rollback", 31)
    /// The app can go to the background, come back and relaunch (`background`, `foreground`,
    /// `relaunch` steps, a `stacked` pattern with reason `background`).
    public static let appLifecycle = Capability("app-lifecycle", 32)
    /// The app can change the current user (`change_user` step).
    public static let userChange = Capability("user-change", 33)
    /// The app can wipe the SDK's data on the device (`wipe_data` step).
    public static let dataWipe = Capability("data-wipe", 34)
    /// Messages carry key-value extras to the app (a `displayed` pattern with `extras`): always
    /// assumed, declinable since it came (``assumedUnlessLacking``).
    public static let extras = Capability("extras", 35)
    /// The app can be opened from a push, no session starting with it (`push_click` step): always
    /// assumed, declinable since it came (``assumedUnlessLacking``). Not ``triggerPushClick``, a
    /// message's trigger, nor ``pushOpen``, the push that starts a session.
    public static let pushClick = Capability("push-click", 36)
    /// The app can dismiss the visible message itself (`app_dismiss` step).
    public static let appDismissal = Capability("app-dismissal", 37)
    /// A message that meets a clicked message still on screen waits as that click's follow-up
    /// instead of going on the stack, and gets its display attempt once the clicked message leaves
    /// (Braze Swift SDK): a `click` followed, while the clicked message may still be on screen, by
    /// a step that may present a message.
    public static let clickFollowUp = Capability("click-follow-up", 38)
    /// Integers beyond what a double holds exactly (above 2^53 in magnitude), read and compared
    /// exactly: an event property, or an `equals` / `not_equals` operand, such as
    /// 9007199254740993, and any time or span beyond 2^53 ms, the virtual clock's included (a
    /// case whose advances carry it past 2^53 ms). An engine whose language reads JSON numbers as
    /// doubles (JavaScript's `JSON.parse`) cannot tell it from 9007199254740992, and lacks it
    /// (JSON Schema's test suite keeps such numbers in its optional `bignum` tests for the same
    /// reason).
    public static let largeIntegers = Capability("large-integers", 39)

    /// Every capability, in the order of their bits.
    public static let allCases: [Capability] = [
        .keyboard, .orientation, .assets, .analytics, .stackInspection, .delegate, .localMessages, .sessionSync,
        .messageInterval, .campaignWindow, .controlMessages, .pushOpen, .dismissals, .assetRedelivery,
        .triggerSessionStart, .triggerAnyPurchase, .triggerPurchase, .triggerCustomEvent, .triggerPushClick,
        .propertyFilters, .priority, .minimumInterval, .delay, .timeout, .reeligibility, .testSends, .displayNext,
        .noMatchingTrigger, .delegateNow, .delegateLater, .delegateDiscard, .delegateRollback, .appLifecycle,
        .userChange, .dataWipe, .extras, .pushClick, .appDismissal, .clickFollowUp, .largeIntegers,
    ]

    /// The capabilities by name, for ``init(rawValue:)``.
    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// Two capabilities are the same when their positions are (so are their names).
    public static func == (lhs: Capability, rhs: Capability) -> Bool {
        lhs.position == rhs.position
    }

    /// Hashes the capability's position.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(position)
    }

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
        Self.neededByWords[position]
    }

    /// ``neededBy`` of each capability, in the order of ``allCases``.
    private static let neededByWords: [String] = [
        "a `keyboard_shown` or `keyboard_hidden` step",
        "an `orientation` step, a message whose `orientation` is not `any`, or a `config` with "
            + "`orientation: landscape` or `device: tablet`",
        "an `asset_download` step, an `image` or `zip` that `fails` or is `pending`, a `modal_image` "
            + "message without an image, or a `discarded` pattern with reason `asset_failed` or `missing_image`",
        "an `impression_logged` or `click_logged` pattern",
        "a `stack` expectation",
        "`delegate: implemented`, or a `delegate_choice` step",
        "a `present_local` step",
        "`session_start: {sync: pending}` or `sync_complete`",
        "a message's `minimum_trigger_interval`",
        "a message's `start` or `end`",
        "a message with `control: true`",
        "a `push_open` step",
        "a `dismissed` pattern",
        "an `image` or `zip` written as a list (one outcome per delivery)",
        "a `session_start` trigger",
        "an `any_purchase` trigger",
        "a `purchase` trigger",
        "a `custom_event` trigger",
        "a `push_click` trigger",
        "a trigger with `filters`",
        "a rule gated by it, or it in `requires`: a case whose outcome changes when the engine ignores "
            + "priority (proven by `iamspec lint`)",
        "a rule gated by it, or it in `requires`: a case whose outcome changes when the engine enforces "
            + "no minimum trigger interval (proven by `iamspec lint`)",
        "a message whose `delay` is above 0",
        "a message with a `timeout`, or a `discarded` pattern with reason `timeout`",
        "a message with a `reeligibility`",
        "a message with `test_send: true`",
        "a `display_next` step",
        "a `no_matching_trigger` pattern",
        "a `delegate_choice` step with `choice: now`",
        "a `delegate_choice` step with `choice: later`",
        "a `delegate_choice` step with `choice: discard`",
        "a `delegate_choice` step with `choice: rollback`",
        "a `background`, `foreground` or `relaunch` step, or a `stacked` pattern with reason `background`",
        "a `change_user` step",
        "a `wipe_data` step",
        "a `displayed` pattern with `extras` (`extras: {}` included)",
        "a `push_click` step",
        "an `app_dismiss` step",
        "a rule gated by it, or it in `requires`: a case whose outcome changes when a message that meets "
            + "a clicked message is stacked (proven by `iamspec lint`)",
        "an event property, or an `equals` or `not_equals` operand, that is an integer beyond 2^53 "
            + "(9007199254740992) either way; a time or span beyond 2^53 ms (a message's `delay`, `timeout`, "
            + "`reeligibility`, `minimum_trigger_interval`, `start` or `end`, the config's interval, a filter's "
            + "span, a time value); or advances that carry the clock past 2^53 ms",
    ]
}
