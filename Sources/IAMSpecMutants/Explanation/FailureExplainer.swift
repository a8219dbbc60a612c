import IAMSpec
import IAMSpecReferenceEngine
import IAMSpecRunner

/// Names what a failing engine does differently: each failing run is replayed on the reference
/// engine with each behaviour of the catalogue, and a behaviour **explains** the run when its
/// replay fails the same way with exactly the engine's timeline (every step's observations, up to
/// the same failing check, with the same expected and actual).
///
/// A run the reference engine itself fails that way is explained by nothing: the engine does
/// there what the reference engine does, so no behaviour is what it does differently (a
/// behaviour that leaves the run as it is would reproduce it too, and be named falsely). It stays
/// among the differences no behaviour explains.
///
/// The runs the engine passed weigh too: of the behaviours (or pairs) that explain a run, only
/// those that fail or error fewest of them when replayed are kept for it (those that fail none,
/// when any does). An engine that holds no click follow-up under either SDK is not one that
/// flips the SDKs' rule, though both fail the same runs under the SDK that holds one: the flip
/// also fails the runs the engine passed under the other. An engine close to a behaviour but not
/// quite it (one that offers the next message on a user's dismissal only) still has it named.
///
/// Each behaviour is tried alone; a run no single behaviour explains without failing a run the
/// engine passed (two behaviours together may fail a run as a third alone does) is tried on pairs of the
/// behaviours that explain other runs alone and of those whose replays of it agree with the
/// engine's run the longest. Then each explained run is listed under one
/// behaviour: the behaviours that explain the most runs alone are chosen first (catalogue order
/// breaks ties), a run two behaviours explain together goes under the one already chosen (the
/// other named as its partner). Deterministic: the same failures give the same behaviours.
package struct FailureExplainer: Sendable {
    /// The behaviours tried, in catalogue order.
    package var catalogue: [Behaviour]
    /// At most this many behaviours of a run are paired with each other: of those that changed its
    /// timeline, the ones whose replays agree with the engine's run the longest.
    package var pairedPerRun: Int
    /// How long one replay may take before it is an error (and is abandoned, as a run of
    /// `iamspec run --in-process` is). A run the reference engine cannot replay in that time is
    /// explained by nothing, and replayed no more.
    package var timeout: Duration
    /// The capabilities the failing engine lacks: each replay leaves out the observations only
    /// they make (``MaskedObservationsEngineProvider``), as the engine's own runs do, so that no
    /// behaviour is named, nor a run left unexplained, for what the engine said it cannot observe.
    package var engineLacks: Set<Capability>

    package init(
        catalogue: [Behaviour] = BehaviourCatalogue.all,
        pairedPerRun: Int = 12,
        timeout: Duration = .seconds(30),
        engineLacks: Set<Capability> = []
    ) {
        self.catalogue = catalogue
        self.pairedPerRun = pairedPerRun
        self.timeout = timeout
        self.engineLacks = engineLacks
    }

    /// A failed run and its case.
    package struct Failure: Sendable {
        package var result: CaseResult
        package var specCase: SpecCase

        package init(result: CaseResult, specCase: SpecCase) {
            self.result = result
            self.specCase = specCase
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

    /// The behaviours that explain the failures, each with its runs, most runs first; of those that
    /// explain a run, the ones that fail fewest of `passes` (the runs the engine passed: none
    /// given, none weighed).
    ///
    /// `engines` makes the engine of the reference rules with the behaviours given (none: the
    /// reference engine): in this process, or in worker processes so that a behaviour that traps
    /// errors its replay instead of ending the tool.
    package func explain(
        _ failures: [Failure],
        passes: [Pass] = [],
        engines makeEngines: ([Behaviour]) throws -> any EngineProvider
    ) throws -> [ExplainedBehaviour] {
        // What the engine lacks it never observes: each replay leaves it out too.
        func engines(_ behaviours: [Behaviour]) throws -> any EngineProvider {
            let engine = try makeEngines(behaviours)
            return engineLacks.isEmpty ? engine : MaskedObservationsEngineProvider(engine, lacking: engineLacks)
        }
        // A nondeterministic run (`--repeat`) has no one timeline to reproduce.
        let failures = failures.filter { $0.result.status == .failed && $0.result.kind != .nondeterministic }
        guard !failures.isEmpty else { return [] }
        let reference = try replay(failures, on: [], engines: engines)
        // A run the reference engine fails the same way, or cannot replay (an error, a timeout),
        // is explained by nothing.
        let failsOnTheReference = failures.indices.map {
            reference[$0].status == .error || Self.reproduces(reference[$0], failures[$0].result)
        }
        let explainable = failures.indices.filter { !failsOnTheReference[$0] }
        // Each behaviour alone: which runs it explains, and which it changes at all.
        let singles = try replayEach(
            catalogue.map { [$0] },
            of: failures,
            only: Array(repeating: explainable, count: catalogue.count),
            engines: engines
        )
        var explaining = Array(repeating: [[Int]](), count: failures.count)
        var changing = Array(repeating: [(index: Int, closeness: Int)](), count: failures.count)
        var failingCheck = Array(repeating: Set<Int>(), count: failures.count)
        for (index, timelines) in singles.enumerated() {
            for run in explainable {
                let replayed = timelines[run]
                if Self.reproduces(replayed, failures[run].result) {
                    explaining[run].append([index])
                }
                if replayed.timeline != reference[run].timeline {
                    changing[run].append((index, Self.closeness(of: replayed, to: failures[run].result)))
                }
                if Self.failsTheSameCheck(replayed, failures[run].result) { failingCheck[run].insert(index) }
            }
        }
        // Pairs, for the runs no behaviour explains alone while passing every run the engine
        // passed (an engine of two behaviours may fail a run as a third alone does).
        var disagreements = PassDisagreements(passes: passes)
        func replaying(_ behaviours: [Behaviour], _ runs: [CaseRun]) throws -> [CaseResult] {
            Self.replay(runs, on: try engines(behaviours), timeout: timeout)
        }
        var settled = Array(repeating: false, count: failures.count)
        for run in failures.indices {
            settled[run] = try explaining[run].contains {
                try disagreements.count(for: $0, of: catalogue, replaying: replaying) == 0
            }
        }
        let explainingAlone = Set(explaining.flatMap { $0.map { $0[0] } })
        var pairRuns: [[Int]: [Int]] = [:]
        for run in failures.indices where !settled[run] && !failsOnTheReference[run] {
            // The behaviours whose replays come closest to the engine's run (catalogue order among
            // equals), and those that explain other runs alone, whether or not they change this
            // one alone (an engine's behaviour usually shows alone somewhere, and may matter here
            // only once another has changed the run), sorted into catalogue order so that each
            // pair is tried once.
            let closest = changing[run].sorted { ($1.closeness, $0.index) < ($0.closeness, $1.index) }
                .prefix(pairedPerRun).map(\.index)
            let candidates = explainingAlone.union(closest).sorted()
            for (position, first) in candidates.enumerated() {
                for second in candidates.dropFirst(position + 1) { pairRuns[[first, second], default: []].append(run) }
            }
        }
        let pairs = pairRuns.keys.sorted { $0.lexicographicallyPrecedes($1) }
        let pairResults = try replayEach(
            pairs.map { $0.map { catalogue[$0] } },
            of: failures,
            only: pairs.map { pairRuns[$0] ?? [] },
            engines: engines
        )
        for (pair, results) in zip(pairs, pairResults) {
            for run in pairRuns[pair] ?? [] where Self.reproduces(results[run], failures[run].result) {
                explaining[run].append(pair)
            }
        }
        for run in failures.indices where explaining[run].count > 1 {
            let counts = try explaining[run].map {
                try disagreements.count(for: $0, of: catalogue, replaying: replaying)
            }
            let fewest = counts.min() ?? 0
            explaining[run] = explaining[run].indices.filter { counts[$0] == fewest }.map { explaining[run][$0] }
        }
        return listed(explaining, failingCheck: failingCheck, failures: failures)
    }

    /// Each run under one behaviour, chosen greedily: most runs explained alone first. A run two
    /// behaviours explain together goes under the one that alone fails its failing check as the
    /// engine did (`failingCheck`), else the one whose rule that check names, else one already
    /// chosen, else the first in catalogue order; the other is named as its partner.
    private func listed(
        _ explaining: [[[Int]]],
        failingCheck: [Set<Int>],
        failures: [Failure]
    ) -> [ExplainedBehaviour] {
        var chosen: [Int] = []
        var owner = [Int?](repeating: nil, count: failures.count)
        var partners: [Int: Set<Int>] = [:]
        while true {
            var counts: [Int: Int] = [:]
            for run in failures.indices where owner[run] == nil {
                for set in explaining[run] where set.count == 1 { counts[set[0], default: 0] += 1 }
            }
            guard let best = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else { break }
            chosen.append(best)
            for run in failures.indices where owner[run] == nil && explaining[run].contains([best]) {
                owner[run] = best
            }
        }
        for run in failures.indices where owner[run] == nil && !explaining[run].isEmpty {
            let checked = failures[run].result.difference?.rules ?? []
            func weight(_ member: Int) -> Int {
                (failingCheck[run].contains(member) ? 4 : 0) + (checked.contains(catalogue[member].rule) ? 2 : 0)
                    + (chosen.contains(member) ? 1 : 0)
            }
            // The best pair by its best member (the first such pair: pairs are in catalogue order),
            // and that member, the earlier one on a tie.
            var best: (pair: [Int], lead: Int, weight: Int)?
            for pair in explaining[run] {
                for member in pair where best == nil || weight(member) > best!.weight {
                    best = (pair, member, weight(member))
                }
            }
            guard let (pair, lead, _) = best else { continue }
            if !chosen.contains(lead) { chosen.append(lead) }
            owner[run] = lead
            for other in pair where other != lead { partners[lead, default: []].insert(other) }
        }
        return chosen.compactMap { index -> ExplainedBehaviour? in
            let runs = failures.indices.filter { owner[$0] == index }.map {
                ExplainedBehaviour.Run(failures[$0].result)
            }
            guard !runs.isEmpty else { return nil }
            let behaviour = catalogue[index]
            return ExplainedBehaviour(
                behaviour: behaviour.id,
                summary: behaviour.summary,
                rule: behaviour.rule,
                runs: runs,
                with: (partners[index] ?? []).map { catalogue[$0].id }
            )
        }
        .sorted { ($1.runs.count, $0.behaviour) < ($0.runs.count, $1.behaviour) }
    }

    /// The engine of the reference rules with the behaviours given (none: the reference engine),
    /// in this process: the `engines` of ``explain(_:passes:engines:)`` where no behaviour needs a
    /// process of its own.
    package static func inProcess(_ behaviours: [Behaviour]) -> any EngineProvider {
        switch behaviours.count {
        case 0: ReferenceEngineProvider()
        case 1: BehaviourEngineProvider(behaviour: behaviours[0])
        default: BehaviourEngineProvider(behaviour: Behaviour(combining: behaviours))
        }
    }

    /// Whether a replay fails at the engine's failing check, expecting and finding what the engine's
    /// run did there (whatever the observations of the steps before).
    private static func failsTheSameCheck(_ replay: CaseResult, _ run: CaseResult) -> Bool {
        guard replay.status == .failed, replay.timeline.count == run.timeline.count,
            let mine = replay.timeline.last, let theirs = run.timeline.last
        else { return false }
        return mine.step == theirs.step && mine.expected == theirs.expected && mine.actual == theirs.actual
    }

    /// How close a replay comes to the engine's run: the steps from the start whose observations
    /// agree, and one more when it fails the same check.
    private static func closeness(of replay: CaseResult, to run: CaseResult) -> Int {
        let agreeing = zip(replay.timeline, run.timeline).prefix { $0.observations == $1.observations }.count
        return agreeing + (failsTheSameCheck(replay, run) ? 1 : 0)
    }

    /// Whether a replay fails exactly as the engine's run did: every step of its timeline the same.
    private static func reproduces(_ replay: CaseResult, _ run: CaseResult) -> Bool {
        replay.status == .failed && replay.timeline.count == run.timeline.count
            && zip(replay.timeline, run.timeline).allSatisfy(sameStep)
    }

    /// Whether two timeline entries say the same: the time, the step, the observations and, at a
    /// failing check, what it expected and found. Where the step is written is left out: the
    /// engine's results may name the case file by another path than the replay's.
    private static func sameStep(_ mine: TimelineEntry, _ theirs: TimelineEntry) -> Bool {
        mine.time == theirs.time && mine.step == theirs.step && mine.observations == theirs.observations
            && mine.expected == theirs.expected && mine.actual == theirs.actual
    }

    /// The failures replayed on the engine of `behaviours`, in order; `only` limits the replays to
    /// some runs (the others are left as the engine's own results, unread).
    private func replay(
        _ failures: [Failure],
        on behaviours: [Behaviour],
        only runs: [Int]? = nil,
        engines: ([Behaviour]) throws -> any EngineProvider
    ) throws -> [CaseResult] {
        let indices = runs ?? Array(failures.indices)
        var results = failures.map(\.result)
        guard !indices.isEmpty else { return results }
        let replayed = Self.replay(
            indices.map { CaseRun(specCase: failures[$0].specCase, profile: failures[$0].result.profile) },
            on: try engines(behaviours),
            timeout: timeout
        )
        for (index, result) in zip(indices, replayed) { results[index] = result }
        return results
    }

    /// The failures replayed on each combination of behaviours; `only` limits each combination
    /// to some runs (the others are left as the engine's own results, unread).
    private func replayEach(
        _ combinations: [[Behaviour]],
        of failures: [Failure],
        only: [[Int]]? = nil,
        engines: ([Behaviour]) throws -> any EngineProvider
    ) throws -> [[CaseResult]] {
        try combinations.indices.map { index in
            try replay(failures, on: combinations[index], only: only?[index], engines: engines)
        }
    }

    /// Runs of cases on an engine, their results in the same order, one after another: each
    /// within `timeout` (``TimedReplays``).
    static func replay(_ runs: [CaseRun], on engine: any EngineProvider, timeout: Duration) -> [CaseResult] {
        var replays = TimedReplays(executor: CaseExecutor(provider: engine, rules: []), timeout: timeout)
        return runs.map { replays.run($0) }
    }
}
