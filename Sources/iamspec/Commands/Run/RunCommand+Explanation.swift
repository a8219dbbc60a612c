import IAMSpec
import IAMSpecExplanation
import IAMSpecPlatform
import IAMSpecRunner
import IAMSpecStdio

extension RunCommand {
    /// The names tried on the engine: those still open ("one of") told apart where an experiment
    /// can (``TieExperiment``), then, with `testingNames` (unless `--no-test-names`), each certain
    /// one tested as a prediction (``NamePrediction``; its first runs, whose cases are among
    /// `cases`, continued past their end), but those the whole run (`wholeRun`) tested, whose
    /// verdict there stands, and those `tested` already (by behaviour), whose verdict stands too:
    /// the names given, and apart those the engine refuted, or an experiment of `refuting` (which
    /// gains this call's refuting experiments) refutes.
    /// The predictions' scenarios avoid, where they can, the rules of the differences no name
    /// explains (`unexplainedRules`). Each experiment runs on a fresh engine of the run's (a new
    /// process for `--engine-command`); the case each keeps cites only rules of `rules` it may.
    /// A warning says why when the engine cannot be made; the names are then given untested. An
    /// interrupt of `control` stops the experiments at once (the engine answering is
    /// interrupted): the names not yet told apart stay open, those not yet tested are given
    /// untested. A mechanism that fails one of the runs `passed` stands in no name's way.
    func experiment(
        on names: [ExplainedBehaviour],
        in cases: [LoadedCase],
        citing rules: RuleCatalogue,
        passed: [ExplainedBehaviour.Run],
        unexplainedRules: Set<String>,
        testingNames: Bool,
        wholeRun: WholeRunStream?,
        tested: [String: ExplainedBehaviour],
        refuting: inout [RefutingExperiment],
        budget: ExperimentBudget,
        until control: RunControl
    ) -> (given: [ExplainedBehaviour], refuted: [ExplainedBehaviour]) {
        guard names.contains(where: \.isOpen) || (testingNames && !names.isEmpty) else { return (names, []) }
        let provider: any EngineProvider
        do {
            provider = try makeEngineProvider()
        } catch {
            StandardError.write("warning: no experiment could tell behaviours apart: \(QuotedText.line("\(error)"))")
            return (names, [])
        }
        defer { (provider as? StdioEngineProvider)?.shutdown() }
        let engine = ExperimentEngineProvider(base: provider, control: control, budget: budget)
        var experiment = TieExperiment(engine: engine, stoppingWhen: { control.isInterrupted })
        experiment.rules = rules
        // The behaviours the certain names give the engine: each open name's hypotheses are tried
        // with them, as the whole engine answers.
        let certain = Set(names.filter { !$0.isOpen }.flatMap { $0.behaviour.split(separator: "+").map(String.init) })
        if names.contains(where: \.isOpen) { budget.begin("telling apart the names still open") }
        let decided = names.map { experiment.decide($0, beside: certain) }
        guard testingNames else { return (decided, []) }
        if !control.isInterrupted { budget.begin("testing the names as predictions") }
        let byID = Dictionary(cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let inspecting = provider.description.capabilities.contains(.stackInspection)
        let passes = passed.compactMap { run in
            byID[run.caseID].map { FailureExplainer.Pass(CaseRun(loaded: $0, profile: run.profile)) }
        }
        var prediction = NamePrediction(
            engine: engine,
            scenarioOfRun: { run in
                byID[run.caseID].map {
                    Scenario(running: $0.decodedOrExit(), profile: run.profile, inspectingTheStack: inspecting)
                }
            },
            caseOfRun: { run in byID[run.caseID].map { CaseRun(loaded: $0, profile: run.profile) } },
            passes: passes,
            stoppingWhen: { control.isInterrupted }
        )
        prediction.rules = rules
        return prediction.test(
            decided,
            known: (wholeRun?.verdicts.given ?? [:]).merging(tested, uniquingKeysWith: { whole, _ in whole }),
            avoiding: unexplainedRules,
            refuting: &refuting
        )
    }

    /// The smallest case of each difference no name explains (``SmallestCase``), by the example
    /// run of its group, then of each name still open ("one of": nothing run told its behaviours
    /// apart, so no name is given and the case is what the team can keep), by its example run,
    /// then of each name's residues on each set of channels (the runs it replays in part: the first
    /// shrunk while the engine differs on those channels), by that run, the first
    /// ``smallestCasesLooked`` of them only: each run shrunk on a fresh engine of the run's per
    /// scenario tried. A warning says why when the engine cannot be made; an interrupt stops the
    /// search, keeping what was found.
    func smallestCases(
        of summary: RunSummary,
        in cases: [LoadedCase],
        budget: ExperimentBudget,
        until control: RunControl
    ) -> [ExplainedBehaviour.Run: String] {
        let looked =
            (summary.differences.map { (run: $0.example, channels: Set<ObservationChannel>?.none) }
            + summary.behaviours.filter(\.isOpen).compactMap(summary.example(of:)).map {
                (run: $0, channels: Set<ObservationChannel>?.none)
            }
            + summary.behaviours.flatMap(\.residueGroups).map { group in
                (run: group.runs[0], channels: Set(group.channels.compactMap(ObservationChannel.init(rawValue:))))
            })
            .prefix(Self.smallestCasesLooked)
        guard !looked.isEmpty else { return [:] }
        let provider: any EngineProvider
        do {
            provider = try makeEngineProvider()
        } catch {
            StandardError.write("warning: no smallest case could be found: \(QuotedText.line("\(error)"))")
            return [:]
        }
        defer { (provider as? StdioEngineProvider)?.shutdown() }
        let shrinking = SmallestCase(engine: ExperimentEngineProvider(base: provider, control: control, budget: budget))
        budget.begin("shrinking the differences to their smallest cases")
        let byID = Dictionary(cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [ExplainedBehaviour.Run: String] = [:]
        for (run, channels) in looked where !control.isInterrupted {
            guard let loaded = byID[run.caseID] else { continue }
            let yaml = shrinking.yaml(
                for: loaded.decodedOrExit(),
                profile: run.profile,
                id: "smallest-\(run.caseID)",
                channels: channels
            )
            if let yaml, !control.isInterrupted { found[run] = yaml }
        }
        return found
    }

    /// The most differences (groups, open names, then residues) whose smallest case a run looks for.
    static let smallestCasesLooked = 20

    /// The behaviours of the catalogue that explain the run's failed runs, found by
    /// `iamspec explain` in a child process given the results that did not pass (whole, as
    /// `spooled` took them while the run went on): each replayed on the reference engine's
    /// behaviours in that process, so that a behaviour that traps ends the child, never the run.
    /// When the child cannot explain, a warning says why and the run's differences stay grouped by
    /// rule and mismatch; an interrupt ends the child at once.
    ///
    /// The names found are put to `testing` (the experiments), which gives them back, apart those
    /// the engine refuted, given the names it tested already and the experiments that refuted
    /// names before (to which it adds its own). A refuted name cannot be what the
    /// engine does: the child searches again without it, nor any rival a name given was told apart
    /// from (`--ruled-out`), and the names that search finds are tested in their turn, at most
    /// ``searchesAfterRefutations`` times. The names refuted in every round are kept, for the
    /// reports.
    func explainFailures(
        of summary: RunSummary,
        spooled: ExplanationSpool?,
        until control: RunControl,
        testing: (
            _ names: [ExplainedBehaviour], _ tested: [String: ExplainedBehaviour],
            _ refuting: inout [RefutingExperiment]
        ) -> (given: [ExplainedBehaviour], refuted: [ExplainedBehaviour])
    ) -> (given: [ExplainedBehaviour], refuted: [ExplainedBehaviour]) {
        // A failed run kept, or folded and not kept (the spool holds every one).
        let hasFailedRun =
            summary.results.contains { $0.status == .failed } || (summary.failureFold?.droppedFailures ?? 0) > 0
        guard let spooled = spooled?.stream, hasFailedRun else {
            return ([], [])
        }
        let folder = spooled.folder
        // Private: it holds the failing runs and the engine command. The child removes it should
        // this process be killed (`--ends-with-parent`).
        guard mkdir(folder.path, 0o700) == 0 else {
            let reason = String(cString: strerror(errno))
            StandardError.write(
                "warning: the failed runs could not be explained: cannot make a private folder: \(reason)"
            )
            return ([], [])
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            // The runs that did not pass, and the count of those that did (`--passed-runs`): the
            // child tells which runs passed (a behaviour that fails one is not what the engine
            // does) from those, and from the whole run's stream, when given (`--whole-run`). The
            // stream's footer counts the results the run kept that did not pass: those the spool
            // took.
            var failed = summary
            failed.results = summary.results.filter { $0.status != .passed }
            failed.passedNotKept = 0
            failed.baseline = nil
            try spooled.writer.get().finish(failed)
            var refuted: [ExplainedBehaviour] = []
            // Every hypothesis refuted, a name's and its alternatives', for the next search.
            var ruledOut: Set<String> = []
            var tested: [String: ExplainedBehaviour] = [:]
            // The experiments that refuted a name, which refute any later name predicting the same.
            var refuting: [RefutingExperiment] = []
            for round in 0...Self.searchesAfterRefutations {
                guard
                    let names = try searchChild(
                        spooled,
                        passedCount: summary.passedCount,
                        ruledOut: ruledOut,
                        until: control
                    )
                else {
                    return ([], refuted)
                }
                let verdicts = testing(names, tested, &refuting)
                for name in verdicts.refuted
                where !refuted.contains(where: { $0.behaviour == name.behaviour && $0.runs == name.runs }) {
                    refuted.append(name)
                }
                // Each hypothesis refuted, as the experiments left it and as the search gave it (a
                // pair the other names made one behaviour, say).
                let refutedRuns = Set(verdicts.refuted.map { Set($0.runs) })
                ruledOut.formUnion(
                    (verdicts.refuted + names.filter { refutedRuns.contains(Set($0.runs)) }).flatMap(\.hypotheses)
                )
                // And each rival an experiment told a name given apart from: the engine answered
                // otherwise than it predicts there.
                ruledOut.formUnion(
                    verdicts.given.flatMap { name in
                        name.toldApart.filter { $0.experiment != nil && $0.behaviour != ExplainedBehaviour.reference }
                            .map(\.behaviour)
                    }
                )
                for name in verdicts.given where !name.isOpen { tested[name.behaviour] = name }
                guard !verdicts.refuted.isEmpty, round < Self.searchesAfterRefutations, !control.isInterrupted else {
                    return (verdicts.given, refuted)
                }
            }
            return ([], refuted)
        } catch {
            StandardError.write("warning: the failed runs could not be explained: \(QuotedText.line("\(error)"))")
            return ([], [])
        }
    }

    /// How many times the names are searched for again after an experiment refuted some.
    static let searchesAfterRefutations = 4

    /// The names `iamspec explain` finds in a child process for the failed runs `spooled` holds
    /// (`passedCount` runs passed), the names `ruledOut` left out; nil, after a warning that says why, when it found none
    /// (interrupted: nothing said).
    private func searchChild(
        _ spooled: ExplanationSpool.Stream,
        passedCount: Int,
        ruledOut: Set<String>,
        until control: RunControl
    ) throws -> [ExplainedBehaviour]? {
        let folder = spooled.folder
        let recordsPath = folder.appendingPathComponent("records.json").path
        let diagnosticsPath = folder.appendingPathComponent("stderr.txt").path
        let arguments =
            [
                "explain", spooled.path, "--records", "--ends-with-parent", "--passed-runs",
                "\(passedCount)", "--timeout", "\(timeout)",
            ]
            + suite.paths.flatMap { ["--specs", $0] } + (wholeRun.map { ["--whole-run", $0] } ?? [])
            + ruledOut.sorted().flatMap { ["--ruled-out", $0] }
        let status = try ChildCommand.run(
            EngineWorkers.executablePath,
            arguments,
            standardOutput: recordsPath,
            standardError: diagnosticsPath,
            stoppingWhen: { control.isInterrupted }
        )
        guard status == 0 else {
            // Interrupted: the reports are written without the explanation, saying nothing more.
            if control.isInterrupted { return nil }
            let diagnostics = (try? String(contentsOfFile: diagnosticsPath, encoding: .utf8)) ?? ""
            StandardError.write(
                "warning: the failed runs could not be explained (iamspec explain \(ChildCommand.describe(status))): "
                    + QuotedText.line(diagnostics)
            )
            return nil
        }
        let records = try Data(contentsOf: URL(fileURLWithPath: recordsPath))
        return try JSONDecoder().decode([FooterLine.BehaviourRecord].self, from: records).map(\.explained)
    }
}
