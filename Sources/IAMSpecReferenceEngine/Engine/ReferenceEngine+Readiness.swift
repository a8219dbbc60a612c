import IAMSpec

extension ReferenceEngine {
    /// Moves virtual time forward, making each delayed message ready at its own ready time, in
    /// time order (and trigger order at equal times); under rules that time a message's stay on
    /// screen, what that stay brings about happens at its own time too, before a delayed message
    /// ready at the same time; an offering of the stack's top put off to the end of the interval
    /// is made at that end, after both.
    mutating func advance(by span: VirtualTime) throws {
        guard span >= .zero else {
            throw EngineError("time cannot move backwards (advance by \(span) s)")
        }
        guard case .at(let end) = now.later(by: span) else {
            throw EngineError("virtual time overflows (advance by \(span) s at \(now) s)")
        }
        while true {
            let ready = delayed.firstReadyTime.flatMap { $0 <= end ? $0 : nil }
            let offer = stackOfferAtIntervalEnd.flatMap { $0 <= end ? $0 : nil }
            if timesScreenTime, let event = firstScreenTimeEvent(by: end),
                ready.map({ event.time <= $0 }) ?? true, offer.map({ event.time <= $0 }) ?? true
            {
                now = event.time
                apply(event)
            } else if let ready, offer.map({ ready <= $0 }) ?? true, let due = delayed.popFirstDue(by: end) {
                now = due.readyTime
                becomeReady(due.presentation)
            } else if let offer {
                now = offer
                offerTopHeldByInterval()
            } else {
                break
            }
        }
        now = end
    }

    /// A triggered message becomes ready: unless it is past its timeout, its eligibility and the
    /// interval are checked again (display-time check, "now checking at trigger time in addition to
    /// display time", semantics notes, point 3), then it goes on top of the stack and the top is
    /// offered. Returns whether an offering ran.
    @discardableResult
    mutating func becomeReady(_ presentation: Presentation) -> Bool {
        // The timeout is judged first: a firing past it goes to its display attempt, whose timeout
        // check discards it, and is never dropped silently for the interval or a display since
        // (Braze Web SDK 4.8.0, `gr.dg` asks `mt.Hu` before `mt.xu` and `gr.vg`).
        guard !presenter.isPastDeadline(presentation, at: now) else {
            attemptDisplay(stack.pushAndPopTop(presentation))
            return true
        }
        let message = presentation.message
        // Another firing of the message displayed it while this one waited on its delay.
        let eligible = clocks.isEligibleWhenReady(
            message,
            slot: presentation.slot,
            delivery: presentation.delivery,
            at: now
        )
        guard eligible || !rules.reeligibility.checkedAgainWhenReady
        else { return false }
        let exempt = selection.isExemptFromInterval(message) || !rules.interval.checkedAgainAtDisplay
        guard exempt || clocks.respectsInterval(selection.minimumInterval(for: message), at: now) else {
            if rules.interval.insideInterval == .heldOnTheStack { return holdForInterval(presentation) }
            // Dropped silently, not queued (semantics notes, point 4).
            inFlight.remove(presentation.slot)
            return false
        }
        if rules.analytics.impressionLoggedAt == .ready {
            observations.append(.impressionLogged(message.id))
            recordImpressionClocks(of: presentation)
        }
        // "Triggered in-app messages are placed on top of the stack when their trigger event is
        // fired" (seed 003), and the top is offered at once.
        attemptDisplay(stack.pushAndPopTop(presentation))
        return true
    }
}
