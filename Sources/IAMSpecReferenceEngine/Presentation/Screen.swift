import IAMSpec

/// What the user sees: at most one in-app message at a time.
struct Screen {
    /// The message on screen, if any.
    private(set) var visible: Presentation?

    /// Whether a message is on screen (matched, not compared with nil, so the message is not
    /// copied at every display attempt).
    var isShowingMessage: Bool {
        guard case .some = visible else { return false }
        return true
    }

    /// Whether this message is the one on screen.
    func shows(_ id: MessageID) -> Bool {
        visible?.id == id
    }

    /// Puts the message on screen.
    mutating func show(_ presentation: Presentation) {
        visible = presentation
    }

    /// The user dismisses the message; a message that is not on screen is left alone.
    mutating func dismiss(_ id: MessageID) {
        if shows(id) { visible = nil }
    }

    /// Takes whatever is on screen away (relaunch, user change).
    mutating func clear() {
        visible = nil
    }
}
