import IAMSpec

/// Chooses which matching message a trigger event fires, if any.
///
/// "When a trigger event has more than one eligible in-app message associated with it, only the
/// in-app message with the highest priority will be delivered" (seed 003), after "The minimum
/// interval is checked before priority" (semantics notes, point 2).
struct CandidateSelection {
    /// The minimum trigger interval: "By default, we rate limit in-app messages to once every 30
    /// seconds" (seed 003).
    let minimumInterval: VirtualTime

    /// The winner among the messages matching an event at time `time`, or nil when the trigger is
    /// dropped ("A trigger inside the interval is dropped, not queued", semantics notes, point 4).
    ///
    /// - Parameters:
    ///   - matching: the delivered messages whose trigger matches, in delivered order.
    ///   - busy: messages already triggered and not yet settled (delayed, stacked or waiting for
    ///     assets), which are not candidates again.
    func winner(
        among matching: [InAppMessage],
        at time: VirtualTime,
        clocks: DisplayClocks,
        busy: Set<MessageID>
    ) -> InAppMessage? {
        var best: InAppMessage?
        for message in matching where isCandidate(message, at: time, clocks: clocks, busy: busy) {
            // Ties go to the later message in the delivered list (semantics notes, point 5).
            if let current = best, current.priority > message.priority { continue }
            best = message
        }
        return best
    }

    /// Eligible, not already in flight, and passing the interval at its own ready time
    /// (`trigger time + delay`); a test send ignores the interval (semantics notes, point 8).
    private func isCandidate(
        _ message: InAppMessage,
        at time: VirtualTime,
        clocks: DisplayClocks,
        busy: Set<MessageID>
    ) -> Bool {
        guard !busy.contains(message.id), clocks.isEligible(message, at: time) else { return false }
        return message.isTestSend || clocks.respectsInterval(minimumInterval, at: time + message.delay)
    }
}
