/// Something an engine may or may not be able to do; a case that needs what the engine lacks is skipped.
public enum Capability: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    /// The keyboard can be shown and hidden (`keyboard_shown`, `keyboard_hidden`).
    case keyboard
    /// The device can be rotated, and messages carry an orientation (`orientation` step, message `orientation`).
    case orientation
    /// Image and zip downloads can be controlled (message `image` / `zip`, `asset_download` step).
    case assets
    /// Impressions and clicks are reported (`impression_logged`, `click_logged`).
    case analytics
    /// The stack can be read back in order (`stack` expectation).
    case stackInspection = "stack-inspection"
    /// The app's display delegate can be scripted (`delegate_choice` step).
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

    public static func < (lhs: Capability, rhs: Capability) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
