/// Something the engine observably did, reported in the order it happened.
public enum Observation: Sendable, Hashable {
    /// The message is on screen, with its extras as the app receives them.
    case displayed(MessageID, extras: [String: String])
    /// The message was placed, or put back, on the stack, and stays there.
    case stacked(MessageID, reason: StackReason)
    /// The message was discarded: off the stack, not displayed; a later trigger may fire it again.
    case discarded(MessageID, reason: DiscardReason)
    /// Legacy `ABKReenqueueInAppMessage`: the trigger was undone as if it never happened.
    case rolledBack(MessageID)
    /// The visible message left the screen: the user dismissed it, or a user change did.
    case dismissed(MessageID)
    /// The delegate's no-matching-trigger callback fired for the event.
    case noMatchingTrigger(TriggerEvent)
    /// An impression of the message was logged.
    case impressionLogged(MessageID)
    /// A click on the message was logged.
    case clickLogged(MessageID)
    /// The answer to ``Stimulus/stackInspected``: the stack, top first.
    case stack([MessageID])
}

/// Why a message went on the stack instead of the screen.
public enum StackReason: String, Sendable, Hashable, CaseIterable {
    /// Triggered while the app was in the background.
    case background
    /// Another message was visible.
    case messageVisible = "message_visible"
    /// The display delegate answered ``DisplayChoice/later``.
    case delegateLater = "delegate_later"
    /// Legacy only: the keyboard was up and no delegate is implemented.
    case keyboard
}

/// Why a message was discarded.
public enum DiscardReason: String, Sendable, Hashable, CaseIterable {
    /// The display delegate answered ``DisplayChoice/discard``.
    case delegate
    /// The image or zip download failed.
    case assetFailed = "asset_failed"
    /// Ready to display at or after trigger time + timeout.
    case timeout
    /// The device's orientation does not match the message's (never on tablets).
    case orientation
    /// Legacy only: a full message, or an image-only modal, with no image.
    case missingImage = "missing_image"
}
