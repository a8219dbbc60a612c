import IAMSpec

extension ReferenceEngine {
    /// The app relaunches: it clears what ``LifecycleRules/relaunchClears`` says, and comes back
    /// in the foreground with the keyboard down. Clocks and the session stay.
    mutating func relaunch() {
        clear(rules.lifecycle.relaunchClears)
        appInForeground = true
        keyboardUp = false
    }

    /// The user changes: the engine clears what ``LifecycleRules/userChangeClears`` says.
    mutating func changeUser() {
        clear(rules.lifecycle.userChangeClears)
    }

    /// Clears what an app, user or device event takes away; a triggered message no longer held
    /// anywhere is no longer in flight.
    mutating func clear(_ holdings: Set<LifecycleRules.Holding>) {
        var forgotMessagesInFlight = false
        for holding in holdings {
            switch holding {
            case .visibleMessage:
                screen.clear()
            case .deliveredMessages:
                delivered = []
            case .stack:
                stack.removeAll()
                forgotMessagesInFlight = true
            case .delayedMessages:
                delayed.removeAll()
                forgotMessagesInFlight = true
            case .messagesAwaitingAssets:
                awaitingAssets.removeAll()
                forgotMessagesInFlight = true
            }
        }
        if forgotMessagesInFlight {
            inFlight = Set(stack.idsTopFirst).union(delayed.ids).union(awaitingAssets.keys)
        }
    }
}
