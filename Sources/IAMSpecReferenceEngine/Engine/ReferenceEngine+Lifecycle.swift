import IAMSpec

extension ReferenceEngine {
    /// The app relaunches: it clears what ``LifecycleRules/relaunchClears`` says, and comes back
    /// in the foreground with the keyboard down. Clocks and the session stay.
    mutating func relaunch() {
        clear(rules.lifecycle.relaunchClears)
        // A wait for the interval's end lives in the app's memory.
        stackOfferAtIntervalEnd = nil
        if rules.interval.clockForgottenAtRelaunch { clocks.forgetIntervalClock() }
        // A launch syncs with the server (Iterable's `start` calls `scheduleSync`).
        if serverMessagesDelivered { lastSync = now }
        sessionStartedSinceLaunch = false
        sessionStartWindowEnd = nil
        appInForeground = true
        keyboardUp = false
        fireSessionStartAtAppForeground(launched: true)
    }

    /// The user changes: the engine clears what ``LifecycleRules/userChangeClears`` says, and
    /// keeps or forgets the display clocks and the events a pending sync holds as ``UserRules`` say;
    /// under ``UserRules/changeStartsSession`` a session then starts for the new user, its sync
    /// still in flight when one was (`users.held-events`: `sync_complete` then delivers the
    /// messages for the new user and replays what is held).
    mutating func changeUser(to user: String) {
        guard user != currentUser || !rules.users.changeToCurrentUserIgnored else { return }
        let fromIdentifiedUser = currentUser != nil
        currentUser = user
        var clears = rules.lifecycle.userChangeClears
        if !fromIdentifiedUser, rules.users.changeFromAnonymousUserKeepsDelayedMessages {
            clears.remove(.delayedMessages)
        }
        clearUserData(clears)
        let users = rules.users
        let resets =
            fromIdentifiedUser ? users.changeFromIdentifiedUserResetsClocks : !users.changeFromAnonymousUserKeepsClocks
        if resets {
            switch users.displayHistoryKeptPer {
            case .user: clocks = DisplayClocks(interval: rules.interval, reeligibility: rules.reeligibility)
            case .install: clocks.forgetIntervalClock()
            }
        }
        let dropsHeld =
            fromIdentifiedUser
            ? users.changeFromIdentifiedUserDropsHeldEvents : !users.changeFromAnonymousUserKeepsHeldEvents
        if dropsHeld { sync.dropHeld() }
        if rules.users.changeStartsSession { startSession(syncPending: sync.isPending) }
    }

    /// The app wipes the SDK's data: "Changing the user (or wiping data) dismisses the visible
    /// message and clears the stack" (semantics notes, point 13), so the engine clears what
    /// ``LifecycleRules/userChangeClears`` says. The wipe is "to fully clear locally-stored SDK
    /// data" (Braze, "Disabling iOS SDK tracking"): the display clocks go whatever the user was,
    /// and the user is anonymous again.
    mutating func wipeData() {
        clearUserData(rules.lifecycle.userChangeClears)
        currentUser = nil
        if rules.lifecycle.wipeResetsClocks {
            clocks = DisplayClocks(interval: rules.interval, reeligibility: rules.reeligibility)
        }
    }

    /// Clears what a change of user or a wipe takes away (``LifecycleRules/userChangeClears``, as
    /// the change's rules read it); a visible message it takes away is observed as dismissed
    /// (braze-swift-sdk: the `changeUser` dismissal reason).
    private mutating func clearUserData(_ holdings: LifecycleRules.Holdings) {
        if holdings.contains(.visibleMessage), screen.isShowingMessage {
            for visible in screen.ids { observations.append(.dismissed(visible)) }
        }
        clear(holdings)
    }

    /// Clears what an app, user or device event takes away; a triggered message no longer held
    /// anywhere is no longer in flight. A click's follow-up goes with the message on screen
    /// (braze-swift-sdk's `dismiss(reason:)` discards it on a change of user or a wipe; a relaunch
    /// loses it with the rest of the app's memory).
    mutating func clear(_ holdings: LifecycleRules.Holdings) {
        if holdings.contains(.visibleMessage) {
            screen.clear()
            if let slot = followUp.heldSlot, rules.selection.excludesMessagesInFlight { inFlight.remove(slot) }
            followUp.drop()
        }
        if holdings.contains(.deliveredMessages) { serverMessagesDelivered = false }
        guard !holdings.isDisjoint(with: [.stack, .delayedMessages, .messagesAwaitingAssets]) else { return }
        if holdings.contains(.stack) { stack.removeAll() }
        if holdings.contains(.delayedMessages) { delayed.removeAll() }
        if holdings.contains(.messagesAwaitingAssets) { awaitingAssets.removeAll() }
        if rules.selection.excludesMessagesInFlight {
            var held = stack.slots + delayed.slots + awaitingAssets.slots
            if let slot = followUp.heldSlot { held.append(slot) }
            inFlight = MessageSet(held)
        }
    }
}
