import IAMSpec

extension ReferenceEngine {
    /// A session starts. "All in-app messages that a user is eligible for are delivered to the
    /// user's device on session start" (seed 003) — unless the sync is still in flight, in which
    /// case delivery waits for ``completeSessionSync()``.
    mutating func startSession(syncPending: Bool) {
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

    /// Delivers the messages (asset downloads start afresh), evaluates Session Start at the
    /// current time, then replays the events held during the sync, in order, each as if it
    /// happened now. A completed session start also completes a sync left in flight.
    private mutating func deliverAndReplay() {
        delivered = serverMessages
        for message in delivered where mutation != .assetsNotRestartedOnRedelivery || !assets.knows(message.id) {
            assets.start(for: message)
        }
        var events = [LoggedEvent(event: .sessionStart, properties: [:])] + sync.complete()
        if mutation == .replayBeforeSessionStart { events.append(events.removeFirst()) }
        for event in events { evaluate(event) }
    }
}
