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

    public static func < (lhs: Capability, rhs: Capability) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
