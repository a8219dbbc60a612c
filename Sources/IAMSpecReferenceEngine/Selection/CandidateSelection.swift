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
    let rules: SelectionRules
    let interval: IntervalRules
    let campaign: CampaignRules

    /// The winner among the messages matching an event at time `time`, or nil when the trigger is
    /// dropped ("A trigger inside the interval is dropped, not queued", semantics notes, point 4).
    ///
    /// - Parameters:
    ///   - matching: the delivered messages whose trigger matches, in delivered order.
    ///   - excluded: messages that may not be triggered now, whatever their clocks say (see
    ///     `ReferenceEngine.untriggerable`).
    func winner(
        among matching: [InAppMessage],
        at time: VirtualTime,
        clocks: DisplayClocks,
        excluded: Set<MessageID>
    ) -> InAppMessage? {
        let intervalFirst = rules.intervalChecked == .beforePriority
        var best: InAppMessage?
        for message in matching
        where !excluded.contains(message.id) && isWithinCampaign(message, at: time)
            && clocks.isEligible(message, at: time)
            && (!intervalFirst || passesInterval(message, at: time, clocks: clocks))
        {
            if let current = best, current.priority > message.priority { continue }
            if let current = best, current.priority == message.priority, rules.priorityTiesGoTo == .earlierMessage {
                continue
            }
            best = message
        }
        guard let best, intervalFirst || passesInterval(best, at: time, clocks: clocks) else { return nil }
        return best
    }

    /// Whether the message ignores the minimum interval: a test send (semantics notes, point 8).
    func isExemptFromInterval(_ message: InAppMessage) -> Bool {
        message.isTestSend && interval.testSendsExempt
    }

    /// Passing the interval at its own ready time (`trigger time + delay`), or exempt from it.
    private func passesInterval(_ message: InAppMessage, at time: VirtualTime, clocks: DisplayClocks) -> Bool {
        guard !isExemptFromInterval(message), interval.insideInterval == .dropped else { return true }
        let delay = interval.triggerCheck == .atReadyTime ? message.delay : .zero
        return clocks.respectsInterval(minimumInterval(for: message), at: time, plus: delay)
    }
}

extension CandidateSelection {
    /// The interval a candidate must respect: its own when it has one (semantics notes, point 2),
    /// otherwise the configuration's.
    func minimumInterval(for message: InAppMessage) -> VirtualTime {
        guard campaign.messageIntervalOverridesGlobal, let own = message.minimumTriggerInterval else {
            return minimumInterval
        }
        return own
    }

    /// Whether the event time falls in the campaign's window, from its start to its end
    /// (semantics notes, point 1).
    func isWithinCampaign(_ message: InAppMessage, at time: VirtualTime) -> Bool {
        let started = message.start.map { campaign.windowIncludesItsEnds.admits(time, above: $0) } ?? true
        let ended = message.end.map { !campaign.windowIncludesItsEnds.admits(time, below: $0) } ?? false
        return started && !ended
    }
}
