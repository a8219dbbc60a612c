import IAMSpec

extension ReferenceEngine {
    /// An event the app logged: an API event does nothing; during a session-start sync it is held;
    /// otherwise it is evaluated now.
    mutating func receive(_ event: LoggedEvent, from source: EventSource) {
        // "Triggered in-app messages only work with custom events logged through the SDK and not
        // through the REST APIs" (seed 003): no trigger, no callback.
        guard source == .sdk || mutation == .apiEventsTrigger else {
            if mutation == .apiEventsReportNoMatch { observations.append(.noMatchingTrigger(event.event)) }
            return
        }
        if sync.isPending, mutation != .syncEventsNotHeld {
            if mutation != .syncEventsDropped { sync.hold(event) }
        } else {
            evaluate(event)
        }
    }

    /// Evaluates one trigger event at the current time (the reference semantics, "Triggers").
    mutating func evaluate(_ event: LoggedEvent) {
        let matches = delivered.filter { matching.matches($0, event, at: now) }
        guard !matches.isEmpty else {
            // "When Braze can't find a matching trigger for a given event, it will call
            // `BrazeDelegate.(_:noMatchingTriggerForEvent)`" (seed 000, translated).
            if mutation != .noMatchCallbackMissing { observations.append(.noMatchingTrigger(event.event)) }
            if event.makesUserEligible, mutation != .eligibilityOffersNothing { offerTopOfStack() }
            return
        }
        var offered = false
        if let winner = selection.winner(among: matches, at: now, clocks: clocks, busy: inFlight) {
            offered = trigger(winner)
        } else if mutation == .noMatchWhenNoneEligible {
            observations.append(.noMatchingTrigger(event.event))
        }
        // "Users are eligible to receive an in-app message in the following situations: … Session
        // start event; The app is opened from a push notification" (seed 003): when the trigger
        // did not already offer a message, the stack's top is offered.
        if event.makesUserEligible, !offered { offerTopOfStack() }
    }

    /// The winner's trigger fires now: it is ready at once, or after its delay. Returns whether an
    /// offering ran.
    private mutating func trigger(_ message: InAppMessage) -> Bool {
        let presentation = Presentation(message: message, triggerTime: now)
        inFlight.insert(message.id)
        var readyTime = now + message.delay
        if mutation == .triggerInIntervalQueued {
            readyTime = max(readyTime, clocks.intervalEnd(selection.minimumInterval) ?? readyTime)
        }
        guard readyTime > now else { return becomeReady(presentation) }
        delayed.schedule(presentation, readyAt: readyTime)
        return false
    }
}
