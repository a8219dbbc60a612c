import IAMSpec
import IAMSpecReferenceEngine

/// Whether a case's outcome can depend on priority, on the minimum trigger interval or on a
/// click's follow-up: the capabilities that stand for what an engine does, not for something the
/// case writes (Specs/README.md, "Capabilities", "Priority and the minimum interval", "A click's
/// follow-up").
///
/// It reads the case as a timeline. Each step has its virtual time. Each trigger event a stimulus
/// logs while the messages are delivered (a held event at the sync's completion) is a *trigger
/// point*, whose candidates are the messages that event makes candidates under the reference
/// rules (trigger kind and name, property filters, campaign window). The expectations say what
/// happened: a `sequence` lists every delivery observation of its window, so the server messages
/// it shows `displayed` are exactly those displayed in the window (unless a `displayed: "*"` or a
/// control message, whose display is not observed, leaves it open); a `displayed` in a `sequence`
/// or `contains` certainly happened in its window.
struct BehaviourNeeds {
    /// Some trigger point has two candidates that may both be eligible and clear of the interval,
    /// the one that the tie rule would pick losing to the other on priority: there, and only
    /// there, an engine that ignores priority (every priority equal, so the tie rule decides)
    /// shows another message.
    private(set) var priority = false
    /// Some candidate of a trigger point, bound by the configuration's interval, is checked (at
    /// its trigger, or when its delay ends) less than the interval after a moment at which a
    /// triggered message may have been displayed, with no reset of the display clocks between.
    private(set) var minimumInterval = false
    /// Under a profile whose rules hold a click's follow-up, a `click` of a server message is
    /// followed, while that message may still be on screen and before the last expectation, by a
    /// step that may present a message: there an engine without the follow-up stacks the message.
    private(set) var clickFollowUp = false

    /// The needs of the case, whose stimuli `parts` holds taken apart (nil for an `expect` step).
    init(_ specCase: SpecCase, parts: [StimulusParts?]) {
        guard !specCase.messages.isEmpty else { return }
        let timeline = Timeline(specCase)
        guard let lastExpectation = timeline.lastExpectation else { return }
        let points = TriggerPoints(specCase, parts: parts, timeline: timeline).points
        // No message is ever a candidate: nothing is chosen, nothing displayed by a trigger.
        guard points.contains(where: { !$0.candidates.isEmpty }) else { return }
        let followUps = ClickFollowUps(specCase, timeline: timeline, points: points)
        clickFollowUp = followUps.presenting.contains { $0 < lastExpectation }
        let moments = DisplayMoments(parts: parts, timeline: timeline, points: points, releases: followUps.releases)
            .moments
        let configured = specCase.configuration.minimumTriggerInterval
        let tieBreaks = Set(specCase.profiles.map { DeliveryRules.reference(for: $0).selection.priorityTiesGoTo })
        // What comes after the last expectation is never checked.
        for point in points where point.step < lastExpectation {
            if !priority {
                let open = point.candidates.filter { !timeline.isHeldBack($0, at: point, configured: configured) }
                priority = tieBreaks.contains { Self.priorityDecides(among: open, tiesGoTo: $0) }
            }
            if !minimumInterval, configured > .zero {
                minimumInterval = point.candidates.contains { message in
                    message.minimumTriggerInterval == nil && !message.isTestSend
                        && timeline.mayDisplay(
                            within: configured,
                            before: point,
                            checkedAt: point.time.saturatingLater(by: message.delay),
                            among: moments
                        )
                }
            }
        }
    }

    /// Whether priority picks another winner than the tie rule alone, for some of the candidates
    /// (in the delivered list's order): when ties go to the later message, some candidate has a
    /// higher priority than a later one; when they go to the earlier, than an earlier one.
    private static func priorityDecides(
        among candidates: [InAppMessage],
        tiesGoTo tieBreak: SelectionRules.TieBreak
    ) -> Bool {
        zip(candidates, candidates.dropFirst()).contains { earlier, later in
            switch tieBreak {
            case .laterMessage: earlier.priority > later.priority
            case .earlierMessage: later.priority > earlier.priority
            }
        }
    }
}

/// A stimulus's trigger event, evaluated at one step, with the messages it makes candidates.
private struct TriggerPoint {
    /// The step and the event's place in it.
    struct ID: Hashable {
        var step: Int
        var order: Int
    }

    /// The index of the step that evaluates the event.
    var step: Int
    /// The event's place among the events that step evaluates.
    var order: Int
    var time: VirtualTime
    var candidates: [InAppMessage]

    var id: ID { ID(step: step, order: order) }
}

/// A moment at which a triggered message may be displayed, starting the interval.
private struct DisplayMoment {
    /// The step during which it comes, and its place among that step's trigger events.
    var step: Int
    var order: Int
    var time: VirtualTime
    /// The trigger point whose winner it may display, or whose delay ends; nil for a step that
    /// may show a waiting message.
    var origin: TriggerPoint.ID?
    /// Whether it is the end of a delay, which comes during an `advance` before any later step of
    /// the same time.
    var endsDelay = false
}

/// The case's steps in virtual time, and what its expectations say was displayed when.
private struct Timeline {
    /// What an `expect` step says of the steps of its window.
    struct Window {
        /// The window's first step, and the time before it.
        var firstStep: Int
        var startTime: VirtualTime
        /// The server messages displayed in the window, exactly; nil when the window does not say.
        var displayedExactly: [MessageID]?
        /// The server messages certainly displayed in the window.
        var displayed: [MessageID]

        /// Whether one of the messages may have been displayed in the window (any, for nil).
        func mayHaveDisplayed(anyOf ids: [MessageID]?) -> Bool {
            guard let exact = displayedExactly else { return true }
            guard let ids else { return !exact.isEmpty }
            return ids.contains(where: exact.contains)
        }
    }

    /// Each step's time span: from the time before it to the time after it (equal but for `advance`).
    private(set) var spans: [(start: VirtualTime, end: VirtualTime)] = []
    /// Each step's window: the index of the `expect` step that checks what it caused, nil after the last.
    private var windowOf: [Int?] = []
    /// What each `expect` step says of its window, by the step's index (nil for a stimulus).
    private var windows: [Window?] = []
    /// The steps that certainly reset the display clocks: a wipe, a change away from an identified user.
    private var clockResets: [Int] = []
    /// The steps that may reset them: those, a relaunch, any change of user.
    private var possibleResets: [Int] = []
    private(set) var lastExpectation: Int?

    init(_ specCase: SpecCase) {
        let serverIDs = specCase.messages.map(\.id)
        let hasControl = specCase.messages.contains(where: \.isControl)
        var time = VirtualTime.zero
        var user: String?
        var unchecked: [Int] = []
        var windowStart = (step: 0, time: VirtualTime.zero)
        spans.reserveCapacity(specCase.steps.count)
        windowOf.reserveCapacity(specCase.steps.count)
        windows.reserveCapacity(specCase.steps.count)
        for (index, step) in specCase.steps.enumerated() {
            let start = time
            windowOf.append(nil)
            windows.append(nil)
            switch step.action {
            case .stimulus(let stimulus):
                if case .timeAdvanced(let span) = stimulus { time = time.saturatingLater(by: span) }
                if case .appRelaunched = stimulus { possibleResets.append(index) }
                if case .userChanged(let newUser) = stimulus {
                    possibleResets.append(index)
                    if user != nil, newUser != user { clockResets.append(index) }
                    user = newUser
                }
                if case .dataWiped = stimulus {
                    possibleResets.append(index)
                    clockResets.append(index)
                    user = nil
                }
                unchecked.append(index)
            case .expectation(let expectation):
                var exact: [MessageID]?
                if let sequence = expectation.sequence, !hasControl {
                    exact = Self.displayedExactly(in: sequence, among: serverIDs)
                }
                windows[index] = Window(
                    firstStep: windowStart.step,
                    startTime: windowStart.time,
                    displayedExactly: exact,
                    displayed: Self.displayed(in: expectation, among: serverIDs)
                )
                for member in unchecked { windowOf[member] = index }
                unchecked = []
                windowStart = (index + 1, time)
                lastExpectation = index
            }
            spans.append((start, time))
        }
    }

    /// Whether the step's window may hold a display of one of the messages (of any, for nil);
    /// false after the last `expect`.
    func mayDisplay(at step: Int, anyOf ids: [MessageID]?) -> Bool {
        guard let index = windowOf[step], let window = windows[index] else { return false }
        return window.mayHaveDisplayed(anyOf: ids)
    }

    /// Whether a triggered message may be displayed before the check at `checkTime` of a
    /// candidate of `point`, less than `interval` before it, and with no certain reset of the
    /// display clocks between: at a moment before the point (an earlier step, or an earlier event
    /// of its step), or while the candidate's delay runs.
    func mayDisplay(
        within interval: VirtualTime,
        before point: TriggerPoint,
        checkedAt checkTime: VirtualTime,
        among moments: [DisplayMoment]
    ) -> Bool {
        moments.contains { moment in
            guard moment.origin != point.id, moment.time <= checkTime, checkTime - moment.time < interval,
                !clockResets.contains(where: { $0 >= moment.step && $0 < point.step })
            else { return false }
            if moment.step < point.step || (moment.step == point.step && moment.order < point.order) { return true }
            return moment.step > point.step && (moment.endsDelay || moment.time < checkTime)
        }
    }

    /// Whether the message certainly cannot be shown at the trigger point: a window checked
    /// before it displayed the message, and it is not re-eligible yet at the point's time + the
    /// message's delay; or that window displayed a server message less than the message's interval
    /// before the check. A possible reset of the
    /// clocks since that window voids what it says.
    func isHeldBack(_ message: InAppMessage, at point: TriggerPoint, configured: VirtualTime) -> Bool {
        let interval = message.isTestSend ? .zero : (message.minimumTriggerInterval ?? configured)
        for index in windows.indices where index < point.step {
            guard let window = windows[index], !window.displayed.isEmpty else { continue }
            guard !possibleResets.contains(where: { $0 >= window.firstStep && $0 < point.step }) else { continue }
            // Both clocks are judged at the candidate's ready time, trigger time + delay.
            let sinceStart = (point.time - window.startTime).saturatingLater(by: message.delay)
            if window.displayed.contains(message.id), message.reeligibility.map({ sinceStart < $0 }) ?? true {
                return true
            }
            if interval > .zero, sinceStart < interval { return true }
        }
        return false
    }

    private static func displayed(in expectation: Expectation, among serverIDs: [MessageID]) -> [MessageID] {
        var ids: [MessageID] = []
        for patterns in [expectation.sequence, expectation.contains] {
            for case .displayed(.id(let id), _) in patterns ?? [] where serverIDs.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// The server messages a `sequence` shows displayed; nil when it shows `displayed: "*"`.
    private static func displayedExactly(
        in sequence: [ObservationPattern],
        among serverIDs: [MessageID]
    ) -> [MessageID]? {
        var ids: [MessageID] = []
        for pattern in sequence {
            guard case .displayed(let selector, _) = pattern else { continue }
            guard case .id(let id) = selector else { return nil }
            if serverIDs.contains(id) { ids.append(id) }
        }
        return ids
    }
}

/// The case's trigger points, in the order the engine evaluates them.
private struct TriggerPoints {
    private(set) var points: [TriggerPoint] = []

    init(_ specCase: SpecCase, parts: [StimulusParts?], timeline: Timeline) {
        let candidacies = specCase.profiles.compactMap {
            try? TriggerCandidacy(messages: specCase.messages, profile: $0)
        }
        var delivered = false
        var syncPending = false
        var held: [(TriggerEvent, [String: PropertyValue])] = []
        var user: String?
        for (index, step) in specCase.steps.enumerated() {
            guard case .stimulus(let stimulus) = step.action, let (kind, values) = parts[index] else { continue }
            let time = timeline.spans[index].end
            var properties: [String: PropertyValue] = [:]
            for (field, value) in zip(kind.fields, values) {
                if case .properties = field.content { properties = value.properties }
            }
            var events = kind.events(values).map { ($0, properties) }
            if case .sessionStarted(syncPending: true) = stimulus {
                syncPending = true
                continue
            }
            if case .userChanged(let newUser) = stimulus {
                if newUser != user { delivered = false }
                // A change away from an identified user drops the events a pending sync holds.
                if user != nil, newUser != user { held = [] }
                user = newUser
            }
            if case .dataWiped = stimulus {
                delivered = false
                user = nil
            }
            if Self.delivers(stimulus, syncPending: syncPending) {
                // A completed session start completes a sync in flight: Session Start, then the held events.
                if syncPending { events = [(.sessionStart, [:])] + held + events.dropFirst() }
                delivered = true
                syncPending = false
                held = []
            } else if syncPending {
                held += events
                continue
            }
            guard delivered else { continue }
            for (order, (event, properties)) in events.enumerated() {
                let candidates = specCase.messages.filter { message in
                    candidacies.contains { $0.makesCandidate(message, event, properties: properties, at: time) }
                }
                points.append(TriggerPoint(step: index, order: order, time: time, candidates: candidates))
            }
        }
    }

    /// Whether the stimulus delivers the messages: a session start (or an app opened from a push)
    /// whose sync completes, or the completion of a pending sync.
    private static func delivers(_ stimulus: Stimulus, syncPending: Bool) -> Bool {
        if case .sessionStarted = stimulus { return true }
        if case .appOpenedFromPush = stimulus { return true }
        if case .sessionSyncCompleted = stimulus { return syncPending }
        return false
    }
}

/// The moments at which a triggered message may be displayed, each in a window that may hold
/// its display: a trigger point's step (its winner), from the first trigger point with a candidate
/// on a step that may show a message waiting since an earlier trigger point (a click's follow-up
/// among them), and the end of each candidate's delay, during the `advance` that reaches it.
private struct DisplayMoments {
    /// The steps that may show a message that was waiting (the stack's top, a settled download):
    /// an eligibility event offers the stack's top (a session start, a push click), and so do the
    /// app's return to the foreground, the keyboard going, and `display_next`.
    static let showWaiting: Set<StimulusKind.ID> = [
        .sessionStart, .syncComplete, .pushClick, .pushOpen, .foreground, .keyboardHidden, .displayNext,
        .assetDownload,
    ]

    private(set) var moments: [DisplayMoment] = []

    /// `releases` are the steps that may show a click's follow-up.
    init(parts: [StimulusParts?], timeline: Timeline, points: [TriggerPoint], releases: [Int]) {
        let triggering = points.filter { !$0.candidates.isEmpty }
        for point in triggering {
            let ids = point.candidates.map(\.id)
            if timeline.mayDisplay(at: point.step, anyOf: ids) {
                moments.append(DisplayMoment(step: point.step, order: point.order, time: point.time, origin: point.id))
            }
            for message in point.candidates where message.delay > .zero {
                let ready = point.time.saturatingLater(by: message.delay)
                guard
                    let step = timeline.spans.indices.first(where: {
                        $0 > point.step && timeline.spans[$0].end >= ready
                    }),
                    timeline.mayDisplay(at: step, anyOf: [message.id])
                else { continue }
                moments.append(DisplayMoment(step: step, order: 0, time: ready, origin: point.id, endsDelay: true))
            }
        }
        for (index, stimulus) in parts.enumerated() {
            guard let kind = stimulus?.kind, Self.showWaiting.contains(kind.id) || releases.contains(index) else {
                continue
            }
            // What may be waiting: the candidates of the trigger points before this step.
            let waiting = triggering.filter { $0.step < index }.flatMap(\.candidates).map(\.id)
            if !waiting.isEmpty, timeline.mayDisplay(at: index, anyOf: waiting) {
                moments.append(DisplayMoment(step: index, order: 0, time: timeline.spans[index].end, origin: nil))
            }
        }
    }
}

/// Where a click's follow-up can change a case's outcome, under a profile whose rules hold one
/// (braze-swift): from a `click` of a server message (a message the app created itself arms
/// nothing) until a step that certainly takes it off the screen, each step that may present a
/// message would hold it as the follow-up, where an engine without one stacks it.
private struct ClickFollowUps {
    /// The steps that may present a message while a click may be armed.
    private(set) var presenting: [Int] = []
    /// The steps that may show a follow-up: a dismissal that ends a span in which one may be held.
    private(set) var releases: [Int] = []

    init(_ specCase: SpecCase, timeline: Timeline, points: [TriggerPoint]) {
        guard specCase.profiles.contains(where: { DeliveryRules.reference(for: $0).profile.clickHoldsFollowUp })
        else { return }
        let serverIDs = Set(specCase.messages.map(\.id))
        let triggering = points.filter { !$0.candidates.isEmpty }
        // The messages clicked in the span (none: no span), and whether a message may be held.
        var clicked: Set<MessageID> = []
        var mayHold = false
        var user: String?
        var localPresented = false
        for (index, step) in specCase.steps.enumerated() {
            guard case .stimulus(let stimulus) = step.action else { continue }
            var presents = false
            var ends = false
            var leaves = false
            switch stimulus {
            case .messageClicked(let id):
                if serverIDs.contains(id) { clicked.insert(id) }
            case .messageDismissed(let id):
                leaves = clicked.contains(id)
            case .visibleMessageDismissedByApp:
                leaves = true
            case .appRelaunched, .dataWiped:
                ends = true
            case .userChanged(let newUser):
                ends = newUser != user
                user = newUser
            case .sessionStarted(let syncPending):
                // Delivery and Session Start, or the stack's top offered; nothing while the sync is pending.
                presents = !syncPending && (triggering.contains { $0.step <= index } || localPresented)
            case .sessionSyncCompleted, .pushClicked, .appOpenedFromPush:
                presents = triggering.contains { $0.step <= index } || localPresented
            case .customEvent, .purchase:
                presents = triggering.contains { $0.step == index }
            case .timeAdvanced:
                presents = Self.delayEnds(during: timeline.spans[index], of: triggering)
            case .assetDownloadSettled:
                presents = true
            case .localMessagePresented:
                presents = true
                localPresented = true
            case .sessionEnded, .appBackgrounded, .appForegrounded, .deviceRotated, .keyboardShown, .keyboardHidden,
                .delegateChoiceSet, .displayNextRequested, .stackInspected:
                // Nothing presented, or (display_next) taken by the app, which holds no follow-up.
                break
            }
            if presents, !clicked.isEmpty {
                presenting.append(index)
                mayHold = true
            }
            if leaves, !clicked.isEmpty {
                if mayHold { releases.append(index) }
                ends = true
            }
            if ends {
                clicked = []
                mayHold = false
            }
        }
    }

    /// Whether the delay of a candidate of one of the trigger points ends during the span.
    private static func delayEnds(
        during span: (start: VirtualTime, end: VirtualTime),
        of triggering: [TriggerPoint]
    ) -> Bool {
        triggering.contains { point in
            point.candidates.contains { message in
                guard message.delay > .zero else { return false }
                let ready = point.time.saturatingLater(by: message.delay)
                return ready > span.start && ready <= span.end
            }
        }
    }
}

extension VirtualTime {
    /// The point `span` later, or the last point virtual time has when that overflows (a case may
    /// advance past it; the engine then reports the overflow).
    fileprivate func saturatingLater(by span: VirtualTime) -> VirtualTime {
        let (sum, overflows) = milliseconds.addingReportingOverflow(span.milliseconds)
        return VirtualTime(milliseconds: overflows ? .max : sum)
    }
}

/// A stimulus taken apart: its kind's description and its values (``Stimulus/parts``).
typealias StimulusParts = (kind: StimulusKind, values: [StepValue])
