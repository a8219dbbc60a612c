import IAMSpec

/// A click's follow-up (Braze Swift SDK): from the user's click of the visible message until it
/// leaves the screen, the next message that meets it there waits as the follow-up, off the stack
/// and off the screen, instead of going on the stack; once the clicked message leaves, the
/// follow-up gets its display attempt (``ProfileRules/clickHoldsFollowUp``).
struct ClickFollowUp {
    /// Whether a click of the message on screen is being processed: armed by the click, disarmed
    /// when that message leaves the screen.
    private(set) var isArmed = false
    /// The message held as the follow-up, if any.
    private(set) var held: Presentation?

    /// The slot of the message held, if any.
    var heldSlot: Int? { held?.slot }

    /// The user clicked the message on screen.
    mutating func arm() {
        isArmed = true
    }

    /// Holds the message as the follow-up; returns the one it replaces, if any: another message,
    /// or an earlier firing of the same one (braze-swift-sdk's `validateNoMessagePresented`, case
    /// `.followup`, puts whatever `followupMessage` held on the stack before it holds the new one).
    mutating func hold(_ presentation: Presentation) -> Presentation? {
        let replaced = held
        held = presentation
        return replaced
    }

    /// The clicked message left the screen: disarms, and hands over the follow-up, if any.
    mutating func release() -> Presentation? {
        defer { self = ClickFollowUp() }
        return held
    }

    /// Forgets the click and the follow-up (the message on screen was taken away: a relaunch, a
    /// change of user, a wipe).
    mutating func drop() {
        self = ClickFollowUp()
    }
}
