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
    var mutation: Mutation? = nil

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
        let intervalFirst = mutation != .intervalAfterPriority
        var best: InAppMessage?
        for message in matching
        where isCandidate(message, at: time, clocks: clocks, busy: busy)
            && (!intervalFirst || passesInterval(message, at: time, clocks: clocks))
        {
            // Ties go to the later message in the delivered list (semantics notes, point 5).
            if let current = best, current.priority > message.priority { continue }
            if let current = best, current.priority == message.priority, mutation == .priorityTiesFirst { continue }
            best = message
        }
        guard let best, intervalFirst || passesInterval(best, at: time, clocks: clocks) else { return nil }
        return best
    }

    /// Whether the message ignores the minimum interval: a test send (semantics notes, point 8).
    func isExemptFromInterval(_ message: InAppMessage) -> Bool {
        message.isTestSend && mutation != .testSendNotExempt
    }

    /// Eligible, and not already in flight.
    private func isCandidate(
        _ message: InAppMessage,
        at time: VirtualTime,
        clocks: DisplayClocks,
        busy: Set<MessageID>
    ) -> Bool {
        guard !busy.contains(message.id) || mutation == .inFlightRetriggerable else { return false }
        return clocks.isEligible(message, at: time)
    }

    /// Passing the interval at its own ready time (`trigger time + delay`), or exempt from it.
    private func passesInterval(_ message: InAppMessage, at time: VirtualTime, clocks: DisplayClocks) -> Bool {
        guard !isExemptFromInterval(message), mutation != .triggerInIntervalQueued else { return true }
        let readyTime = mutation == .intervalIgnoresDelay ? time : time + message.delay
        return clocks.respectsInterval(minimumInterval, at: readyTime)
    }
}
