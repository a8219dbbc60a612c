import IAMSpec

extension ReferenceEngine {
    /// "The stack only persists stored in-app messages in memory and is cleared up between app
    /// launches from suspended mode" (seed 003). Everything else held in memory goes too: the
    /// visible message, delayed messages, messages waiting for assets; the app comes back in the
    /// foreground with the keyboard down. Delivered messages, clocks and the session stay.
    mutating func relaunch() {
        forgetMessagesInMemory(
            keepingStack: mutation == .stackSurvivesRelaunch,
            keepingDelayed: mutation == .delayedSurvivesRelaunch
        )
        appInForeground = true
        keyboardUp = false
    }

    /// "Changing the user (or wiping data) dismisses the visible message and clears the stack"
    /// (semantics notes, point 13); waiting messages are forgotten and the delivered messages are
    /// cleared, so the next session start delivers again.
    mutating func changeUser() {
        let visible = screen.visible
        forgetMessagesInMemory(keepingStack: mutation == .changeUserKeepsStack)
        if mutation == .changeUserKeepsVisible, let visible { screen.show(visible) }
        if mutation != .changeUserKeepsDelivered { delivered = [] }
    }

    /// Forgets what lived in memory; a mutant may keep the stack or the delayed messages, which
    /// then stay in flight.
    private mutating func forgetMessagesInMemory(keepingStack: Bool = false, keepingDelayed: Bool = false) {
        screen.clear()
        awaitingAssets.removeAll()
        if !keepingStack { stack.removeAll() }
        if !keepingDelayed { delayed.removeAll() }
        inFlight = Set(stack.idsTopFirst).union(delayed.ids)
    }
}
