import IAMSpec
import IAMSpecRunner

extension NamePrediction {
    /// The name an experiment refuted, completed by the one mechanism that experiment shows: the
    /// engine answered as the name predicts up to a step, then otherwise, and the behaviours of the
    /// catalogue that, added to the engine as named, give the engine's whole answer there are what
    /// the name lacks (a priority tie given to the earlier message, whose loser the engine keeps
    /// waiting and shows once the screen is free: the tie alone drops the loser). The name's own
    /// behaviours must still matter there (without them, the behaviour added would not answer as
    /// the engine did): one that answers alone replaces the name, not completes it. Each must also
    /// pass every run the engine passed, and replay the runs the report's names claim (`claimed`)
    /// as the engine as named replays them: the engine failed those as the names say. The answers are compared without the channels `unexplained`, up to the
    /// step where the engine stopped answering (a relaunch it declined), if it did.
    ///
    /// One such behaviour gives the name with it (its runs), to be tested again as a prediction:
    /// fitted to one experiment, it is given only where another bears it out. Several, or none,
    /// give nil: the refutation stands. A behaviour that presupposes a capability the engine
    /// declares lacking, or holds one of the engine's behaviours as named, is not tried, nor one of
    /// a rule of the name's (a rival of the name, which its experiments tried in its place, not a
    /// mechanism beside it).
    func completion(
        of name: ExplainedBehaviour,
        refutedBy experiment: RefutingExperiment,
        beside others: Set<String>,
        claimed: [CaseRun],
        leavingOut unexplained: Set<ObservationChannel>
    ) -> ExplainedBehaviour? {
        let declared = engine.description
        let members = TieExperiment.parts(of: name.behaviour)
        let named = TieExperiment.whole(name.behaviour, beside: others)
        let rules = Set(members.compactMap { BehaviourCatalogue.behaviour(id: $0)?.rule })
        let answer = Self.leavingOut(unexplained, of: experiment.answer, in: experiment.scenario).windows
        // Where the engine stopped answering (it declined a later step), the steps it answered.
        let answered = experiment.answer.failure == nil && !experiment.answer.declined ? nil : answer.count
        guard !answer.isEmpty else { return nil }
        // Whether the engine of these behaviours answers the experiment as the engine did.
        func answers(_ behaviours: [String]) -> Bool {
            let trace = ScenarioTrace(running: experiment.scenario, on: observed(behaviours, declared: declared))
            let predicted = Self.leavingOut(unexplained, of: trace, in: experiment.scenario).windows
            return answered == nil ? trace.failure == nil && predicted == answer : predicted.starts(with: answer)
        }
        // Each behaviour of the catalogue (a refinement joined to a member), by what it adds.
        var completing: [[String]] = []
        for behaviour in BehaviourCatalogue.all where !isStopped() {
            let added = TieExperiment.parts(of: behaviour.id).filter { !named.contains($0) }
            guard !added.isEmpty, !completing.contains(added),
                behaviour.presupposes.isSubset(of: declared.capabilities),
                added.allSatisfy({ !rules.contains(BehaviourCatalogue.behaviour(id: $0)?.rule ?? "") })
            else { continue }
            let together = BehaviourCatalogue.inOrder(named + added)
            // The name's own behaviours still matter there: a behaviour that answers as the engine
            // did without them replaces the name (drops what the name keeps waiting), not completes it.
            if answers(together), !answers(BehaviourCatalogue.inOrder(others.subtracting(members).union(added))),
                passAgreement.agree(together), ownRunsAgreement.agree(together, with: named, on: claimed)
            {
                completing.append(added)
            }
        }
        // Several would each fit the one experiment: none is what the engine shows.
        guard completing.count == 1 else { return nil }
        let hypothesis = ExplainedBehaviour.Alternative(
            naming: (members + completing[0]).compactMap(BehaviourCatalogue.behaviour(id:))
        )
        var completed = name
        completed.behaviour = hypothesis.behaviour
        completed.summary = hypothesis.summary
        completed.rule = hypothesis.rule
        completed.toldApart = []
        completed.predictions = nil
        completed.inconclusive = []
        completed.untestedOn = []
        completed.refutation = nil
        completed.completes = name.behaviour
        return completed
    }
}
