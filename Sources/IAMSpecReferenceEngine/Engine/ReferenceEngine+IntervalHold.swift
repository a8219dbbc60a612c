import IAMSpec

extension ReferenceEngine {
    /// A triggered message ready inside the minimum interval, under rules that hold it
    /// (``IntervalRules/InsideInterval/heldOnTheStack``): with the app in the foreground and
    /// nothing on screen it waits on the stack, unobserved; otherwise the presenter's checks of the
    /// app's state, which come first, put it there, observed. Returns whether an offering ran.
    mutating func holdForInterval(_ presentation: Presentation) -> Bool {
        guard appInForeground, !isMessageVisible else {
            attemptDisplay(stack.pushAndPopTop(presentation))
            return true
        }
        stack.push(presentation)
        if rules.stack.waitingShownOnceScreenIsFree { offerAgainAtIntervalEnd() }
        return false
    }

    /// Puts an offering of the stack's top off to the end of the minimum interval, when it is still
    /// running.
    mutating func offerAgainAtIntervalEnd() {
        guard case .at(let end)? = clocks.intervalEnd(selection.minimumInterval), end > now else { return }
        stackOfferAtIntervalEnd = end
    }

    /// The dismissal's offering, put off to the end of the minimum interval, is made: the stack's
    /// top is offered when the app is in the foreground with nothing on screen and the top is past
    /// the interval; otherwise nothing happens and the stack waits for the next moment.
    mutating func offerTopHeldByInterval() {
        stackOfferAtIntervalEnd = nil
        guard heldTopMayBeOffered, let top = stack.popTop() else { return }
        attemptDisplay(top)
    }

    /// Whether the stack's top may be offered under rules where the interval holds it: the app's
    /// state checked first (in the foreground, nothing on screen), then the interval.
    var heldTopMayBeOffered: Bool {
        appInForeground && !isMessageVisible && topPassesInterval
    }

    /// Whether the stack's top may be offered as far as the minimum interval goes: exempt from it,
    /// or past it; true for an empty stack.
    private var topPassesInterval: Bool {
        guard let top = stack.top, !selection.isExemptFromInterval(top.message) else { return true }
        return clocks.respectsInterval(selection.minimumInterval(for: top.message), at: now)
    }
}
