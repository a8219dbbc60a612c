import IAMSpec
import IAMSpecRunner

/// Tests each certain name as a prediction before it is given: a name that replays the suite's
/// runs may still not be what the engine does after the cases stop looking (an interval waited
/// with a margin named as an exclusive interval), so the engine is asked.
///
/// The name's rivals are the reference rules (the engine with the report's other names and
/// without this one: ``ExplainedBehaviour/reference``) and the other behaviours of each of its
/// behaviours' rules, each put in place of it. For each rival, a scenario on which the engine as
/// named and the rival answer differently, within the profiles and capabilities the engine
/// declares, is found by the project's generator and shrunk (``FuzzCampaign``, as
/// ``TieExperiment`` finds its experiments), and run on the engine:
/// - the engine answers as the name predicts: the prediction is borne out, and the rival is told
///   apart (``ExplainedBehaviour/toldApart``, with the experiment);
/// - the engine answered as the name predicts up to the step where the name and the rival differ,
///   and first departs from it after that on what the prediction is about (the messages the two
///   treat differently, on deliveries and on each channel on which they differ): the name is
///   refuted by that experiment, whatever the rival predicted (the engine's answer may be the
///   rival's, or a third one: either contradicts the name's own prediction);
/// - the engine departs from the prediction before that step (something no name explains is in
///   the way of the scenario before the name matters), or first only beside what the name
///   predicts (an impression logged twice), or in silence where the name observes a message put
///   on the stack (it may hold it unobserved), or by showing more than the name predicts, as one
///   behaviour of the catalogue from another area of the rules, added to the engine as named,
///   shows it (a mechanism beside the name), or on
///   a scenario where a rule of a difference no name explains matters at or before the step where
///   the engine departs (what it changes later cannot be why), or declines or fails the
///   scenario: the
///   rival is tried again on the scenario of another seed (each such experiment kept, with why it
///   concluded nothing: ``ExplainedBehaviour/inconclusive``);
/// - no scenario separates them: nothing is concluded about that rival; nor when each one
///   found separates them only on the channels left out (below): the name says then where it
///   was untested (``ExplainedBehaviour/untestedOn``).
///
/// Where the report's names replay runs in part (``ExplainedBehaviour/residues``), the engine
/// does something no name explains on the residues' channels (its impressions logged its own
/// way, say): the answers are compared without those channels, on which no name's prediction can
/// be borne out or refuted.
///
/// Where the report has differences no name explains, under rules of their own (a priority tie
/// the engine breaks its own way), a scenario on which those rules matter asks the engine
/// something no prediction covers. So the scenarios found are passed over, for the next one the
/// same seed's campaign finds, while a behaviour of the catalogue under one of those rules
/// (other than the rules of the names), which fails no run the engine passed, changes the
/// engine-as-named's answer to them; the first one found is run when every one does.
///
/// Then the name's runs (of distinct cases, the first ``runsVaried`` with a variant) are run with
/// what its rules read changed (``RunVariation``: a
/// name of priority, the priorities turned round; one of assets, failed downloads succeeding), where the engine may decide otherwise than the
/// name though no rival of the catalogue predicts how
/// (``varied(_:rules:named:name:reference:leavingOut:quirks:replaying:)``).
///
/// A refuted name is not given: ``test(_:)`` returns it apart, with its
/// ``ExplainedBehaviour/refutation``, so that its runs stay among the differences no name
/// explains. Unless the experiment that refuted it shows the one mechanism it lacks
/// (``completion(of:refutedBy:beside:claimed:leavingOut:)``): the name with that behaviour is
/// tested in its place, and given when another experiment bears it out. Names still open ("one
/// of") are left as they are: ``TieExperiment`` tells them
/// apart. Replays of the name and its rivals run in this process. Deterministic: the seeds are
/// fixed.
package struct NamePrediction {
    /// The engine under test.
    package var engine: any EngineProvider
    /// How many generated scenarios are tried to separate a name from one rival, per seed.
    package var scenarios: Int
    /// The generator's seeds: the first finds the experiment; the others, other scenarios for a
    /// rival whose experiment the engine answered as neither.
    package var seeds: [UInt64]
    /// At most this many other behaviours of a rule are a name's rivals, in catalogue order.
    package var rivalsPerRule: Int
    /// Whether to stop (the run was interrupted): no experiment starts after it says so, and the
    /// names not yet tested are given untested.
    package var isStopped: @Sendable () -> Bool
    /// The scenario of a run of the suite (its case's setup and stimuli, under its profile), to
    /// continue past where the case stops looking (``RunContinuation``); nil for a run whose case
    /// is not at hand.
    package var scenarioOfRun: (ExplainedBehaviour.Run) -> Scenario?
    /// A run of the suite as the runner runs it (its case under its profile), to replay with a
    /// mechanism put beside the name (``OwnRunsAgreement``); nil for a run whose case is not at
    /// hand.
    package var caseOfRun: (ExplainedBehaviour.Run) -> CaseRun?
    /// The rule catalogue the experiments' cases are read beside (``TieExperiment/rules``).
    package var rules: RuleCatalogue?
    /// Whether a mechanism other than the names agrees with the runs the engine passed (the
    /// `passes` given): one that fails one stands in no name's way.
    let passAgreement: PassAgreement
    /// Whether a mechanism beside a name leaves the name's own runs as it replays them.
    let ownRunsAgreement: OwnRunsAgreement

    package init(
        engine: any EngineProvider,
        scenarios: Int = 200,
        seeds: [UInt64] = [1, 2, 3],
        rivalsPerRule: Int = 6,
        scenarioOfRun: @escaping (ExplainedBehaviour.Run) -> Scenario? = { _ in nil },
        caseOfRun: @escaping (ExplainedBehaviour.Run) -> CaseRun? = { _ in nil },
        passes: [FailureExplainer.Pass] = [],
        stoppingWhen isStopped: @escaping @Sendable () -> Bool = { false }
    ) {
        self.engine = engine
        self.scenarios = scenarios
        self.seeds = seeds
        self.rivalsPerRule = rivalsPerRule
        self.scenarioOfRun = scenarioOfRun
        self.caseOfRun = caseOfRun
        ownRunsAgreement = OwnRunsAgreement(capabilities: engine.description.capabilities)
        passAgreement = PassAgreement(passes: passes, capabilities: engine.description.capabilities)
        self.isStopped = isStopped
    }

    /// How many of a name's runs (of distinct cases) are continued past their cases' end.
    static let runsContinued = 3
    /// How many of a name's runs (of distinct cases) with a variant are varied (``RunVariation``):
    /// more than are continued, since a variant is one run of the case's length, and the runs
    /// whose variant asks something may come late (a pending download among failed ones).
    static let runsVaried = 12

    /// The names, each certain one tested: those the engine bore out or that no experiment could
    /// test (their ``ExplainedBehaviour/predictions`` counted, their rivals told apart), with the
    /// names still open, in their order; and, apart, those it refuted. A name `known` holds (by
    /// its behaviour) was tested already, on a fuller engine (the whole run's, `--whole-run`): its
    /// verdict there is its verdict, and no experiment runs for it.
    ///
    /// `unexplainedRules` are the rules of the differences no name explains (the rule each
    /// ``DifferenceGroup`` checks): the scenarios designed avoid them where they can.
    package func test(
        _ names: [ExplainedBehaviour],
        known: [String: ExplainedBehaviour] = [:],
        avoiding unexplainedRules: Set<String> = []
    ) -> (given: [ExplainedBehaviour], refuted: [ExplainedBehaviour]) {
        var refuting: [RefutingExperiment] = []
        return test(names, known: known, avoiding: unexplainedRules, refuting: &refuting)
    }

    /// The names tested as ``test(_:known:avoiding:)`` tests them, where `refuting` holds the
    /// experiments that refuted names before (an earlier search's): a name whose engine predicts on
    /// one of them exactly what the refuted name's engine predicted is refuted by it, the engine
    /// not asked again. Each experiment that refutes a name here is added to `refuting`; a name
    /// completed by the mechanism its refuting experiment shows is given in its place when borne
    /// out.
    package func test(
        _ names: [ExplainedBehaviour],
        known: [String: ExplainedBehaviour] = [:],
        avoiding unexplainedRules: Set<String> = [],
        refuting: inout [RefutingExperiment]
    ) -> (given: [ExplainedBehaviour], refuted: [ExplainedBehaviour]) {
        // The channels on which the engine does what no name explains.
        let unexplained = Set(
            names.flatMap(\.residues).flatMap(\.channels).compactMap(ObservationChannel.init(rawValue:))
        )
        var given: [ExplainedBehaviour] = []
        var refuted: [ExplainedBehaviour] = []
        for (position, name) in names.enumerated() {
            // The behaviours the report's other certain names give the engine.
            let others = Set(
                names.enumerated().filter { $0.offset != position && !$0.element.isOpen }
                    .flatMap { TieExperiment.parts(of: $0.element.behaviour) }
            )
            guard !name.isOpen, !isStopped() else {
                // A name still open whose every hypothesis an earlier experiment refutes is refuted.
                if name.isOpen,
                    let refutation = refutationOfEveryHypothesis(of: name, beside: others, refuting, unexplained)
                {
                    var refutedName = name
                    refutedName.refutation = refutation
                    refuted.append(refutedName)
                } else {
                    given.append(name)
                }
                continue
            }
            if let verdict = known[name.behaviour], verdict.predictions != nil {
                given.append(name.withVerdict(of: verdict))
                continue
            }
            let (tested, refutedBy) = test(
                name,
                beside: others,
                leavingOut: unexplained,
                avoiding: unexplainedRules,
                refutedBefore: refuting
            )
            // Each experiment that refuted a name, once.
            func keep(_ experiment: RefutingExperiment?) {
                guard let experiment, !refuting.contains(where: { $0.isSame(as: experiment) }) else { return }
                refuting.append(experiment)
            }
            keep(refutedBy)
            guard tested.refutation != nil else {
                given.append(tested)
                continue
            }
            // The experiment that refuted the name may show the one mechanism it lacks.
            if let refutedBy, !isStopped(),
                let completed = completion(
                    of: name,
                    refutedBy: refutedBy,
                    beside: others,
                    claimed: names.filter { !$0.isOpen }.flatMap(\.runs).compactMap(caseOfRun),
                    leavingOut: unexplained
                )
            {
                let (retested, refutedAgain) = test(
                    completed,
                    beside: others,
                    leavingOut: unexplained,
                    avoiding: unexplainedRules,
                    refutedBefore: refuting
                )
                keep(refutedAgain)
                if retested.refutation == nil, (retested.predictions ?? 0) > 0 {
                    given.append(retested)
                    continue
                }
            }
            refuted.append(tested)
        }
        return (given, refuted)
    }

    /// One rival of a name: what it is called in the report, and the behaviours of the whole
    /// engine it makes with the report's other names.
    private struct Rival {
        var alternative: ExplainedBehaviour.Alternative
        var behaviours: [String]
    }

    /// The name tested on the engine beside the behaviours `others` of the report's other names,
    /// the answers compared without the channels `unexplained`, the scenarios avoiding the rules
    /// `unexplainedRules` where they can.
    private func test(
        _ name: ExplainedBehaviour,
        beside others: Set<String>,
        leavingOut unexplained: Set<ObservationChannel>,
        avoiding unexplainedRules: Set<String>,
        refutedBefore: [RefutingExperiment]
    ) -> (ExplainedBehaviour, RefutingExperiment?) {
        let members = TieExperiment.parts(of: name.behaviour)
        guard members.allSatisfy({ BehaviourCatalogue.behaviour(id: $0) != nil }) else { return (name, nil) }
        let named = TieExperiment.whole(name.behaviour, beside: others)
        if let before = refutedBefore.first(where: {
            predictsAlike(named, members: members, $0, leavingOut: unexplained)
        }) {
            var refuted = name
            refuted.refutation = before.refutation
            refuted.predictions = 0
            return (refuted, before)
        }
        // The engine as named with each behaviour of a rule no name explains (the names' own
        // rules aside): a scenario whose answer one of them changes is one those rules matter to.
        let namedRules = Set(named.compactMap { BehaviourCatalogue.behaviour(id: $0)?.rule })
        let quirks = BehaviourCatalogue.all
            .filter { unexplainedRules.contains($0.rule) && !namedRules.contains($0.rule) }
            .map { TieExperiment.whole($0.id, beside: Set(named)) }
            .filter(passAgreement.agree)
        // The name's first runs of distinct cases, to continue against the reference rules.
        var cases: Set<String> = []
        let distinct = name.runs.filter { cases.insert($0.caseID).inserted }
        let continued = distinct.prefix(Self.runsContinued).compactMap(scenarioOfRun)
        let ownRuns = name.runs.compactMap(caseOfRun)
        var tested = name
        // The scenarios that bore the name out: one may tell it from several rivals, and counts once.
        var borneOut: Set<[String]> = []
        var inconclusive: [ExplainedBehaviour.Inconclusive] = []
        // Whether a rival was told from the name only where the engine does what no name explains.
        var onlyWhereUnexplained = false
        // The reference rules with the report's other names: what the name's own behaviours
        // change is judged against it.
        let reference = BehaviourCatalogue.inOrder(others.subtracting(members))
        let asNamed = ExplainedBehaviour.Alternative(behaviour: name.behaviour, summary: name.summary, rule: name.rule)
        // The name's refutation by the experiment `scenario`, the engine answering `answer`.
        func refuted(
            by refutation: ExplainedBehaviour.Refutation,
            _ scenario: Scenario,
            _ answer: ScenarioTrace
        ) -> (ExplainedBehaviour, RefutingExperiment?) {
            tested.refutation = refutation
            tested.predictions = borneOut.count
            tested.inconclusive = inconclusive
            return (
                tested,
                RefutingExperiment(
                    scenario: scenario,
                    answer: answer,
                    members: Set(members),
                    named: named,
                    refutation: refutation
                )
            )
        }
        for rival in rivals(of: members, beside: others, named: named) {
            guard !isStopped() else { return (name, nil) }
            guard !name.toldApart.contains(where: { $0.behaviour == rival.alternative.behaviour }) else { continue }
            switch ask(
                named: named,
                rival: rival,
                name: asNamed,
                leavingOut: unexplained,
                avoiding: quirks,
                reference: reference,
                continuing: rival.alternative.behaviour == ExplainedBehaviour.reference ? continued : [],
                replaying: ownRuns,
                keeping: &inconclusive
            ) {
            case .borneOut(let experiment):
                borneOut.insert(experiment.steps)
                var told = rival.alternative
                told.experiment = experiment
                tested.toldApart.append(told)
            case .refuted(let refutation, let scenario, let answer):
                return refuted(by: refutation, scenario, answer)
            case .untested:
                continue
            case .onlyWhereUnexplained:
                onlyWhereUnexplained = true
            }
        }
        guard !isStopped() else { return (name, nil) }
        // The name's runs with what its rules read changed: the decision it says the engine makes.
        let rules = members.compactMap { BehaviourCatalogue.behaviour(id: $0)?.rule }
        let variations = varied(
            distinct.lazy.compactMap(scenarioOfRun).map { RunVariation.variants(of: $0, forRules: rules) }
                .filter { !$0.isEmpty }.prefix(Self.runsVaried).flatMap { $0 },
            rules: rules,
            named: named,
            name: asNamed,
            reference: reference,
            leavingOut: unexplained,
            quirks: quirks,
            replaying: ownRuns
        )
        borneOut.formUnion(variations.borneOut.map(\.steps))
        if let (refutation, scenario, answer) = variations.refutation {
            return refuted(by: refutation, scenario, answer)
        }
        guard !isStopped() else { return (name, nil) }
        tested.toldApart.sort { $0.behaviour < $1.behaviour }
        tested.predictions = borneOut.count
        tested.inconclusive = inconclusive
        if borneOut.isEmpty, inconclusive.isEmpty, onlyWhereUnexplained {
            tested.untestedOn = unexplained.map(\.rawValue).sorted()
        }
        return (tested, nil)
    }

    /// The refutation of the first hypothesis of a name still open, when an experiment of
    /// `refuting` refutes each of its hypotheses (``predictsAlike(_:members:_:leavingOut:)``), the engine
    /// as named with the behaviours `others`; nil when one of them stands.
    private func refutationOfEveryHypothesis(
        of name: ExplainedBehaviour,
        beside others: Set<String>,
        _ refuting: [RefutingExperiment],
        _ unexplained: Set<ObservationChannel>
    ) -> ExplainedBehaviour.Refutation? {
        guard !refuting.isEmpty else { return nil }
        var first: ExplainedBehaviour.Refutation?
        for hypothesis in name.hypotheses {
            let named = TieExperiment.whole(hypothesis, beside: others)
            let members = TieExperiment.parts(of: hypothesis)
            guard
                let before = refuting.first(where: {
                    predictsAlike(named, members: members, $0, leavingOut: unexplained)
                })
            else {
                return nil
            }
            if first == nil { first = before.refutation }
        }
        return first
    }

    /// Whether a name of `members`, the engine as named being `named`, holds the behaviours of a
    /// name an experiment refuted and predicts on its scenario exactly what that name's engine predicted there, without
    /// the channels `unexplained`: the engine's answer contradicts it as it did that name.
    private func predictsAlike(
        _ named: [String],
        members: [String],
        _ before: RefutingExperiment,
        leavingOut unexplained: Set<ObservationChannel>
    ) -> Bool {
        guard before.members.isSubset(of: members) else { return false }
        // The same engine as the refuted name's (the same behaviour, its companions now among the
        // other names): refuted by the same answer.
        guard named != before.named else { return true }
        let declared = engine.description
        let predicted = ScenarioTrace(running: before.scenario, on: observed(named, declared: declared))
        let refuted = ScenarioTrace(running: before.scenario, on: observed(before.named, declared: declared))
        guard predicted.failure == nil, refuted.failure == nil else { return false }
        return Self.leavingOut(unexplained, of: predicted, in: before.scenario).windows
            == Self.leavingOut(unexplained, of: refuted, in: before.scenario).windows
    }

    /// The rivals of a name of `members`: the reference rules, then each member's rule's other
    /// behaviours in its place (at most ``rivalsPerRule`` a rule), none the same engine as the
    /// name's or as another rival's.
    private func rivals(of members: [String], beside others: Set<String>, named: [String]) -> [Rival] {
        var seen: Set<[String]> = [named]
        var rivals: [Rival] = []
        func add(_ alternative: ExplainedBehaviour.Alternative, _ behaviours: Set<String>) {
            let whole = BehaviourCatalogue.inOrder(behaviours)
            guard seen.insert(whole).inserted else { return }
            rivals.append(Rival(alternative: alternative, behaviours: whole))
        }
        add(
            Self.referenceRules(of: members.compactMap { BehaviourCatalogue.behaviour(id: $0)?.rule }),
            others.subtracting(members)
        )
        for member in members {
            guard let behaviour = BehaviourCatalogue.behaviour(id: member) else { continue }
            let variants = BehaviourCatalogue.all.filter {
                $0.rule == behaviour.rule && $0.id != member && !members.contains($0.id) && !others.contains($0.id)
            }
            for variant in variants.prefix(rivalsPerRule) {
                add(
                    ExplainedBehaviour.Alternative(behaviour: variant.id, summary: variant.summary, rule: variant.rule),
                    others.union(members).subtracting([member]).union([variant.id])
                )
            }
        }
        return rivals
    }

    /// What the engine answered to the experiments that separate the name from one rival.
    private enum Answer {
        /// As the name predicts, on this experiment (the rival's answer as the other).
        case borneOut(ExplainedBehaviour.Experiment)
        /// Otherwise than the name predicts, on this scenario (as run), the engine answering this.
        case refuted(ExplainedBehaviour.Refutation, Scenario, ScenarioTrace)
        /// Nothing concluded: no scenario separates them, or the engine declined or failed one.
        case untested
        /// Nothing asked: each scenario found separates them only on the channels where the
        /// engine does what no name explains, which the answers are compared without.
        case onlyWhereUnexplained
    }

    /// The experiments separating the engine as named (`named`) from `rival`, run on the engine:
    /// first the runs `continuing` (the name's own, against the reference rules) continued past
    /// their cases' end (``RunContinuation``), then the scenarios the generator finds.
    ///
    /// Each scenario is the shrunk one, then a minute of time: what either holds back to show
    /// later (a trigger held for an interval's margin, say) shows within it. The engine's answer
    /// bears the name out when it is the name's, step by step. Another answer refutes the name
    /// when the engine answered as the name predicts up to the step where the name and the rival
    /// differ, and first departs from it on what the prediction is about
    /// (``departure(of:from:reference:in:at:through:)``), as the rival or as neither, where no
    /// rule of a difference no name explains matters up to that departure. An answer that departs
    /// before that step, beside the name's own prediction or in silence where it stacks a message,
    /// or where such a rule matters by the step where it departs (one of the engines `quirks`
    /// answers otherwise than the name there or before), concludes nothing (what is in the way is
    /// not this name's): it is kept in `inconclusive`, as is a scenario the engine
    /// declines or fails, and the next seed's scenario is tried. The answers are compared without
    /// the channels `unexplained`: a scenario on which the name and the rival differ only there
    /// asks nothing. A scenario whose answer one of the engines `quirks` (the engine as named with
    /// a behaviour of a rule no name explains) changes is passed over for the next one the
    /// campaign finds, if any.
    private func ask(
        named: [String],
        rival: Rival,
        name: ExplainedBehaviour.Alternative,
        leavingOut unexplained: Set<ObservationChannel>,
        avoiding quirks: [[String]],
        reference: [String],
        continuing: [Scenario],
        replaying ownRuns: [CaseRun],
        keeping inconclusive: inout [ExplainedBehaviour.Inconclusive]
    ) -> Answer {
        let declared = engine.description
        let asNamed = observed(named, declared: declared)
        let asRival = observed(rival.behaviours, declared: declared)
        let asReference = observed(reference, declared: declared)
        let quirky = quirks.map { observed($0, declared: declared) }
        // Whether a rule no name explains matters to the scenario (run on for the look-ahead).
        func touchesTheUnexplained(_ scenario: Scenario) -> Bool {
            guard !quirky.isEmpty else { return false }
            var scenario = scenario
            scenario.stimuli.append(.timeAdvanced(by: Self.lookAhead))
            let predicted = Self.leavingOut(
                unexplained,
                of: ScenarioTrace(running: scenario, on: asNamed),
                in: scenario
            )
            return Self.answerOtherwise(quirky, scenario, than: predicted, leavingOut: unexplained)
        }
        // What the engine's answer to a scenario concludes (nil: try the next scenario).
        func judged(_ scenario: Scenario) -> Answer? {
            judge(
                scenario,
                asNamed,
                asRival,
                asReference,
                named: named,
                rival,
                name,
                unexplained,
                quirky,
                replaying: ownRuns,
                &inconclusive
            )
        }
        // The name's own runs, continued past where their cases stop looking, before any
        // generated scenario: the suite's runs separate the name from its rival whatever the
        // generator can build within the engine's capabilities.
        // The engine as named with every observation, whatever the engine reports.
        let continuation = RunContinuation(
            named: FailureExplainer.inProcess(named.compactMap(BehaviourCatalogue.behaviour(id:))),
            capabilities: declared.capabilities
        )
        // Whether a scenario separated them only where the engine does what no name explains.
        var onlyWhereUnexplained = false
        // What the engine's answer concludes, nil to try the next scenario.
        func concluding(_ answer: Answer?) -> Answer? {
            guard case .onlyWhereUnexplained = answer else { return answer }
            onlyWhereUnexplained = true
            return nil
        }
        for run in continuing {
            guard !isStopped() else { return .untested }
            let scenario = continuation.scenario(continuing: run)
            let asked = inconclusive.count
            if let answer = concluding(judged(scenario)) { return answer }
            // Declined whole (a trigger sent again that the engine's server decides, a relaunch its
            // process cannot carry): the continuation again, without what it may decline.
            guard inconclusive.count > asked, inconclusive.last?.reason == .declined, !isStopped() else { continue }
            let settling = continuation.scenario(continuing: run, settling: true)
            guard settling != scenario else { continue }
            if let answer = concluding(judged(settling)) { return answer }
        }
        var tried: Set<Scenario> = []
        for seed in seeds {
            guard !isStopped() else { return .untested }
            let campaign = FuzzCampaign(engine: asNamed, against: asRival, seed: seed)
            guard var found = campaign.run(count: scenarios) else {
                // Nothing separates them within the engine's capabilities: no other seed will.
                return onlyWhereUnexplained ? .onlyWhereUnexplained : .untested
            }
            // The next scenario found where a rule no name explains matters; the first when each does.
            var next: FuzzCampaign.Finding? = found
            while let candidate = next, !isStopped(), touchesTheUnexplained(candidate.scenario) {
                next = campaign.run(count: scenarios, after: candidate.scenarioNumber)
            }
            // A scenario every one of whose kind touches the unexplained is run all the same.
            if let next { found = next }
            guard tried.insert(found.scenario).inserted else { continue }
            if let answer = concluding(judged(found.scenario)) { return answer }
        }
        return onlyWhereUnexplained ? .onlyWhereUnexplained : .untested
    }

    /// What the engine's answer to `scenario` (then ``lookAhead`` of time) concludes of the name,
    /// the engine as named being `asNamed` and the rival `asRival` (see
    /// ``ask(named:rival:name:leavingOut:avoiding:reference:continuing:replaying:keeping:)``); nil when it concludes
    /// nothing and the next scenario is to be tried (the experiment kept in `inconclusive` when the
    /// engine was asked), `.onlyWhereUnexplained` when the two differ only on the channels
    /// `unexplained` (nothing to ask), `.untested` when no more is to be asked. `quirky` are the
    /// engines as named with a behaviour of a rule no name explains.
    private func judge(
        _ scenario: Scenario,
        _ asNamed: any EngineProvider,
        _ asRival: any EngineProvider,
        _ asReference: any EngineProvider,
        named asNamedBehaviours: [String],
        _ rival: Rival,
        _ name: ExplainedBehaviour.Alternative,
        _ unexplained: Set<ObservationChannel>,
        _ quirky: [any EngineProvider],
        replaying ownRuns: [CaseRun],
        _ inconclusive: inout [ExplainedBehaviour.Inconclusive]
    ) -> Answer? {
        var scenario = scenario
        scenario.stimuli.append(.timeAdvanced(by: Self.lookAhead))
        let predictedWhole = ScenarioTrace(running: scenario, on: asNamed)
        let rivalledWhole = ScenarioTrace(running: scenario, on: asRival)
        let answerWhole = ScenarioTrace(running: scenario, on: engine)
        guard predictedWhole.failure == nil, rivalledWhole.failure == nil, !isStopped() else { return .untested }
        let predicted = Self.leavingOut(unexplained, of: predictedWhole, in: scenario)
        let rivalled = Self.leavingOut(unexplained, of: rivalledWhole, in: scenario)
        // They differ only where the engine does what no name explains: nothing to ask there.
        guard predicted.windows != rivalled.windows else {
            return predictedWhole.windows == rivalledWhole.windows ? nil : .onlyWhereUnexplained
        }
        // The answers from the first step where the name and the rival differ.
        let from = predicted.firstDivergence(from: rivalled) ?? 0
        func concludingNothing(
            _ experiment: ExplainedBehaviour.Experiment,
            _ reason: ExplainedBehaviour.Inconclusive.Reason
        ) -> ExplainedBehaviour.Inconclusive {
            var experiment = experiment
            experiment.otherAnswer = Self.answer(predicted, of: scenario, from: from)
            return ExplainedBehaviour.Inconclusive(
                rival: rival.alternative,
                experiment: experiment,
                rivalAnswer: Self.answer(rivalled, of: scenario, from: from),
                reason: reason
            )
        }
        let answer = Self.leavingOut(unexplained, of: answerWhole, in: scenario)
        // Where the engine stopped answering (it failed or declined a later step: a continued
        // run's relaunch, say), the steps it answered.
        let answered = answerWhole.failure == nil ? nil : answer.windows.count
        // How the engine first departs from the prediction, where it answered as predicted up to
        // the step where the name and the rival differ.
        let departure =
            answer.windows.count > from
                && Array(answer.windows.prefix(from)) == Array(predicted.windows.prefix(from))
            ? Self.departure(
                of: answer,
                from: predicted,
                reference: Self.leavingOut(
                    unexplained,
                    of: ScenarioTrace(running: scenario, on: asReference),
                    in: scenario
                ),
                in: scenario,
                at: from,
                through: answered
            ) : .beside
        // A rule no name explains matters to the scenario by the step where the engine departs, or
        // what the engine shows beside the name's prediction is what a mechanism of another area
        // of the rules shows: what the engine does there is no name's. (What the name predicts and
        // the engine lacks is never put down to another mechanism: many take a message away.)
        let contradicted: Bool
        if case .contradicts(let step, let adding) = departure {
            contradicted =
                !Self.answerOtherwise(quirky, scenario, than: predicted, leavingOut: unexplained, through: step)
                && !(adding
                    && answeredBeside(
                        named: asNamedBehaviours,
                        scenario,
                        answer,
                        through: step,
                        unexplained,
                        replaying: ownRuns
                    ))
        } else {
            contradicted = false
        }
        // The name refuted by `experiment` on this scenario, the rival's answer beside.
        func refuted(by experiment: ExplainedBehaviour.Experiment) -> Answer {
            .refuted(
                ExplainedBehaviour.Refutation(
                    rival: rival.alternative,
                    experiment: experiment,
                    rivalAnswer: Self.answer(rivalled, of: scenario, from: from)
                ),
                scenario,
                answerWhole
            )
        }
        guard answerWhole.failure == nil, !answerWhole.declined else {
            guard !contradicted else {
                var experiment = TieExperiment.record(
                    scenario,
                    winner: answerWhole,
                    loser: predictedWhole,
                    ruledOut: name,
                    citing: rules
                )
                experiment.engineAnswer = Self.answer(answer, of: scenario, from: from)
                experiment.otherAnswer = Self.answer(predicted, of: scenario, from: from)
                return refuted(by: experiment)
            }
            // This scenario asks nothing of the engine; another may. Its case is the one that
            // would have told the rival apart.
            var experiment = TieExperiment.record(
                scenario,
                winner: predictedWhole,
                loser: rivalledWhole,
                ruledOut: rival.alternative,
                citing: rules
            )
            experiment.engineAnswer =
                answerWhole.declineReason.map { "declined: \($0)" }
                ?? "failed: \(answerWhole.failure ?? "")"
            inconclusive.append(concludingNothing(experiment, .declined))
            return nil
        }
        // Its case rejects what the engine's answer ruled out: the rival, or the name.
        let bears = answer.windows == predicted.windows
        var experiment = TieExperiment.record(
            scenario,
            winner: answerWhole,
            loser: bears ? rivalledWhole : predictedWhole,
            ruledOut: bears ? rival.alternative : name,
            citing: rules
        )
        experiment.engineAnswer = Self.answer(answer, of: scenario, from: from)
        experiment.otherAnswer = Self.answer(predicted, of: scenario, from: from)
        if bears {
            // Told apart from the rival: the name's answer is the engine's, the rival's the other.
            experiment.otherAnswer = Self.answer(rivalled, of: scenario, from: from)
            return .borneOut(experiment)
        }
        guard contradicted else {
            // The engine departed before the step where the name and the rival differ, beside
            // what the name predicts, where a rule no name explains matters, or only in silence
            // where the name puts a message on the stack: what is in the way is no name's.
            inconclusive.append(concludingNothing(experiment, departure == .silent ? .silent : .neither))
            return nil
        }
        // Where the name's prediction is its own, the engine answered otherwise: as the rival,
        // or as neither. Either contradicts the name.
        return refuted(by: experiment)
    }

    /// Whether one behaviour of the catalogue, of an area of the rules (the part of a rule's id
    /// before its dot) none of the name's behaviours is of, added to the engine as named
    /// (`named`), gives the engine's answer `answer` to `scenario` up to and including the step
    /// `step` (within a step in any order, and without the channels `unexplained`): a mechanism
    /// of the engine's own beside the name (stacked messages offered when the app comes back, a
    /// message shown once per install) explains where the engine departs from it, unless the two
    /// fail a run the engine passed. A behaviour of the name's own areas is not tried: it would be
    /// a rival of the name, not a mechanism beside. Nor does one explain it that, beside the name,
    /// would have failed the name's own runs `ownRuns` otherwise than the name replays them
    /// (``OwnRunsAgreement``): the engine did not.
    func answeredBeside(
        named: [String],
        _ scenario: Scenario,
        _ answer: ScenarioTrace,
        through step: Int,
        _ unexplained: Set<ObservationChannel>,
        replaying ownRuns: [CaseRun]
    ) -> Bool {
        func area(_ rule: String) -> Substring { rule.prefix { $0 != "." } }
        let areas = Set(named.compactMap { BehaviourCatalogue.behaviour(id: $0).map { area($0.rule) } })
        let declared = engine.description
        func steps(_ trace: ScenarioTrace) -> [Set<Observation>]? {
            guard trace.windows.count > step else { return nil }
            return trace.windows.prefix(step + 1).map(Set.init)
        }
        guard let answered = steps(answer) else { return false }
        var prefix = scenario
        prefix.stimuli = Array(scenario.stimuli.prefix(step + 1))
        return BehaviourCatalogue.all.contains { behaviour in
            guard !areas.contains(area(behaviour.rule)), !named.contains(behaviour.id) else { return false }
            let together = BehaviourCatalogue.inOrder(named + [behaviour.id])
            let beside = observed(together, declared: declared)
            return steps(Self.leavingOut(unexplained, of: ScenarioTrace(running: prefix, on: beside), in: prefix))
                == answered && passAgreement.agree(together)
                && ownRunsAgreement.agree(together, with: named, on: ownRuns)
        }
    }

    /// How an engine's answer first departs from a name's prediction.
    private enum Departure: Equatable {
        /// On what the prediction is about, at this step: the name is contradicted. `adding` when
        /// the engine only observed more there than the name predicts.
        case contradicts(atStep: Int, adding: Bool)
        /// Only in silence where the name observes a message put on the stack: the engine may
        /// hold it without saying so.
        case silent
        /// Beside what the prediction is about, or not at all.
        case beside
    }

    /// How `answer` first departs from the name's prediction `predicted`, from the step `from`
    /// where the name and its rival first differ (up to the step `answered`, where the engine
    /// stopped answering, if it did). Within a step, order and repeats do not count; the first step
    /// where the engine observes otherwise decides, since its state may differ from the name's
    /// after it. There, the prediction is about what the name's own behaviours changed so far: the
    /// messages the name and the reference rules with the report's other names (`reference`) have
    /// treated differently, on the delivery channel, from which the rest follows, and on each
    /// channel on which the two have differed. The engine contradicts the name when it observes
    /// otherwise on them (so a message the name says was dropped, shown at the next dismissal,
    /// contradicts it), unless it only leaves out messages the name puts on the stack, with what
    /// the name observes of them there (``Departure/silent``). What the engine does beside (an impression logged twice, the click
    /// before the dismissal, a message the name never touched shown for a reason of its own: a
    /// relaunch that starts a session) does not.
    private static func departure(
        of answer: ScenarioTrace,
        from predicted: ScenarioTrace,
        reference: ScenarioTrace,
        in scenario: Scenario,
        at from: Int,
        through answered: Int?
    ) -> Departure {
        func window(_ trace: ScenarioTrace, _ step: Int) -> Set<Observation> {
            step < trace.windows.count ? Set(trace.windows[step]) : []
        }
        let last = answered ?? max(predicted.windows.count, reference.windows.count, answer.windows.count)
        var channels: Set<ObservationChannel> = [.delivery]
        var messages: Set<MessageID> = []
        for step in 0..<max(from, last) {
            for observation in window(predicted, step).symmetricDifference(window(reference, step)) {
                channels.insert(channel(of: observation, at: step, in: scenario))
                messages.formUnion(observation.messages)
            }
            let (engine, named) = (window(answer, step), window(predicted, step))
            guard step >= from, engine != named else { continue }
            func about(_ observation: Observation) -> Bool {
                let subjects = observation.messages
                return channels.contains(channel(of: observation, at: step, in: scenario))
                    && (subjects.isEmpty || !messages.isDisjoint(with: subjects))
            }
            let (engineAbout, namedAbout) = (engine.filter(about), named.filter(about))
            guard engineAbout != namedAbout else { return .beside }
            guard !isSilence(engineAbout, where: namedAbout) else { return .silent }
            return .contradicts(atStep: step, adding: engineAbout.isSuperset(of: namedAbout))
        }
        return .beside
    }

    /// `trace` of `scenario` without the observations of `channels` (a stack answer, and a
    /// dismissal no step asked for, being deliveries: ``channel(of:at:in:)``).
    static func leavingOut(
        _ channels: Set<ObservationChannel>,
        of trace: ScenarioTrace,
        in scenario: Scenario
    ) -> ScenarioTrace {
        guard !channels.isEmpty else { return trace }
        var seen = trace
        seen.windows = trace.windows.enumerated().map { step, window in
            window.filter { !channels.contains(channel(of: $0, at: step, in: scenario)) }
        }
        return seen
    }

    /// The channel of `observation`, made at `step` of `scenario`, as a partial replay judges it
    /// (``ObservedSteps/channel(of:asked:)``): a dismissal no step asked for is a delivery.
    static func channel(of observation: Observation, at step: Int, in scenario: Scenario) -> ObservationChannel {
        let own = ObservedSteps.channel(of: observation)
        guard own == .dismissals else { return own }
        return ObservedSteps.channel(
            of: own,
            asked: step < scenario.stimuli.count && scenario.stimuli[step].asksForDismissal
        )
    }

    /// The reference rules as a rival of a name of the rules `rules` (with the report's other names).
    static func referenceRules(of rules: [String]) -> ExplainedBehaviour.Alternative {
        ExplainedBehaviour.Alternative(
            behaviour: ExplainedBehaviour.reference,
            summary: "follows the reference rules there",
            rule: rules.joined(separator: ", ")
        )
    }

    /// Whether what the engine observed about a name's prediction (`engine`) departs from it
    /// (`named`) only in silence: what it leaves out is messages the name puts on the stack, and
    /// what follows from that for those messages (an impression logged as one is stacked).
    static func isSilence(_ engine: Set<Observation>, where named: Set<Observation>) -> Bool {
        let missing = named.subtracting(engine)
        let unstacked = Set(
            missing.compactMap { observation -> MessageID? in
                if case .stacked(let id, _) = observation { id } else { nil }
            }
        )
        return engine.isSubset(of: named) && !unstacked.isEmpty
            && missing.allSatisfy { $0.messages.isSubset(of: unstacked) }
    }

    /// Whether one of the engines `quirky` (the engine as named with a behaviour of a rule no name
    /// explains) answers `scenario` otherwise than `predicted`, without the channels `unexplained`,
    /// at one of its steps up to and including `step` (nil: any step): a rule no name explains
    /// matters there. What such a rule changes after a step cannot be why the engine answered
    /// otherwise at it.
    static func answerOtherwise(
        _ quirky: [any EngineProvider],
        _ scenario: Scenario,
        than predicted: ScenarioTrace,
        leavingOut unexplained: Set<ObservationChannel>,
        through step: Int? = nil
    ) -> Bool {
        let steps = step.map { $0 + 1 } ?? Int.max
        return quirky.contains {
            leavingOut(unexplained, of: ScenarioTrace(running: scenario, on: $0), in: scenario).windows.prefix(steps)
                != predicted.windows.prefix(steps)
        }
    }

    /// The time a scenario runs on after its last step, before the answers are compared.
    static let lookAhead = VirtualTime.seconds(60)

    /// What `trace` observed at each step of `scenario` from `from` on, as a report says it:
    /// `advance: 60 -> {displayed: m2}`, steps joined by `; `.
    static func answer(_ trace: ScenarioTrace, of scenario: Scenario, from: Int) -> String {
        let steps = zip(scenario.stimuli, trace.windows).dropFirst(from).map { stimulus, window in
            CaseSyntax.exact.step(stimulus) + " -> "
                + (window.isEmpty ? "nothing" : window.map(CaseSyntax.exact.observation).joined(separator: ", "))
        }
        return steps.joined(separator: "; ")
    }

    /// The engine of `behaviours` (none: the reference engine), as an engine that declares
    /// `declared` observes it.
    func observed(_ behaviours: [String], declared: EngineDescription) -> any EngineProvider {
        ObservedByTheEngine(
            base: FailureExplainer.inProcess(behaviours.compactMap(BehaviourCatalogue.behaviour(id:))),
            capabilities: declared.capabilities,
            declaring: true,
            profiles: declared.profiles
        )
    }
}
