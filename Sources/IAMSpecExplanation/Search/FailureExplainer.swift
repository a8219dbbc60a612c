import IAMSpec
import IAMSpecReferenceEngine
import IAMSpecRunner

/// Names what a failing engine does differently, as hypotheses judged on the whole run: a
/// hypothesis is a set of behaviours of the catalogue (one, two or three, any of them, those whose
/// capability the engine declares lacking too) that the engine has at once. It **explains** a
/// failing run when the run's replay on the reference engine with those behaviours fails the same
/// way with exactly the engine's timeline (every step's observations, up to the same failing
/// check, with the same expected and actual), and it is **consistent** when the replays of every
/// run the engine passed still pass: a name that contradicts what the engine passed cannot be
/// what it does.
///
/// A run the reference engine itself fails that way is explained by nothing: the engine does
/// there what the reference engine does, so no behaviour is what it does differently. It stays
/// among the differences no behaviour explains.
///
/// The search: each behaviour alone on every failing run (but those that presuppose a capability
/// the engine declares it lacks: an engine without priority reads none, the wrong way up or not);
/// for a run no consistent behaviour
/// explains alone, pairs of the behaviours that might (those that explain other runs, those whose
/// replays come closest to the engine's run, those of the rules its failing check names, those
/// whose capability the engine declares lacking, and, in pairs, those of a rule gated by a
/// capability it lacks, which may change nothing alone: `timeout-ignored` beside the behaviour
/// whose message then waits past its deadline; and every one of the rules its failing check
/// names, changing the run alone or not: `reeligibility-whole-seconds` and
/// `reeligibility-exclusive` change a run at 60.5 s of a 60-s period only together); for a run no consistent pair explains, triples
/// of the closest of those. Only the hypotheses that explain a run are checked against the passes
/// (each once, stopping at its first failed pass), and the smallest consistent ones are kept for
/// the run. Then the engine's hypothesis is built greedily, choosing at each step what explains
/// most of the runs left with the fewest new behaviours; hypotheses that explain exactly the same
/// runs with as few are a tie, reported as one name with its alternatives ("one of"), never broken
/// by catalogue order. Last, the names are made to hold as one engine (``WholeEngine``): their
/// behaviours replayed together must replay every run they claim and pass every pass, as the
/// engine they say it is would. A run no name then replays exactly may still be replayed in part,
/// its deliveries exactly, the engine logging, dismissing or calling back otherwise
/// (``partlyReplayed(_:failures:unexplained:nearby:held:cost:engines:agrees:)``): it is filed under
/// its name with that residue. ``Cost`` counts the replays. Deterministic: the same failures give
/// the same names.
package struct FailureExplainer: Sendable {
    /// The behaviours tried, in catalogue order.
    package var catalogue: [Behaviour]
    /// At most this many behaviours of a run, of those whose replays agree with the engine's run
    /// the longest, are tried in pairs with the others that might explain it.
    package var pairedPerRun: Int
    /// At most this many behaviours of a run are tried in triples.
    package var tripledPerRun: Int
    /// How long one replay may take before it is an error (and is abandoned, as a run of
    /// `iamspec run --in-process` is). A run the reference engine cannot replay in that time is
    /// explained by nothing, and replayed no more.
    package var timeout: Duration
    /// The capability that gates each rule (`capability` in `Specs/rules.yaml`), by the rule's id:
    /// for an engine that lacks it, the behaviours of that rule are tried in pairs, even those
    /// that change none of its runs alone.
    package var ruleCapabilities: [String: Capability]
    /// The hypotheses an experiment on the engine refuted, each as a name gives it (its behaviours'
    /// ids in order, joined by `+`): like one that fails a run the engine passed, such a hypothesis
    /// cannot be what the engine does, and the search gives the runs it replays another name, or
    /// none.
    package var ruledOut: Set<String>

    package init(
        catalogue: [Behaviour] = BehaviourCatalogue.all,
        pairedPerRun: Int = 12,
        tripledPerRun: Int = 8,
        timeout: Duration = .seconds(30),
        ruleCapabilities: [String: Capability] = [:],
        ruledOut: Set<String> = []
    ) {
        self.catalogue = catalogue
        self.pairedPerRun = pairedPerRun
        self.tripledPerRun = tripledPerRun
        self.timeout = timeout
        self.ruleCapabilities = ruleCapabilities
        self.ruledOut = ruledOut
    }

    /// Whether an experiment refuted the hypothesis of the behaviours at `positions` (``ruledOut``).
    private func isRuledOut(_ positions: [Int]) -> Bool {
        !ruledOut.isEmpty && ruledOut.contains(positions.map { catalogue[$0].id }.sorted().joined(separator: "+"))
    }

    /// A failed run and its case: the run's record as the search compares replays with it (its
    /// timeline's digests, not its timeline), and the case under the run's profile as a run of a
    /// loaded suite holds it (its case decoded only while it is replayed, so that many failures do
    /// not all stand decoded at once).
    package struct Failure: Sendable {
        package var recorded: RecordedFailure
        /// The run to replay: the failed run's case, under its profile.
        package var run: CaseRun

        package init(result: CaseResult, specCase: SpecCase) {
            self.init(result: result, run: CaseRun(specCase: specCase, profile: result.profile))
        }

        /// The failed run `result`, whose case and profile `run` holds.
        package init(result: CaseResult, run: CaseRun) {
            self.init(recorded: RecordedFailure(result), run: run)
        }

        /// The failed run `recorded`, whose case and profile `run` holds.
        package init(recorded: RecordedFailure, run: CaseRun) {
            self.recorded = recorded
            self.run = run
        }
    }

    /// A run the engine passed: its case and the profile it ran under, as a run of a loaded suite
    /// holds them (its case decoded only while it is replayed, so that a large suite's passes do
    /// not all stand decoded at once).
    package struct Pass: Sendable {
        package var run: CaseRun

        package init(_ run: CaseRun) {
            self.run = run
        }

        package init(specCase: SpecCase, profile: Profile) {
            self.run = CaseRun(specCase: specCase, profile: profile)
        }
    }

    /// The same explainer, with the capability that gates each rule of `rules` that has one
    /// (``ruleCapabilities``).
    package func gatedBy(_ rules: RuleCatalogue) -> FailureExplainer {
        var explainer = self
        explainer.ruleCapabilities = Dictionary(
            rules.rules.compactMap { rule in rule.capability.map { (rule.id, $0) } },
            uniquingKeysWith: { first, _ in first }
        )
        return explainer
    }

    /// What an explanation cost: the replays it made, by what they were for.
    package struct Cost: Sendable, Equatable {
        /// Replays of failing runs on the reference engine and on each behaviour alone.
        package var singles = 0
        /// Replays of failing runs on pairs and triples of behaviours.
        package var combinations = 0
        /// Replays of the runs the engine passed (on the reference engine, then on each hypothesis
        /// that explains a run, until its first failure).
        package var passes = 0
        /// Hypotheses (sets of behaviours) checked against the passes, in the search and together.
        package var hypothesesChecked = 0
        /// Replays of failing runs and of passes on the names' behaviours together
        /// (``WholeEngine``): the check that the names hold as one engine.
        package var whole = 0
    }

    /// The names of the engine's failures (see ``explain(_:passes:capabilities:engines:)``).
    package func explain(
        _ failures: [Failure],
        passes: [Pass] = [],
        capabilities: Set<Capability>? = nil,
        engines makeEngines: ([Behaviour]) throws -> any EngineProvider
    ) throws -> [ExplainedBehaviour] {
        var cost = Cost()
        return try explain(failures, passes: passes, capabilities: capabilities, cost: &cost, engines: makeEngines)
    }

    /// The names that explain the failures, each with its runs and proof, most runs first: each a
    /// hypothesis consistent with `passes` (the runs the engine passed: none given, none weighed),
    /// or, where hypotheses tie, one name with its alternatives. `cost` counts the replays made.
    ///
    /// `engines` makes the engine of the reference rules with the behaviours given (none: the
    /// reference engine): in this process, or in worker processes so that a behaviour that traps
    /// errors its replay instead of ending the tool. `capabilities`, the engine's (nil: every
    /// one), leaves out of each replay what that engine cannot observe (``ObservedByTheEngine``):
    /// the observations of a capability it declared lacking are no difference of its own.
    package func explain(
        _ failures: [Failure],
        passes: [Pass] = [],
        capabilities: Set<Capability>? = nil,
        cost: inout Cost,
        engines makeEngines: ([Behaviour]) throws -> any EngineProvider
    ) throws -> [ExplainedBehaviour] {
        let found = try search(
            failures,
            passes: passes,
            capabilities: capabilities,
            everyRun: false,
            cost: &cost,
            engines: makeEngines
        )
        func engines(_ behaviours: [Behaviour]) throws -> any EngineProvider {
            try observed(makeEngines(behaviours), by: capabilities)
        }
        let choice = HypothesisChoice(explaining: found.explaining)
        var disagreements = found.disagreements
        var departures = found.departures
        let failures = found.failures
        // Whether behaviours together pass every pass and depart from no failing run early.
        func agree(_ positions: [Int]) throws -> Bool {
            try !isRuledOut(positions)
                && disagreements.agree(positions, of: catalogue, engines: engines, timeout: timeout)
                && departures.agree(positions, failures: failures) { try timedReplays($0, engines: engines) }
        }
        let whole = try WholeEngine(
            choice.names,
            known: zip(found.explaining, found.contradicting).map { $0 + $1 },
            alone: found.alone,
            nearby: found.nearby,
            companions: found.lackedCapabilities,
            ids: catalogue.map(\.id),
            replaying: { positions, runs, untilMiss in
                var replays = TimedReplays(
                    executor: CaseExecutor(provider: try engines(positions.map { catalogue[$0] }), rules: []),
                    timeout: timeout
                )
                var replayed: [Int] = []
                for run in runs {
                    let failure = failures[run]
                    if failure.recorded.isReproduced(by: try replays.run(failure.run)) {
                        replayed.append(run)
                    } else if untilMiss {
                        break
                    }
                }
                return replayed
            },
            agrees: agree
        )
        // The runs no name replays exactly, where the names replay them in part.
        var partly = Cost()
        let (names, residues) = try partlyReplayed(
            whole.names,
            failures: failures,
            unexplained: found.alone.subtracting(whole.names.flatMap(\.runs)).sorted(),
            nearby: found.nearby,
            held: { held($0, by: capabilities) },
            cost: &partly,
            engines: engines,
            agrees: agree
        )
        cost.whole =
            whole.replays + partly.whole + disagreements.replays - found.disagreements.replays + departures.replays
            - found.departures.replays
        cost.passes = found.disagreements.replays
        cost.hypothesesChecked = disagreements.checked
        return names.map { name in
            named(
                name,
                failures: failures,
                passes: disagreements.evidence,
                failingRuns: departures.evidence(besides: Set(name.runs)),
                residues: residues
            )
        }
        .sorted { ($1.runs.count, $0.behaviour) < ($0.runs.count, $1.behaviour) }
    }

    /// Every failing run's candidates (`iamspec explain --candidates`): each behaviour, pair and
    /// triple that replays it exactly, pairs tried for every run (not only for those no behaviour
    /// explains alone; a pair or triple holding a behaviour that explains the run alone, and
    /// passes every pass, left out), with whether it passes every run the engine passed; the runs
    /// in the order of `failures`, a nondeterministic one left out.
    package func candidates(
        _ failures: [Failure],
        passes: [Pass] = [],
        capabilities: Set<Capability>? = nil,
        engines makeEngines: ([Behaviour]) throws -> any EngineProvider
    ) throws -> [(run: ExplainedBehaviour.Run, hypotheses: [(behaviour: String, consistent: Bool)])] {
        var cost = Cost()
        let found = try search(
            failures,
            passes: passes,
            capabilities: capabilities,
            everyRun: true,
            cost: &cost,
            engines: makeEngines
        )
        return found.failures.indices.map { run in
            // A combination holding a behaviour that explains the run alone says nothing more.
            let alone = Set(found.explaining[run].filter { $0.count == 1 }.map { $0[0] })
            let hypotheses = (found.explaining[run].map { ($0, true) } + found.contradicting[run].map { ($0, false) })
                .filter { $0.0.count == 1 || alone.isDisjoint(with: $0.0) }
            return (
                found.failures[run].recorded.run,
                hypotheses.map {
                    (behaviour: $0.0.map { catalogue[$0].id }.sorted().joined(separator: "+"), consistent: $0.1)
                }
                .sorted {
                    ($0.behaviour.count(where: { $0 == "+" }), $0.behaviour) < (
                        $1.behaviour.count(where: { $0 == "+" }), $1.behaviour
                    )
                }
            )
        }
    }

    /// What the search found: the failures it looked at (nondeterministic ones left out), and for
    /// each, the hypotheses that replay it and pass every pass, those that replay it and fail one,
    /// and how many passes weighed.
    private struct Found {
        var failures: [Failure]
        var explaining: [[[Int]]]
        var contradicting: [[[Int]]]
        /// The runs every behaviour was replayed on alone.
        var alone: Set<Int>
        /// For each failing run, the behaviours that change its timeline the search would pair:
        /// the closest and those of the rules of its failing check.
        var nearby: [[Int]]
        /// The behaviours that are what an engine lacking a capability it declared lacking does.
        var lackedCapabilities: [Int]
        /// The passes, and what each set of behaviours asked about did on them.
        var disagreements: PassDisagreements
        /// The failing runs, and what each set of behaviours asked about did on them.
        var departures: FailureDisagreements
        var evidence: Int { disagreements.evidence }
    }

    /// The search of ``explain(_:passes:capabilities:cost:engines:)``; `everyRun` tries pairs and
    /// triples for every run, not only for those no smaller consistent hypothesis explains.
    private func search(
        _ failures: [Failure],
        passes: [Pass],
        capabilities: Set<Capability>?,
        everyRun: Bool,
        cost: inout Cost,
        engines makeEngines: ([Behaviour]) throws -> any EngineProvider
    ) throws -> Found {
        func engines(_ behaviours: [Behaviour]) throws -> any EngineProvider {
            try observed(makeEngines(behaviours), by: capabilities)
        }
        // A nondeterministic run (`--repeat`) has no one timeline to reproduce. (The failures
        // shared, not copied, when every one has: a hundred thousand of them are many.)
        let failures =
            failures.allSatisfy(\.recorded.isReproducible) ? failures : failures.filter(\.recorded.isReproducible)
        var disagreements = PassDisagreements(passes: passes)
        guard !failures.isEmpty else {
            return Found(
                failures: [],
                explaining: [],
                contradicting: [],
                alone: [],
                nearby: [],
                lackedCapabilities: [],
                disagreements: disagreements,
                departures: FailureDisagreements(referenceAgreement: [], order: ReplayOrder([]))
            )
        }
        // The failures are replayed a case file at a time (each replay's results kept by run), a
        // batch of them on every set of behaviours of a pass in turn, so that a pass reads each
        // case once, whatever the sets' number.
        let replayOrder = ReplayOrder(failures)
        func replay(
            _ sets: [(behaviours: [Behaviour], runs: [Int])],
            _ body: (_ set: Int, _ run: Int, _ result: CaseResult) throws -> Void
        ) throws {
            try self.replay(sets, of: failures, in: replayOrder, engines: engines, body)
        }
        // Of each failure's replay on the reference engine, only what the search reads: whether
        // it can be explained, and its timeline's digest.
        var isExplainable = Array(repeating: false, count: failures.count)
        var reference: [TimelineDigest?] = Array(repeating: nil, count: failures.count)
        var referenceAgreement: [Int?] = Array(repeating: nil, count: failures.count)
        try replay([([], replayOrder.sorted(Array(failures.indices)))]) { _, run, replayed in
            // A run the reference engine fails the same way, or cannot replay (an error, a
            // timeout), is explained by nothing.
            isExplainable[run] = replayed.status != .error && !failures[run].recorded.isReproduced(by: replayed)
            reference[run] = TimelineDigest(replay: replayed.timeline)
            if isExplainable[run] { referenceAgreement[run] = failures[run].recorded.agreement(of: replayed) }
        }
        let explainable = failures.indices.filter { isExplainable[$0] }
        var departures = FailureDisagreements(referenceAgreement: referenceAgreement, order: replayOrder)
        cost.singles += failures.count
        func consistent(_ hypothesis: [Int]) throws -> Bool {
            try !isRuledOut(hypothesis)
                && disagreements.agree(hypothesis, of: catalogue, engines: engines, timeout: timeout)
                && departures.agree(hypothesis, failures: failures) { try timedReplays($0, engines: engines) }
        }
        // Each behaviour alone: which runs it explains, and how close it comes to the others (each
        // replay judged as it comes, none kept: a replay per behaviour and failing run would grow
        // with both). Of the behaviours that change a run's timeline, only what its pools read:
        // the closest, as many as a pool takes, and those of the rules its failing check names
        // (every one would be up to the catalogue's 80 a run).
        var explaining = Array(repeating: [[Int]](), count: failures.count)
        var contradicting = Array(repeating: [[Int]](), count: failures.count)
        var found = SinglesFound(
            runs: failures.count,
            behaviours: catalogue.count,
            kept: max(pairedPerRun, tripledPerRun)
        )
        func held(_ index: Int) -> Bool { self.held(index, by: capabilities) }
        let alone = catalogue.indices.filter(held)
        var departs = Array(repeating: false, count: alone.count)
        // One list of the runs in the replay order, shared by every behaviour's set.
        let explainableInOrder = replayOrder.sorted(explainable)
        try replay(alone.map { ([catalogue[$0]], explainableInOrder) }) { set, run, replayed in
            let index = alone[set]
            let recorded = failures[run].recorded
            if recorded.isReproduced(by: replayed) { found.reproduces(run, by: index) }
            if departures.departs(replayed, of: run, recorded: recorded) { departs[set] = true }
            if TimelineDigest(replay: replayed.timeline) != reference[run] {
                found.changes(
                    run,
                    by: index,
                    steps: recorded.closeness(of: replayed),
                    ofItsRules: recorded.checkedRules.contains(catalogue[index].rule)
                )
            }
        }
        for (set, index) in alone.enumerated() {
            departures.record(alone: index, departs: departs[set])
        }
        cost.singles += alone.count * explainable.count
        for run in explainable {
            for behaviour in found.reproducing(run) {
                if try consistent([behaviour]) {
                    explaining[run].append([behaviour])
                } else {
                    contradicting[run].append([behaviour])
                }
            }
        }
        // Pairs, then triples, for the runs no consistent hypothesis of fewer behaviours explains.
        let mightExplain = Set(explainable.flatMap { found.reproducing($0) })
        let declaredLacking = Set(
            catalogue.indices.filter { index in
                guard let capabilities, let lacked = catalogue[index].lacks else { return false }
                return !capabilities.contains(lacked)
            }
        )
        // Behaviours of a rule gated by a capability the engine lacks: silent alone, perhaps, but
        // what the engine does beside another difference of its own.
        let ofLackedRules = Set(
            catalogue.indices.filter { index in
                guard let capabilities, let gate = ruleCapabilities[catalogue[index].rule] else { return false }
                return !capabilities.contains(gate) && held(index)
            }
        )
        // Every behaviour of the rules a run's failing check names, whether or not its replay alone
        // changes the run: two ways of one decision may change it only together (a period counted
        // in whole seconds, and needing to be exceeded, at 60.5 s of a 60-s period).
        func ofTheCheckedRules(_ run: Int) -> Set<Int> {
            let rules = failures[run].recorded.checkedRules
            return Set(catalogue.indices.filter { rules.contains(catalogue[$0].rule) && held($0) })
        }
        func pool(for run: Int, closest limit: Int, size: Int) -> [Int] {
            let closest = found.nearest(run, limit: limit)
            return Set(closest).union(found.ofTheRules(run)).union(declaredLacking).union(
                size == 2 ? mightExplain.union(ofLackedRules).union(ofTheCheckedRules(run)) : []
            )
            .sorted()
        }
        for size in 2...3 {
            var combinationRuns: [[Int]: [Int]] = [:]
            for run in explainable where (everyRun && size == 2) || explaining[run].isEmpty {
                let tried = pool(for: run, closest: size == 2 ? pairedPerRun : tripledPerRun, size: size)
                for combination in Self.combinations(of: tried, size: size) {
                    combinationRuns[combination, default: []].append(run)
                }
            }
            let combinations = combinationRuns.keys.sorted(by: { $0.lexicographicallyPrecedes($1) })
            let sets = combinations.map { combination in
                (combination.map { catalogue[$0] }, replayOrder.sorted(combinationRuns[combination] ?? []))
            }
            cost.combinations += sets.map(\.1.count).reduce(0, +)
            try replay(sets) { set, run, replayed in
                guard failures[run].recorded.isReproduced(by: replayed) else { return }
                // With `everyRun`, a pair may hold a behaviour that explains the run alone: it
                // is listed, and the choice keeps only the smallest hypotheses of each run.
                if try consistent(combinations[set]) {
                    explaining[run].append(combinations[set])
                } else {
                    contradicting[run].append(combinations[set])
                }
            }
        }
        cost.passes = disagreements.replays
        cost.hypothesesChecked = disagreements.checked
        return Found(
            failures: failures,
            explaining: explaining,
            contradicting: contradicting,
            alone: Set(explainable),
            nearby: failures.indices.map { run in
                isExplainable[run]
                    ? Set(found.nearest(run, limit: pairedPerRun)).union(found.ofTheRules(run)).sorted() : []
            },
            lackedCapabilities: declaredLacking.sorted(),
            disagreements: disagreements,
            departures: departures
        )
    }

    /// Whether the behaviour at `index` may be what an engine of `capabilities` (nil: every one)
    /// does: one that presupposes a capability the engine declares it lacks reads what the engine
    /// says it has not, and is no hypothesis for it.
    private func held(_ index: Int, by capabilities: Set<Capability>?) -> Bool {
        guard let capabilities else { return true }
        return catalogue[index].presupposes.isSubset(of: capabilities)
    }

    /// The engine as an engine of `capabilities` observes it (nil: every one).
    private func observed(_ engine: any EngineProvider, by capabilities: Set<Capability>?) -> any EngineProvider {
        guard let capabilities else { return engine }
        return ObservedByTheEngine(base: engine, capabilities: capabilities)
    }

    /// A chosen name as the reports hold it.
    private func named(
        _ name: HypothesisChoice.Name,
        failures: [Failure],
        passes: Int,
        failingRuns: Int,
        residues: [Int: Set<ObservationChannel>]
    ) -> ExplainedBehaviour {
        let hypotheses = name.hypotheses.map { ExplainedBehaviour.Alternative(naming: $0.map { catalogue[$0] }) }
            .sorted { $0.behaviour < $1.behaviour }
        let first = hypotheses[0]
        return ExplainedBehaviour(
            behaviour: first.behaviour,
            summary: first.summary,
            rule: first.rule,
            runs: name.runs.map { failures[$0].recorded.run },
            passes: passes,
            failingRuns: failingRuns,
            alternatives: Array(hypotheses.dropFirst()),
            residues: name.runs.compactMap { run in
                residues[run].map { channels in
                    ExplainedBehaviour.Residue(
                        run: failures[run].recorded.run,
                        channels: channels.map(\.rawValue).sorted()
                    )
                }
            }
        )
    }

    /// The subsets of `pool` (sorted) of `size` members, each sorted, in lexicographic order.
    static func combinations(of pool: [Int], size: Int) -> [[Int]] {
        guard size > 0 else { return [[]] }
        guard pool.count >= size else { return [] }
        var result: [[Int]] = []
        for (position, first) in pool.enumerated() {
            for rest in combinations(of: Array(pool.dropFirst(position + 1)), size: size - 1) {
                result.append([first] + rest)
            }
        }
        return result
    }

    /// The engine of the reference rules with the behaviours given (none: the reference engine),
    /// in this process: the `engines` of ``explain(_:passes:capabilities:engines:)`` where no behaviour needs a
    /// process of its own.
    package static func inProcess(_ behaviours: [Behaviour]) -> any EngineProvider {
        switch behaviours.count {
        case 0: ReferenceEngineProvider()
        case 1: BehaviourEngineProvider(behaviour: behaviours[0])
        default: BehaviourEngineProvider(behaviour: Behaviour(combining: behaviours))
        }
    }

    /// Replays on the engine of the behaviours at `positions` of the catalogue, each within ``timeout``.
    private func timedReplays(
        _ positions: [Int],
        engines: ([Behaviour]) throws -> any EngineProvider
    ) throws -> TimedReplays {
        TimedReplays(
            executor: CaseExecutor(provider: try engines(positions.map { catalogue[$0] }), rules: []),
            timeout: timeout
        )
    }

    /// How many failing runs a pass of replays holds with their cases at once
    /// (``replay(_:of:in:engines:_:)``): ≈ 1.4 KB a case read again.
    private static let replayBatch = 512

    /// Each of `sets` (behaviours, and the failures to replay on their engine: positions among
    /// `failures`, in `order`) replayed, the runs a batch at a time in `order`: each batch's cases read once
    /// and replayed on every set with runs among them, so that a case past the suite's model
    /// budget is read again from its file once a pass, not once a set of behaviours. Each result
    /// is given to `body` with the set's position and the run as it comes, and kept by nothing
    /// else; each run meets the sets in their order.
    ///
    /// - Throws: `CaseFileChanged` when a case's file changed since the suite was loaded, and
    ///   what `engines` or `body` throw.
    private func replay(
        _ sets: [(behaviours: [Behaviour], runs: [Int])],
        of failures: [Failure],
        in order: ReplayOrder,
        engines: ([Behaviour]) throws -> any EngineProvider,
        _ body: (_ set: Int, _ run: Int, _ result: CaseResult) throws -> Void
    ) throws {
        var replayed = Array(repeating: false, count: failures.count)
        for set in sets {
            for run in set.runs { replayed[run] = true }
        }
        let every = order.sorted(failures.indices.filter { replayed[$0] })
        // Each set's runs in a batch are the next of its own, in the same order.
        var next = Array(repeating: 0, count: sets.count)
        for start in stride(from: 0, to: every.count, by: Self.replayBatch) {
            let batch = every[start..<min(start + Self.replayBatch, every.count)]
            let decoded = Dictionary(
                uniqueKeysWithValues: zip(batch, try batch.map { failures[$0].run }.withCasesDecoded())
            )
            for (set, (behaviours, runs)) in sets.enumerated()
            where next[set] < runs.count && decoded[runs[next[set]]] != nil {
                var replays = TimedReplays(
                    executor: CaseExecutor(provider: try engines(behaviours), rules: []),
                    timeout: timeout
                )
                while next[set] < runs.count, let run = decoded[runs[next[set]]] {
                    try body(set, runs[next[set]], try replays.run(run))
                    next[set] += 1
                }
            }
        }
    }
}
