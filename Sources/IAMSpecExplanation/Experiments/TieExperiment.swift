import IAMSpec
import IAMSpecRunner

/// Tells apart the hypotheses of a name still open ("one of A, B") by experiment: a scenario on
/// which their replays differ, found by the project's own generator and shrunk by its shrinker
/// (``FuzzCampaign``), using only the profiles and capabilities the engine declares, run on the
/// engine itself; the hypotheses whose answers differ from the engine's are ruled out, each with
/// the experiment (its steps, the engine's answer, theirs, and the scenario as a YAML case
/// ``CaseWriter`` writes for the team to keep).
///
/// A pair the engine answers as neither, or whose scenario it declines, gets another scenario,
/// found where the campaign left off, up to ``experimentsPerPair``. Where no scenario within the
/// engine's declared capabilities separates two hypotheses, or the engine declines or answers as
/// neither every one tried, or fails one, both stay open, and the report says which. Replays of the hypotheses run in this process. Deterministic: the seed is fixed.
package struct TieExperiment {
    /// The engine under test.
    package var engine: any EngineProvider
    /// How many generated scenarios are tried for each pair of hypotheses.
    package var scenarios: Int
    /// The generator's seed.
    package var seed: UInt64
    /// Whether to stop (the run was interrupted): no experiment starts after it says so, one under
    /// way is not believed, and the names not yet told apart stay open.
    package var isStopped: @Sendable () -> Bool
    /// The rule catalogue the experiments' cases are read beside: each cites only the rules it may
    /// (``CitableRules``); nil: the ruled-out behaviour's rules, unchecked.
    package var rules: RuleCatalogue?

    package init(
        engine: any EngineProvider,
        scenarios: Int = 300,
        seed: UInt64 = 1,
        stoppingWhen isStopped: @escaping @Sendable () -> Bool = { false }
    ) {
        self.engine = engine
        self.scenarios = scenarios
        self.seed = seed
        self.isStopped = isStopped
    }

    /// The name with its hypotheses told apart where an experiment could: the survivor named (its
    /// words, its ruled-out alternatives with their experiments), or the name unchanged.
    ///
    /// - Parameter others: the behaviours the report's certain names give the engine besides. Each
    ///   hypothesis is tried as the whole engine would be, with them: an engine that has another
    ///   behaviour too answers an experiment with it, and a hypothesis without it would be ruled
    ///   out by that alone. Hypotheses that are the same engine with them are one hypothesis, the
    ///   one of fewest behaviours kept.
    package func decide(_ name: ExplainedBehaviour, beside others: Set<String> = []) -> ExplainedBehaviour {
        guard name.isOpen, !isStopped() else { return name }
        let declared = engine.description
        var open: [ExplainedBehaviour.Alternative] = []
        var engines: [[String]] = []
        let hypotheses =
            [ExplainedBehaviour.Alternative(behaviour: name.behaviour, summary: name.summary, rule: name.rule)]
            + name.alternatives
        for hypothesis in hypotheses.sorted(by: {
            Self.parts(of: $0.behaviour).count < Self.parts(of: $1.behaviour).count
        }) {
            let whole = Self.whole(hypothesis.behaviour, beside: others)
            guard !engines.contains(whole) else { continue }
            engines.append(whole)
            open.append(hypothesis)
        }
        if open.count == 1 {
            // The hypotheses are one engine with the others: the name is certain.
            return ExplainedBehaviour(
                behaviour: open[0].behaviour,
                summary: open[0].summary,
                rule: open[0].rule,
                runs: name.runs,
                passes: name.passes,
                failingRuns: name.failingRuns,
                toldApart: name.toldApart
            )
        }
        func behaviour(_ hypothesis: ExplainedBehaviour.Alternative) -> Behaviour? {
            BehaviourCatalogue.behaviour(id: Self.whole(hypothesis.behaviour, beside: others).joined(separator: "+"))
        }
        var ruledOut: [ExplainedBehaviour.Alternative] = name.toldApart
        // Why the last pair left open stayed open when the engine did not answer as one of them:
        // the first experiment it did not answer (declined, crashed, closed its output or wrote
        // what is not an answer; never said as an answer that matched neither), or the count of
        // those it answered as neither.
        var unanswered: Unanswered?
        var index = 0
        while index < open.count && !isStopped() {
            var other = index + 1
            var ruledOutHere = false
            while other < open.count && !isStopped() {
                guard let first = behaviour(open[index]), let second = behaviour(open[other]) else {
                    other += 1
                    continue
                }
                let outcome = tellApart(first, second, declared: declared)
                guard case .decided(let firstHolds, let found) = outcome else {
                    if case .unanswered(let why) = outcome { unanswered = unanswered ?? why }
                    other += 1
                    continue
                }
                let (loser, winnerTrace, loserTrace) =
                    firstHolds ? (other, found.expected, found.actual) : (index, found.actual, found.expected)
                var alternative = open[loser]
                alternative.experiment = Self.record(
                    found.scenario,
                    winner: winnerTrace,
                    loser: loserTrace,
                    ruledOut: alternative,
                    citing: rules
                )
                ruledOut.append(alternative)
                open.remove(at: loser)
                if loser == index {
                    ruledOutHere = true
                    break
                }
            }
            if !ruledOutHere { index += 1 }
        }
        open.sort { $0.behaviour < $1.behaviour }
        let kept = open[0]
        return ExplainedBehaviour(
            behaviour: kept.behaviour,
            summary: kept.summary,
            rule: kept.rule,
            runs: name.runs,
            passes: name.passes,
            failingRuns: name.failingRuns,
            alternatives: Array(open.dropFirst()),
            toldApart: ruledOut,
            toTellApart: open.count > 1
                ? unanswered?.text
                    ?? (isStopped()
                        ? "an experiment on the engine; the run was interrupted before one told them apart"
                        : whatWouldTellApart(behaviour(open[0]), behaviour(open[1]), declared: declared))
                : nil
        )
    }

    /// How many different experiments a pair of hypotheses gets while the engine answers them as
    /// neither: it may answer one so because of something else it does its own way (a tie it
    /// breaks its own way, a boundary inside a margin), and another as one of the two.
    static let experimentsPerPair = 3

    /// Why the experiments on a pair told nothing: the first the engine did not answer, or how
    /// many it answered as neither hypothesis.
    struct Unanswered {
        /// What the report says in place of what would tell the pair apart.
        var text: String
    }

    /// What the experiments on two hypotheses found.
    enum Outcome {
        /// The engine answered an experiment as the first hypothesis (`firstHolds`) or as the second.
        case decided(firstHolds: Bool, FuzzCampaign.Finding)
        /// The engine answered none of the experiments as one hypothesis only.
        case unanswered(Unanswered)
        /// No scenario within the engine's capabilities separates them.
        case noScenario
    }

    /// Runs different shrunk scenarios on which the two behaviours' replays differ on the engine,
    /// each found where the generator's campaign left off, while the engine answers them as
    /// neither or declines them, up to ``experimentsPerPair``. A scenario the engine declines asks
    /// it nothing (an adapter that cannot play a server's part there), and another form of the
    /// question may not need that part: a message shown again through a second trigger rather than
    /// the first, which a server would send again. So the next one is tried, as ``NamePrediction``
    /// tries the next seed's. One it fails to answer (a crash, a garbled answer) ends them.
    private func tellApart(_ first: Behaviour, _ second: Behaviour, declared: EngineDescription) -> Outcome {
        var after = 0
        var tried: Set<Scenario> = []
        // What the engine said of each scenario it declined (the first is shown: the others' are
        // mostly the same words), and how the first was said.
        var declines: [(reason: String, said: String)] = []
        while tried.count < Self.experimentsPerPair && !isStopped() {
            guard let found = experiment(first, second, declared: declared, after: after) else { break }
            after = found.scenarioNumber
            guard tried.insert(found.scenario).inserted else { continue }
            let engineTrace = ScenarioTrace(running: found.scenario, on: engine)
            guard !isStopped() else { break }
            if let failure = engineTrace.failure {
                // A scenario the engine declined (`CaseSkipped`) is said as declined, never as a
                // crash or an answer as neither.
                guard engineTrace.declined else {
                    return .unanswered(
                        Unanswered(text: Self.failureText(failure, diagnostics: engineTrace.failureDiagnostics))
                    )
                }
                declines.append((engineTrace.declineReason ?? failure, failure))
                continue
            }
            let matchesFirst = engineTrace.windows == found.expected.windows
            let matchesSecond = engineTrace.windows == found.actual.windows
            if matchesFirst != matchesSecond { return .decided(firstHolds: matchesFirst, found) }
        }
        let neither = tried.count - declines.count
        guard let declined = declines.first else {
            switch neither {
            case 0: return .noScenario
            case 1:
                return .unanswered(
                    Unanswered(
                        text: "an experiment within the engine's capabilities separates them, and the engine answered "
                            + "as neither"
                    )
                )
            default:
                return .unanswered(
                    Unanswered(
                        text: "\(neither) experiments within the engine's capabilities separate them, and the engine "
                            + "answered each as neither"
                    )
                )
            }
        }
        switch (neither, declines.count) {
        case (0, 1):
            return .unanswered(Unanswered(text: "an experiment within the engine's capabilities; \(declined.said)"))
        case (0, let count):
            return .unanswered(
                Unanswered(
                    text: "\(count) experiments within the engine's capabilities separate them, and the engine "
                        + "declined each: \(declined.reason)"
                )
            )
        case (let answered, let count):
            return .unanswered(
                Unanswered(
                    text: "\(answered + count) experiments within the engine's capabilities separate them; the engine "
                        + "answered \(answered == 1 ? "one" : "\(answered)") as neither and declined "
                        + "\(count == 1 ? "one" : "\(count)"): \(declined.reason)"
                )
            )
        }
    }

    /// What an experiment the engine failed says: its error, and the standard error it wrote, as
    /// a run's crash says them.
    private static func failureText(_ failure: String, diagnostics: String) -> String {
        var tail = Substring(diagnostics)
        while let last = tail.last, last.isWhitespace { tail.removeLast() }
        return "the engine crashed or garbled its answer during the experiment: \(failure)"
            + (tail.isEmpty ? "" : "; its standard error: \(tail)")
    }

    /// The behaviours of a hypothesis (ids joined by `+`).
    static func parts(of id: String) -> [String] {
        id.split(separator: "+").map(String.init)
    }

    /// The behaviours of the whole engine a hypothesis makes with the report's other names', in
    /// catalogue order (the order the combined engine applies them in).
    static func whole(_ id: String, beside others: Set<String>) -> [String] {
        BehaviourCatalogue.inOrder(others.union(parts(of: id)))
    }

    /// What would tell two hypotheses apart that no scenario within the engine's capabilities
    /// separates: the first capability it does not declare with which a scenario would.
    private func whatWouldTellApart(_ first: Behaviour?, _ second: Behaviour?, declared: EngineDescription) -> String {
        guard let one = first, let other = second else { return "nothing known" }
        for capability in Capability.allCases.sorted() where !declared.capabilities.contains(capability) {
            var wider = declared
            wider.capabilities.insert(capability)
            if experiment(one, other, declared: wider) != nil {
                return "a case needing the capability \(capability.rawValue), which the engine does not declare"
            }
        }
        return "no scenario of iamspec's generator separates them, whatever the capabilities"
    }

    /// A shrunk scenario on which the two behaviours' replays differ, as the engine observes them.
    private func experiment(
        _ first: Behaviour,
        _ second: Behaviour,
        declared: EngineDescription,
        after: Int = 0
    )
        -> FuzzCampaign.Finding?
    {
        Self.experiment(first, second, declared: declared, seed: seed, scenarios: scenarios, after: after)
    }

    /// A shrunk scenario on which the two behaviours' replays differ, as an engine that declares
    /// `declared` observes them: the first of `scenarios` generated from `seed` after the first
    /// `after`, shrunk.
    static func experiment(
        _ first: Behaviour,
        _ second: Behaviour,
        declared: EngineDescription,
        seed: UInt64,
        scenarios: Int,
        after: Int = 0
    )
        -> FuzzCampaign.Finding?
    {
        func observed(_ behaviour: Behaviour) -> any EngineProvider {
            ObservedByTheEngine(
                base: BehaviourEngineProvider(behaviour: behaviour),
                capabilities: declared.capabilities,
                declaring: true,
                profiles: declared.profiles
            )
        }
        return FuzzCampaign(engine: observed(first), against: observed(second), seed: seed)
            .run(count: scenarios, after: after)
    }

    /// What a trace observed at its last step (where a shrunk experiment's replays differ), as a
    /// report says it.
    static func answer(_ trace: ScenarioTrace) -> String {
        let window = trace.windows.last ?? []
        return window.isEmpty ? "nothing" : window.map(CaseSyntax.exact.observation).joined(separator: ", ")
    }

    /// The experiment as a report shows it: its steps, the engine's answer and the ruled-out
    /// hypothesis's at the step where they differ, and the case that keeps it.
    static func record(
        _ scenario: Scenario,
        winner: ScenarioTrace,
        loser: ScenarioTrace,
        ruledOut: ExplainedBehaviour.Alternative,
        citing catalogue: RuleCatalogue?
    ) -> ExplainedBehaviour.Experiment {
        let steps = scenario.stimuli.filter {
            if case .stackInspected = $0 { return false }
            return true
        }
        .map { CaseSyntax.exact.step($0) }
        // As `lint` reads it: a case id has no `+` (the behaviours of a combination join with
        // `-and-`), a case lists each rule once, and only rules it may cite (a combination's other
        // rules may be gated by what the scenario does not use).
        let citable = catalogue.map { CitableRules(catalogue: $0, scenario: scenario, expected: winner) }
        var rules: [String] = []
        for rule in ruledOut.rule.components(separatedBy: ", ")
        where !rules.contains(rule) && citable?.allows(rule) ?? true {
            rules.append(rule)
        }
        var writer = CaseWriter(
            id: "told-apart-" + CaseWriter.idPart(naming: ruledOut.behaviour),
            title: "Rejects an engine that \(ruledOut.summary)",
            rules: rules,
            comments: [
                "Found by: iamspec run, an experiment telling the engine's behaviour from \(ruledOut.behaviour)"
            ],
            schemaPath: "schema.json"
        )
        writer.citable = { citable?.allows($0) ?? true }
        return ExplainedBehaviour.Experiment(
            steps: ["profile \(scenario.profile.rawValue)"] + steps,
            engineAnswer: Self.answer(winner),
            otherAnswer: Self.answer(loser),
            yaml: writer.yaml(for: scenario, expected: winner, actual: loser)
        )
    }
}
