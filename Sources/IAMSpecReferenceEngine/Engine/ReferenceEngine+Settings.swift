import IAMSpec

extension ReferenceEngine {
    /// The user dismisses a message: when it is the one on screen it leaves, observed as
    /// `dismissed`, and a click's follow-up gets its display attempt; then the moment may offer
    /// the stack's top. A dismissal that takes nothing off the screen (it names a message that is
    /// only waiting) is no moment at all: an SDK hears of a dismissal from the message's own view.
    mutating func dismiss(_ id: MessageID) {
        let leaving: Presentation?
        switch rules.screen.dismissal {
        case .thatMessageOnly:
            leaving = screen.dismiss(id)
        case .whateverIsVisible:
            leaving = screen.visible
            screen.clear()
        }
        if let leaving {
            if leaving.impressionAwaitsScreenTime, rules.analytics.impressionAtFirstDismissalOrClick {
                observations.append(.impressionLogged(leaving.id))
                recordImpressionClocks(of: leaving)
            }
            observations.append(.dismissed(leaving.id))
            // Only a triggered message's dismissal may move a clock (``ClockStart/lastDismissal``).
            if !leaving.isLocal { clocks.recordDismissal(of: leaving.slot, at: now) }
            releaseFollowUp()
            offerTopOfStack(at: .messageDismissed)
        }
    }

    /// The app is opened from a push with no session running: it comes to the foreground, a
    /// session starts, its sync complete, and the push click arrives with it, judged in the order
    /// ``SessionStartRules/pushOpenJudged`` gives.
    mutating func openFromPush(campaign: String?) {
        let click = LoggedEvent(event: .pushClick(campaign: campaign), properties: [:])
        if rules.lifecycle.openingFromAPushForegroundsTheApp { appInForeground = true }
        switch rules.sessionStart.pushOpenJudged {
        case .sessionStartFirst:
            startSession(syncPending: false)
            receive(click, from: .sdk)
        case .pushClickFirst:
            receive(click, from: .sdk)
            startSession(syncPending: false)
        }
    }

    /// A control-group message passed the presenter's checks: it logs its impression and moves the
    /// display clocks as a display would, but nothing is shown (semantics notes, point 9).
    mutating func showControl(_ presentation: Presentation) {
        inFlight.remove(presentation.slot)
        if rules.campaign.controlMessagesMoveClocks, let triggerTime = presentation.triggerTime {
            clocks.recordDisplay(
                of: presentation.slot,
                at: now,
                triggeredAt: triggerTime,
                delivery: presentation.delivery
            )
        }
        observe(analytics.controlShown(presentation))
    }
}
