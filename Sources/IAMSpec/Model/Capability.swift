/// Something an engine may or may not be able to do; a run of a case that needs what the engine
/// lacks is skipped, with the capabilities it lacks as the reason.
///
/// A case needs exactly what it uses: the loader derives the set from the case's messages,
/// configuration, steps and expectations (Specs/README.md, "Capabilities", says what needs each).
///
/// The first eight capabilities have always been declared by the engines that have them. The
/// others name behaviour every engine was assumed to have before it could be declined, so an
/// engine that does not speak of them has them (``assumedUnlessLacking``): a Swift engine's
/// ``EngineDescription`` unless it lists them in `lacking`, and a protocol-1 stdio engine.
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
    /// later (a message whose `priority` is not 0, or a stimulus that two messages' triggers match).
    case priority
    /// Triggered displays are at least the minimum trigger interval apart (a non-zero
    /// `minimum_trigger_interval` with two stimuli or more that can trigger).
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

    /// The capabilities that have always been declared by the engines that have them.
    public static let declaredSinceProtocol1: Set<Capability> = [
        .keyboard, .orientation, .assets, .analytics, .stackInspection, .delegate, .localMessages, .sessionSync,
    ]

    /// The capabilities an engine has unless it says it lacks them: behaviour every engine was
    /// assumed to have before it could be declined (every capability after the first eight). A
    /// capability for a feature engines never had is not one of them.
    public static let assumedUnlessLacking: Set<Capability> = [
        .triggerSessionStart, .triggerAnyPurchase, .triggerPurchase, .triggerCustomEvent, .triggerPushClick,
        .propertyFilters, .priority, .minimumInterval, .delay, .timeout, .reeligibility, .testSends, .displayNext,
        .noMatchingTrigger, .delegateNow, .delegateLater, .delegateDiscard, .delegateRollback, .appLifecycle,
        .userChange,
    ]

    /// Capabilities sort by name, as reports list them.
    public static func < (lhs: Capability, rhs: Capability) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
