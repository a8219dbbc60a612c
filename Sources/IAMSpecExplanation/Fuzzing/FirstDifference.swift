import IAMSpec
import IAMSpecRunner

/// How two engines' traces of a scenario first differ, in words, and the rule proposed for it:
/// the step, and the kinds of observation one makes there and the other does not (their messages
/// aside). Two divergences with the same ``signature`` are one difference: `iamspec explore`
/// groups its scenarios by it, and a shrinker keeping it shrinks a run without turning it into
/// another difference.
struct FirstDifference: Hashable {
    /// The first difference in words: `at custom_event, the engine observes displayed where the
    /// reference rules observe stacked (message_visible)`.
    let signature: String
    /// The rule whose subject the first differing observation is (``PatternSubjects``), else the
    /// rule of what the step is (a trigger's, a dismissal's).
    let rule: String
    /// Every rule the difference may be filed under, ``rule`` first: the subjects of each
    /// differing observation, then the rule of the step. A case cites the first it may
    /// (one that holds under its profile, whose gate it uses). Not part of the difference's
    /// identity (`==`), which is its ``signature`` and ``rule``.
    let candidates: [String]

    /// The first difference of `expected` and `actual`, traces of `scenario`, at `step`; the
    /// engine of `expected` named `reference` in the signature (the reference rules, or they with
    /// an engine's known behaviours).
    init(
        at step: Int,
        of scenario: Scenario,
        expected: ScenarioTrace,
        actual: ScenarioTrace,
        reference name: String = "the reference rules"
    ) {
        let stimulus = scenario.stimuli[step]
        let kind = "\(stimulus.kind.name)"
        func shapes(_ trace: ScenarioTrace) -> [ObservationPattern] {
            step < trace.windows.count ? trace.windows[step].compactMap(ObservationPattern.init(matching:)) : []
        }
        let reference = shapes(expected)
        let engine = shapes(actual)
        let named = { (patterns: [ObservationPattern]) in Set(patterns.map(PatternSubjects.observation)) }
        let missing = named(reference).subtracting(named(engine)).sorted()
        let extra = named(engine).subtracting(named(reference)).sorted()
        func listed(_ kinds: [String]) -> String { kinds.isEmpty ? "nothing" : kinds.joined(separator: ", ") }
        if missing.isEmpty && extra.isEmpty {
            signature =
                "at \(kind), the engine observes what \(name) observe "
                + "(\(listed(named(engine).sorted()))) but of other messages or in another order"
        } else {
            signature = "at \(kind), the engine observes \(listed(extra)) where \(name) observe " + listed(missing)
        }
        // The same kinds, of other messages or in another order: the observations out of place.
        let outOfPlace = { (patterns: [ObservationPattern], other: [ObservationPattern]) in
            patterns.indices.filter { $0 >= other.count || other[$0] != patterns[$0] }.map { patterns[$0] }
        }
        let differing =
            missing.isEmpty && extra.isEmpty
            ? outOfPlace(reference, engine) + outOfPlace(engine, reference)
            : reference.filter { missing.contains(PatternSubjects.observation($0)) }
                + engine.filter { extra.contains(PatternSubjects.observation($0)) }
        let subjects = differing.flatMap { PatternSubjects.rules(for: $0) }
        let stepRule = Self.rule(of: stimulus, differing: differing, messages: scenario.messages)
        rule = differing.lazy.compactMap { PatternSubjects.rules(for: $0).first }.first ?? stepRule
        var candidates = [rule]
        for id in subjects + [stepRule] where !candidates.contains(id) { candidates.append(id) }
        self.candidates = candidates
    }

    static func == (left: FirstDifference, right: FirstDifference) -> Bool {
        left.signature == right.signature && left.rule == right.rule
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(signature)
        hasher.combine(rule)
    }

    /// The rule a difference at `stimulus` is proposed under when no observation of it is a
    /// rule's subject: analytics when only impressions or clicks differ, else the rule of what
    /// the step is.
    private static func rule(of stimulus: Stimulus, differing: [ObservationPattern], messages: [InAppMessage]) -> String
    {
        // A trigger's rule only where a message has such a trigger (the rule is gated by it).
        func has(_ kind: (Trigger) -> Bool) -> Bool { messages.contains { $0.triggers.contains(where: kind) } }
        let anyPurchase = has { if case .anyPurchase = $0 { true } else { false } }
        let specificPurchase = has { if case .specificPurchase = $0 { true } else { false } }
        let customEvent = has { if case .customEvent = $0 { true } else { false } }
        let sessionStart = has { if case .sessionStart = $0 { true } else { false } }
        if !differing.isEmpty, differing.allSatisfy({ $0.kind == .impressionLogged || $0.kind == .clickLogged }) {
            return "analytics.once-per-message"
        }
        // The steps whose rule depends on the messages; the others by their kind, a kind not
        // listed (a step added since) under the eligibility moments. No `switch`: a new step needs
        // no line here (ARCHITECTURE.md's checklist for a stimulus).
        if case .customEvent = stimulus { return customEvent ? "triggers.custom-event" : "stack.eligibility-moments" }
        if case .purchase = stimulus {
            return anyPurchase
                ? "triggers.any-purchase"
                : specificPurchase ? "triggers.specific-purchase" : "stack.eligibility-moments"
        }
        if case .sessionStarted = stimulus {
            return sessionStart ? "triggers.session-start" : "stack.eligibility-moments"
        }
        // A foreground or a relaunch that shows a Session Start message starts a session.
        if [.foreground, .relaunch].contains(stimulus.kind.id),
            differing.contains(where: { pattern in
                guard case .displayed(.id(let id), _) = pattern else { return false }
                return messages.contains { $0.id == id && $0.triggers.contains(.sessionStart) }
            })
        {
            return "triggers.session-start"
        }
        if case .timeAdvanced = stimulus {
            // A message shown, or not, as time passes: its delay's, else nothing shows by itself.
            return messages.contains { $0.delay > .zero } ? "delay.display-delay" : "stack.no-auto-drain"
        }
        return stepRules[stimulus.kind.id] ?? "stack.eligibility-moments"
    }

    /// The rule of what a step is, by its kind, for the kinds whose rule the messages do not decide.
    private static let stepRules: [StimulusKind.ID: String] = [
        .pushClick: "triggers.push-click", .pushOpen: "triggers.push-open-session-first",
        .dismiss: "stack.no-auto-drain", .click: "stack.no-auto-drain", .appDismiss: "stack.no-auto-drain",
        .displayNext: "manual.display-next", .presentLocal: "manual.present-local",
        .background: "reenqueue.background", .foreground: "reenqueue.background", .relaunch: "reenqueue.background",
        .syncComplete: "sync.held-events", .changeUser: "stack.change-user-clears",
        .wipeData: "stack.wipe-data-clears", .orientation: "discard.orientation",
        .keyboardShown: "reenqueue.keyboard-legacy", .keyboardHidden: "reenqueue.keyboard-legacy",
        .assetDownload: "delivery.asset-prefetch", .delegateChoice: "reenqueue.delegate-later",
        .sessionEnd: "stack.eligibility-moments", .inspectStack: "stack.lifo",
    ]
}
