import IAMSpec
import IAMSpecRunner

/// A failing run continued past where its case stops looking: a case's checks end at its last
/// step (and a failing run at its failing check), but the mechanism a name says the engine has
/// goes on, and shows again when the screen is freed or changed. So the run's stimuli are sent
/// whole, then what frees or changes the screen, each step in turn: the app brought back to the
/// foreground if the run left it in the background (a dismissal is the user's, in the app), the
/// visible message dismissed, time past every interval, delay, timeout and re-eligibility period of the case, the
/// case's last trigger again, the app to the background and back, and a relaunch, then that trigger
/// once more, and again after a day (``pastADay``): a limit counted per day ends there, one per
/// launch or per session does not. A name that
/// says a message was dropped where the engine only held it is contradicted at the first
/// dismissal. The visible message is dismissed, never clicked: what a click does besides (its
/// follow-up, closing the message, logging) is a rule of its own, on which engines differ, and
/// would put every name's prediction in question there (measured: on the engines of Firebase,
/// Iterable, Airship and Mixpanel, a click in the continuation refuted names of priority,
/// impressions and self-dismissal that their runs bear out).
///
/// One click is sent, where nothing else can tell: on an engine that reports no dismissals
/// (it lacks `dismissals`) but logs clicks (`analytics`), a name that takes a message off the
/// screen without being asked (replacing it, closing it after a time) says so in silence. The
/// run is then cut at the step where the name first does, and the message it took off is
/// clicked there, before the case's own steps can take it off in every reading: a click on a
/// message that is not on screen logs nothing (rule `analytics.once-per-message`; the user can
/// reach only what is on screen), so an engine that logs that click still shows it, and
/// contradicts the name. The steps that free or change the screen follow.
///
/// Which message is visible is what the engine as named predicts (`named`, with every
/// observation, whatever the engine reports): the steps name it.
/// A step the engine cannot be sent (a capability it lacks, a state the documents do not define
/// it in: ``Scenario/isWellFormed``) is left out.
struct RunContinuation {
    /// The engine as named, whose prediction says which message a dismissal names.
    let named: any EngineProvider
    /// The capabilities the engine under test declares.
    let capabilities: Set<Capability>

    /// `run` (the stimuli of a failing run's case) with the steps that free or change the screen
    /// after it; `settling` only those that change nothing an engine may decline (no trigger sent
    /// again, no relaunch: a trigger's server may decide whether a message is sent again, an
    /// engine's state may not outlive its process), for an engine that declined the whole
    /// continuation.
    func scenario(continuing run: Scenario, settling: Bool = false) -> Scenario {
        var scenario = run
        if !capabilities.contains(.dismissals), capabilities.contains(.analytics),
            let (step, message) = firstTakenOffUnasked(in: run)
        {
            var clicked = run
            clicked.stimuli = Array(run.stimuli.prefix(step + 1)) + [.messageClicked(message)]
            if clicked.isWellFormed, clicked.usedCapabilities.isSubset(of: capabilities) { scenario = clicked }
        }
        let past = Self.pastEveryClock(of: run)
        let trigger = run.stimuli.last(where: \.isTrigger)
        let steps: [Step] = [
            .stimulus(.appForegrounded), .dismiss, .advance(past), .dismiss, .again(trigger), .advance(past), .dismiss,
            .stimulus(.appBackgrounded), .stimulus(.appForegrounded), .advance(past), .dismiss,
            .stimulus(.appRelaunched), .again(trigger), .advance(past), .dismiss,
            .advance(Self.pastADay), .again(trigger), .advance(past), .dismiss,
        ]
        for step in steps where !(settling && step.mayBeDeclined) {
            let stimulus: Stimulus?
            switch step {
            case .dismiss: stimulus = visible(after: scenario).map(Stimulus.messageDismissed)
            case .advance(let span): stimulus = .timeAdvanced(by: span)
            case .again(let trigger): stimulus = trigger
            case .stimulus(let given): stimulus = given
            }
            guard let stimulus else { continue }
            var longer = scenario
            longer.stimuli.append(stimulus)
            guard longer.isWellFormed, longer.usedCapabilities.isSubset(of: capabilities) else { continue }
            scenario = longer
        }
        return scenario
    }

    /// A step of the continuation, before the message it names is known.
    private enum Step {
        case dismiss
        case advance(VirtualTime)
        case again(Stimulus?)
        case stimulus(Stimulus)

        /// Whether an engine may decline it for what its own process cannot answer: a trigger
        /// sent again, or a relaunch.
        var mayBeDeclined: Bool {
            switch self {
            case .again: true
            case .stimulus(.appRelaunched): true
            case .dismiss, .advance, .stimulus: false
            }
        }
    }

    /// The message on screen after `scenario`, as the engine as named answers it; nil when none
    /// is, or the engine as named cannot run it.
    private func visible(after scenario: Scenario) -> MessageID? {
        let trace = ScenarioTrace(running: scenario, on: named)
        guard trace.failure == nil, !trace.declined else { return nil }
        var visible: MessageID?
        for observation in trace.windows.joined() {
            if case .displayed(let id, _) = observation { visible = id }
            if case .dismissed(let id) = observation, id == visible { visible = nil }
        }
        return visible
    }

    /// The first step of `run` at which the engine as named takes a message off the screen
    /// without a step asking it to (a dismissal at a step other than `dismiss` or `app_dismiss`),
    /// and that message; nil when there is none, or the engine as named cannot run it.
    private func firstTakenOffUnasked(in run: Scenario) -> (step: Int, message: MessageID)? {
        let trace = ScenarioTrace(running: run, on: named)
        guard trace.failure == nil, !trace.declined else { return nil }
        for (step, window) in trace.windows.enumerated() where step < run.stimuli.count {
            guard !run.stimuli[step].asksForDismissal else { continue }
            for case .dismissed(let id) in window { return (step, id) }
        }
        return nil
    }

    /// A day and a second: the longest period a limit of the documents or of an engine counts (a
    /// rate limit of one Session Start message a day) is over.
    static let pastADay = VirtualTime.seconds(86_401)

    /// A span longer than every clock of the run's setup: the minimum trigger intervals, the
    /// messages' delays, timeouts and re-eligibility periods, and the time the run advances in
    /// one step.
    static func pastEveryClock(of run: Scenario) -> VirtualTime {
        var longest = run.configuration.minimumTriggerInterval
        for message in run.messages {
            let clocks = [message.delay, message.timeout, message.reeligibility, message.minimumTriggerInterval]
            for clock in clocks.compactMap(\.self) where longest < clock { longest = clock }
        }
        for case .timeAdvanced(let span) in run.stimuli where longest < span { longest = span }
        return longest + .seconds(1)
    }
}

extension Stimulus {
    /// Whether the stimulus is one a message's trigger may fire on: a session start, a custom
    /// event, a purchase or a push click.
    fileprivate var isTrigger: Bool {
        if case .sessionStarted = self { return true }
        if case .customEvent = self { return true }
        if case .purchase = self { return true }
        if case .pushClicked = self { return true }
        return false
    }
}
