import IAMSpec

/// The rule a difference `iamspec explore` found is about: the rule whose decision the reference
/// rules' answer at the differing step rests on, found by changing it. Each behaviour of the
/// catalogue is the reference rules with one rule changed (``Behaviour/rule``); one that, replayed
/// on the case's scenario, answers as the engine does up to and at the differing step (else one
/// that differs from the reference rules there in the same way, ``FirstDifference``) changes the
/// decision the difference is about, and its rule is the case's subject. A foreground that starts
/// a session is `session-start-fired-at-app-foreground`'s rule, `triggers.session-start`, not the
/// rule of what a foreground is; messages kept after a user change are
/// `stack.change-user-clears`'s, not the trigger's that shows one later.
struct DifferenceSubject {
    /// The engine of the reference rules with the behaviours given, as the engine observes it.
    var replaying: ([Behaviour]) -> any EngineProvider
    /// The behaviours the engine is known to have: replayed with each behaviour tried, never tried.
    var known: [Behaviour]
    /// The capabilities the engine declares: no behaviour is tried that presupposes one it lacks.
    var capabilities: Set<Capability>

    /// The rule of the first behaviour of the catalogue that answers `scenario` as `actual` does up
    /// to and at `step` (else that differs from `reference` at `step` as `actual` does), among the
    /// rules `allows` admits: of those, first the ones that answer as the engine did the scenario
    /// `found` as found up to its difference (`answer` to it, first differing at `foundStep`), then
    /// those of `preferring`; nil when none does.
    func rule(
        at step: Int,
        of scenario: Scenario,
        reference: ScenarioTrace,
        actual: ScenarioTrace,
        found: (scenario: Scenario, answer: ScenarioTrace, step: Int),
        allows: (String) -> Bool,
        preferring: [String]
    ) -> String? {
        guard step < reference.windows.count, step < actual.windows.count else { return nil }
        let way = FirstDifference(at: step, of: scenario, expected: reference, actual: actual).signature
        var scenario = scenario
        scenario.stimuli.removeSubrange((step + 1)...)
        // The known behaviours alone: a behaviour tried must change their answer at the step.
        let base = known.isEmpty ? reference : ScenarioTrace(running: scenario, on: replaying(known))
        var exact: [Behaviour] = []
        var alike: [Behaviour] = []
        for behaviour in BehaviourCatalogue.all where tried(behaviour) && allows(behaviour.rule) {
            let replay = ScenarioTrace(running: scenario, on: replaying(known + [behaviour]))
            guard replay.failure == nil, replay.windows.count == step + 1,
                replay.windows[..<step] == actual.windows[..<step], replay.windows[step] != reference.windows[step],
                step < base.windows.count, replay.windows[step] != base.windows[step]
            else { continue }
            if replay.windows[step] == actual.windows[step] {
                exact.append(behaviour)
            } else if FirstDifference(at: step, of: scenario, expected: reference, actual: replay).signature == way {
                alike.append(behaviour)
            }
        }
        // Two behaviours may answer a small scenario alike: the scenario as found, longer, tells
        // them apart.
        var whole = found.scenario
        whole.stimuli.removeSubrange((found.step + 1)...)
        let answersAsFound = { (behaviour: Behaviour) in
            let replay = ScenarioTrace(running: whole, on: replaying(known + [behaviour]))
            return replay.windows == Array(found.answer.windows.prefix(found.step + 1))
        }
        for matched in [exact, alike] where !matched.isEmpty {
            let asFound = matched.filter(answersAsFound)
            let rules = (asFound.isEmpty ? matched : asFound).map(\.rule)
            return preferring.first(where: rules.contains) ?? rules[0]
        }
        return nil
    }

    /// Whether the behaviour is one the engine may have beside its known ones.
    private func tried(_ behaviour: Behaviour) -> Bool {
        !known.contains(behaviour) && behaviour.presupposes.isSubset(of: capabilities)
    }
}
