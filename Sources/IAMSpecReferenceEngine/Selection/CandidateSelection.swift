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
    let reeligibility: ReeligibilityRules
    let campaign: CampaignRules
    /// The walk of the delivered messages that breaks priority ties under
    /// ``SelectionRules/TieBreak/firstInHashMapWalk``; nil under the other rules.
    let walk: HashMapWalk?

    /// The messages matching one trigger event, entered in delivered order, and the best of them
    /// so far.
    struct Contest {
        /// Whether any message matched the event.
        fileprivate(set) var hasEntrants = false
        /// Whether any matching message may be triggered now, whatever the minimum interval says:
        /// in its campaign window, eligible, and not excluded.
        fileprivate(set) var hasAvailableEntrants = false
        /// The best eligible entrant so far, with its slot.
        fileprivate var best: (message: InAppMessage, slot: Int)?
        /// The eligible entrants the best has beaten so far, in the order they lost; kept only
        /// under rules that stack them (``SelectionRules/priorityLosers``).
        fileprivate(set) var losers: [(message: InAppMessage, slot: Int)] = []
    }

    /// Enters a message matching the event at time `time` (at its slot, in delivered order) in the
    /// contest; it becomes the best so far when it is eligible and outranks the best.
    ///
    /// - Parameter excluded: whether the message may not be triggered now, whatever its clocks say
    ///   (see `ReferenceEngine.isUntriggerable(_:)`).
    func enter(
        _ message: InAppMessage,
        slot: Int,
        in contest: inout Contest,
        at time: VirtualTime,
        clocks: DisplayClocks,
        excluded: Bool
    ) {
        contest.hasEntrants = true
        guard !excluded && isWithinCampaign(message, at: time) && isEligible(message, slot: slot, at: time, clocks)
        else { return }
        contest.hasAvailableEntrants = true
        guard rules.intervalChecked != .beforePriority || passesInterval(message, at: time, clocks: clocks) else {
            return
        }
        if let current = contest.best {
            let keepsCurrent =
                outranks(current.message, message)
                || (current.message.priority == message.priority && winsTie(current.message, over: message))
            if rules.priorityLosers != .dropped { contest.losers.append(keepsCurrent ? (message, slot) : current) }
            if keepsCurrent { return }
        }
        contest.best = (message, slot)
    }

    /// Whether `one` wins over `other` on priority alone, at the end of the scale the rules say.
    private func outranks(_ one: InAppMessage, _ other: InAppMessage) -> Bool {
        switch rules.priorityWinner {
        case .highest: one.priority > other.priority
        case .lowest: one.priority < other.priority
        }
    }

    /// Whether `earlier`, entered before `later` and of equal priority, wins over it.
    private func winsTie(_ earlier: InAppMessage, over later: InAppMessage) -> Bool {
        switch rules.priorityTiesGoTo {
        case .laterMessage: false
        case .earlierMessage: true
        case .firstInHashMapWalk:
            // Within a bucket, the walk keeps the delivered order.
            walk.map { $0.bucket(of: earlier.id) <= $0.bucket(of: later.id) } ?? false
        }
    }

    /// The winner of the contest at time `time`, with its slot, or nil when the trigger is dropped
    /// ("A trigger inside the interval is dropped, not queued", semantics notes, point 4).
    func winner(
        of contest: Contest,
        at time: VirtualTime,
        clocks: DisplayClocks
    ) -> (message: InAppMessage, slot: Int)? {
        guard let best = contest.best,
            rules.intervalChecked == .beforePriority || passesInterval(best.message, at: time, clocks: clocks)
        else { return nil }
        return best
    }

    /// Whether the message may be triggered again at `time`, judged at its ready time (`trigger
    /// time + delay`) or at the trigger time, as ``ReeligibilityRules/triggerCheck`` says.
    private func isEligible(_ message: InAppMessage, slot: Int, at time: VirtualTime, _ clocks: DisplayClocks) -> Bool {
        let delay = reeligibility.triggerCheck == .atReadyTime ? message.delay : .zero
        return clocks.isEligible(message, slot: slot, at: time.later(by: delay))
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
        guard campaign.windowChecked else { return true }
        let started = message.start.map { campaign.windowIncludesItsEnds.admits(time, above: $0) } ?? true
        let ended = message.end.map { !campaign.windowIncludesItsEnds.admits(time, below: $0) } ?? false
        return started && !ended
    }
}
