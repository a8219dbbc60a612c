import IAMSpec

extension ReferenceEngine {
    /// An event the app logged: one from a source that cannot trigger does nothing; during a
    /// session-start sync it is held; otherwise it is evaluated now.
    mutating func receive(_ event: LoggedEvent, from source: EventSource) {
        guard rules.triggers.sources(of: event.event).include(source) else {
            if rules.triggers.noMatchCallbackFires.contains(.loggedThroughAPI) {
                observations.append(.noMatchingTrigger(event.event))
            }
            return
        }
        guard sync.isPending else { return evaluate(event) }
        switch rules.sessionStart.eventsDuringSync {
        case .heldAndReplayed: sync.hold(event)
        case .evaluatedAtOnce: evaluate(event)
        case .dropped: break
        }
    }

    /// A refresh of the triggers fires the Session Start messages again
    /// (``TriggerRules/sessionStartFiresAtPushClick``): Session Start is evaluated when a message
    /// has such a trigger; no session starts, so nothing else of a session start happens (no
    /// no-match callback, no delivery).
    mutating func refireSessionStartMessages() {
        let sessionStart = LoggedEvent(event: .sessionStart, properties: [:])
        // Session Start has no property to read: no trigger of it throws.
        guard serverMessages.contains(where: { (try? matching.matches($0, sessionStart, at: now)) ?? false }) else {
            return
        }
        evaluate(sessionStart)
    }

    /// The app comes back to the foreground, under rules where that fires Session Start
    /// (``TriggerRules/sessionStartFiresAtAppForegroundAfter``): after that long in the
    /// background, Session Start is evaluated again, as at a trigger refresh. Under rules where a
    /// foreground fetches the messages (``TriggerRules/appForegroundFetchesMessages``), the first
    /// one of a case that no delivery preceded delivers them first, whatever the time away.
    mutating func fireSessionStartAtAppForeground(launched: Bool = false) {
        defer { backgroundedAt = nil }
        guard let away = rules.triggers.sessionStartFiresAtAppForegroundAfter, !sync.isPending else { return }
        let fetches = rules.triggers.appForegroundFetchesMessages && deliveries == 0
        guard serverMessagesDelivered || fetches else { return }
        if !launched, !fetches {
            guard let since = backgroundedAt, case .at(let back) = since.later(by: away), back <= now else { return }
        }
        if fetches { deliverMessages() }
        refireSessionStartMessages()
    }

    /// Evaluates one trigger event at the current time (the reference semantics, "Triggers").
    mutating func evaluate(_ event: LoggedEvent) {
        var contest = CandidateSelection.Contest()
        let bySessionStart = event.event == .sessionStart
        let dailyLimitReached = bySessionStart && (isSessionStartDailyLimitReached || isPastSessionStartWindow)
        if serverMessagesDelivered {
            for position in serverMessages.indices {
                let message = serverMessages[position]
                let matches: Bool
                do {
                    matches = try matching.matches(message, event, at: now)
                } catch {
                    // A number condition that cannot read its value ends the event's evaluation:
                    // it triggers nothing (``PropertyFilterRules/unreadableNumberDropsEvent``).
                    contest = CandidateSelection.Contest()
                    break
                }
                guard matches else { continue }
                let slot = slots.slot(ofServerMessage: position)
                selection.enter(
                    message,
                    slot: slot,
                    in: &contest,
                    at: now,
                    clocks: clocks,
                    excluded: isUntriggerable(slot) || (dailyLimitReached && !message.isTestSend)
                        || (rules.selection.candidatesNeedAssetsReady && assets.status(of: slot) != .ready)
                )
            }
        }
        guard contest.hasEntrants else {
            if rules.triggers.noMatchCallbackFires.contains(.noTriggerMatches) {
                observations.append(.noMatchingTrigger(event.event))
            }
            if makesUserEligible(event) { offerTopOfStack(at: .eligibilityMatchingNoTrigger) }
            return
        }
        // An event that matches a trigger has the server send the message, and the engine syncs to
        // get it (Iterable/swift-sdk@4e08441c, swift-sdk/Internal/InternalIterableAppIntegration.swift:
        // the server's silent push of type `update` calls `scheduleSync`).
        lastSync = now
        var offered = false
        if let winner = selection.winner(of: contest, at: now, clocks: clocks) {
            let losersObservedFrom = observations.count
            let losersShown = rules.selection.priorityLosers == .shownInTurnBeforeWinner
            if !contest.losers.isEmpty && !losersShown { stackLosers(contest.losers) }
            let losersObserved = losersObservedFrom..<observations.count
            offered = trigger(winner.message, slot: winner.slot, bySessionStart: bySessionStart, event: event.event)
            // Recorded once the winner has had its chance: shown in the same moment, they do not
            // hold it back for the minimum interval.
            if losersShown { recordLosersShown(contest.losers) }
            if rules.selection.priorityLosers == .stackedAndObservedAfterWinner, !losersObserved.isEmpty {
                // On the stack before the winner is tried, observed after what the winner caused;
                // a winner that waits on the stack unobserved (held for the interval) keeps them
                // unobserved too: nothing was shown for them to wait behind.
                let losers = observations[losersObserved]
                let winnerHeldUnobserved =
                    !offered && observations.count == losersObserved.upperBound
                    && stack.slots.contains(winner.slot)
                observations.removeSubrange(losersObserved)
                if !winnerHeldUnobserved { observations.append(contentsOf: losers) }
            }
        } else if rules.triggers.noMatchCallbackFires.contains(
            contest.hasAvailableEntrants ? .intervalHoldsBackEveryMatch : .onlyUnavailableMessagesMatch
        ) {
            observations.append(.noMatchingTrigger(event.event))
        }
        // "Users are eligible to receive an in-app message in the following situations: … Session
        // start event; The app is opened from a push notification" (seed 003): when the trigger
        // did not already offer a message, the stack's top is offered.
        if makesUserEligible(event), !offered { offerTopOfStack(at: .eligibilityTriggeringNoOffer) }
    }

    /// Whether the event makes the user eligible for the stack's top (``LoggedEvent/makesUserEligible``),
    /// as the rules read a push click (``StackRules/pushClickOffersTop``).
    private func makesUserEligible(_ event: LoggedEvent) -> Bool {
        guard event.makesUserEligible else { return false }
        if case .pushClick = event.event { return rules.stack.pushClickOffersTop }
        return true
    }

    /// Whether the message at the slot may not be triggered now, whatever its clocks say: it was
    /// discarded for good (under rules where a discarded message cannot be triggered again), or it
    /// is in flight under rules that exclude such messages. The reference rules exclude none.
    private func isUntriggerable(_ slot: Int) -> Bool {
        discardedForGood.contains(slot) || (rules.selection.excludesMessagesInFlight && inFlight.contains(slot))
    }

    /// Whether Session Start triggers no longer fire, under rules that let them fire only just
    /// after the app's launch (``TriggerRules/sessionStartFiresOnlyAfterLaunchFor``).
    private var isPastSessionStartWindow: Bool {
        guard rules.triggers.sessionStartFiresOnlyAfterLaunchFor != nil else { return false }
        return sessionStartWindowEnd.map { now >= $0 } ?? true
    }

    /// Whether a Session Start trigger's display was less than a day ago, under rules that allow
    /// one a day (``TriggerRules/sessionStartDisplaysOncePerDay``).
    private var isSessionStartDailyLimitReached: Bool {
        guard rules.triggers.sessionStartDisplaysOncePerDay, let last = lastSessionStartDisplay else { return false }
        return TimePoint.at(last).later(by: .seconds(86_400)) > .at(now)
    }

    /// The losers of a priority contest wait on the stack, the lowest priority at the bottom
    /// (``SelectionRules/priorityLosers``); a loser's delay is not waited out.
    private mutating func stackLosers(_ losers: [(message: InAppMessage, slot: Int)]) {
        for loser in losers.sorted(by: { $0.message.priority < $1.message.priority }) {
            if rules.selection.excludesMessagesInFlight { inFlight.insert(loser.slot) }
            stack.push(Presentation(message: loser.message, slot: loser.slot, triggerTime: now))
            if rules.selection.priorityLosers == .stackedAndObserved
                || rules.selection.priorityLosers == .stackedAndObservedAfterWinner
            {
                observations.append(.stacked(loser.message.id, reason: .messageVisible))
            }
        }
    }

    /// The losers of a priority contest were shown, one in the place of the other, before the
    /// winner took their place in the same moment (``SelectionRules/Losers/shownInTurnBeforeWinner``):
    /// each counts as displayed now, unobserved.
    private mutating func recordLosersShown(_ losers: [(message: InAppMessage, slot: Int)]) {
        for loser in losers {
            clocks.recordDisplay(of: loser.slot, at: now, triggeredAt: now, delivery: deliveries)
        }
    }

    /// The winner's trigger fires now: it is ready at once, or after its delay. Returns whether an
    /// offering ran.
    private mutating func trigger(
        _ message: InAppMessage,
        slot: Int,
        bySessionStart: Bool,
        event: TriggerEvent
    ) -> Bool {
        var presentation = Presentation(message: message, slot: slot, triggerTime: now)
        presentation.triggeredBySessionStart = bySessionStart
        presentation.delivery = deliveries
        if rules.screen.pushClickMessagesReplaceVisibleMessage, case .pushClick = event {
            presentation.triggeredByPushClick = true
        }
        if rules.selection.excludesMessagesInFlight { inFlight.insert(slot) }
        var readyTime = now.later(by: message.delay)
        if rules.interval.insideInterval == .queuedUntilItEnds, !selection.isExemptFromInterval(message),
            let intervalEnd = clocks.intervalEnd(selection.minimumInterval(for: message))
        {
            readyTime = max(readyTime, intervalEnd)
        }
        guard readyTime > .at(now) else { return becomeReady(presentation) }
        delayed.schedule(presentation, readyAt: readyTime)
        return false
    }
}
