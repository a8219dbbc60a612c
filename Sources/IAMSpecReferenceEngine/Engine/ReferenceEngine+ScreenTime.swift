import IAMSpec

extension ReferenceEngine {
    /// Something a message's time on screen brings about, under rules that time it.
    struct ScreenTimeEvent {
        /// What falls due.
        enum Kind {
            /// Its impression (``AnalyticsRules/ImpressionMoment/afterTimeOnScreen``).
            case impression
            /// The engine dismisses it (``ScreenRules/dismissesItselfAfter``).
            case dismissal
        }

        var time: VirtualTime
        var id: MessageID
        var kind: Kind
    }

    /// Whether the rules time anything by how long a message has been on screen; under the
    /// reference rules nothing is, and time passes without looking at the screen.
    static func timesScreenTime(under rules: DeliveryRules) -> Bool {
        rules.screen.dismissesItselfAfter != nil || rules.analytics.impressionLoggedAt == .afterTimeOnScreen
    }

    /// The earliest event a message on screen brings about at or before `end`: at equal times an
    /// impression before a dismissal, and the messages in the order they came on screen.
    func firstScreenTimeEvent(by end: VirtualTime) -> ScreenTimeEvent? {
        var first: ScreenTimeEvent?
        func consider(_ kind: ScreenTimeEvent.Kind, of id: MessageID, at point: TimePoint) {
            guard case .at(let time) = point, time <= end, first.map({ time < $0.time }) ?? true else { return }
            first = ScreenTimeEvent(time: time, id: id, kind: kind)
        }
        for presentation in screen.presentations {
            guard let shownAt = presentation.shownAt else { continue }
            if presentation.impressionAwaitsScreenTime {
                consider(.impression, of: presentation.id, at: shownAt.later(by: rules.analytics.impressionScreenTime))
            }
            if let span = rules.screen.dismissesItselfAfter {
                consider(.dismissal, of: presentation.id, at: shownAt.later(by: span))
            }
        }
        return first
    }

    /// The impression of the message on screen was logged: the clocks that run from it start, for a
    /// triggered message.
    mutating func recordImpressionClocks(of id: MessageID) {
        guard let shown = screen.presentations.last(where: { $0.id == id }) else { return }
        recordImpressionClocks(of: shown)
    }

    /// The impression of the presentation was logged: under rules that count a message as shown
    /// from its impression (``ClockStart/lastImpression``), its re-eligibility clock starts, and so
    /// does the one-a-day limit of Session Start displays (Firebase increments its app-foreground
    /// rate limit in `DisplayCallbacksImpl` at the impression).
    mutating func recordImpressionClocks(of shown: Presentation) {
        guard !shown.isLocal else { return }
        clocks.recordImpression(of: shown.slot, at: now)
        if shown.triggeredBySessionStart, rules.triggers.sessionStartDisplaysOncePerDay,
            rules.reeligibility.countedFrom == .lastImpression
        {
            lastSessionStartDisplay = now
        }
    }

    /// Applies an event of a message's time on screen, at its time: its impression is logged, or
    /// the engine dismisses it as the user would.
    mutating func apply(_ event: ScreenTimeEvent) {
        switch event.kind {
        case .impression:
            screen.recordImpression(of: event.id)
            recordImpressionClocks(of: event.id)
            observations.append(.impressionLogged(event.id))
        case .dismissal:
            dismiss(event.id)
        }
    }
}
