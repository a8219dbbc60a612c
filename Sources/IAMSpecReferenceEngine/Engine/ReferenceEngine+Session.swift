import IAMSpec

extension ReferenceEngine {
    /// A session starts. "All in-app messages that a user is eligible for are delivered to the
    /// user's device on session start" (seed 003) — unless the sync is still in flight, in which
    /// case delivery waits for ``completeSessionSync()``.
    mutating func startSession(syncPending: Bool) {
        if !sessionStartedSinceLaunch {
            sessionStartedSinceLaunch = true
            if let span = rules.triggers.sessionStartFiresOnlyAfterLaunchFor, case .at(let end) = now.later(by: span) {
                sessionStartWindowEnd = end
            }
        }
        if syncPending {
            sync.begin()
        } else {
            deliverAndReplay()
        }
    }

    /// The session-start sync completes; without one in flight, nothing happens.
    mutating func completeSessionSync() {
        guard sync.isPending else { return }
        deliverAndReplay()
    }

    /// Delivers the messages, evaluates Session Start at the current time, then replays the events
    /// held during the sync, in order, each as if it happened now. A completed session start also
    /// completes a sync left in flight.
    private mutating func deliverAndReplay() {
        deliverMessages()
        let sessionStart = LoggedEvent(event: .sessionStart, properties: [:])
        let held = sync.complete()
        switch rules.sessionStart.heldEventsReplayed {
        case .afterSessionStart:
            evaluate(sessionStart)
            for event in held { evaluate(event) }
        case .beforeSessionStart:
            for event in held { evaluate(event) }
            evaluate(sessionStart)
        }
    }

    /// The server delivers the messages: their asset downloads start afresh (or, under rules that
    /// keep them, only those not started yet), and the delivery counts as a sync.
    mutating func deliverMessages() {
        serverMessagesDelivered = true
        deliveries += 1
        clocks.recordDelivery(deliveries, at: now)
        lastSync = now
        let restartsDownloads = rules.sessionStart.deliveryRestartsAssetDownloads
        assets.reserveCapacity(serverMessages.count)
        for position in serverMessages.indices {
            let slot = slots.slot(ofServerMessage: position)
            if restartsDownloads || !assets.knows(slot) {
                assets.start(for: serverMessages[position], slot: slot, delivery: deliveries)
            }
        }
    }
}
