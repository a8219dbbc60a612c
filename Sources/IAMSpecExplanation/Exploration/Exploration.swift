import IAMSpec
import IAMSpecReferenceEngine
import IAMSpecRunner

/// An engine explored beyond the suite (`iamspec explore`): generated scenarios, within the
/// profiles and capabilities the engine declares, run on the engine and on the reference rules as
/// an engine of those capabilities has them (``ObservedByTheEngine``: without what it lacks, and
/// without the observations it cannot make), each difference grouped by its first difference,
/// and one scenario of each group shrunk (``ScenarioShrinker``) and written as a case
/// (``CaseWriter``) whose expectations are the reference rules' answers.
///
/// Differences the engine's known behaviours explain (the names of a run, `--known-from`) are
/// left out: the scenarios are compared with the reference rules with those behaviours, and only
/// what still differs is a difference found; its case still expects the reference rules' answers.
/// A case is kept only when, read back as a case file, it passes on the reference engine and
/// fails on the engine the same way each of ``repeats`` times, run under the id it is written
/// with: a case the engine answers differently on repeats is noise, not a case.
package struct Exploration {
    /// The engine explored.
    package var engine: any EngineProvider
    /// The behaviours the engine is known to have (none: the reference rules alone).
    package var known: [Behaviour]
    /// Other behaviours it may have besides: each the hypothesis of a name still open ("one of"),
    /// tried with ``known``; a scenario on which the engine answers as any of them do is no new
    /// difference.
    package var knownAlternatives: [[Behaviour]]
    /// The rule catalogue the cases are written for (`Specs/rules.yaml`): each cites only rules
    /// it may cite beside it (``CitableRules``); nil: the rules proposed, unchecked.
    package var rules: RuleCatalogue?
    /// The generator's seed.
    package var seed: UInt64
    /// The most scenarios run.
    package var count: Int
    /// How many times a case is run on the engine before it is kept (as `iamspec run --repeat`
    /// runs it): it is kept only when every run fails the same way. One case for each distinct
    /// difference is checked so, not each scenario.
    package var repeats: Int
    /// Why the exploration must stop (its time budget spent, an interrupt), once it must; nil
    /// until then. No scenario starts after; a scenario the engine was answering then is not
    /// counted, and a difference whose case was not yet checked says so.
    package var stopReason: () -> String?
    /// Told after each scenario: how many ran, and how many distinct differences were found.
    package var progress: (_ scenarios: Int, _ differences: Int) -> Void

    package init(
        engine: any EngineProvider,
        known: [Behaviour] = [],
        knownAlternatives: [[Behaviour]] = [],
        rules: RuleCatalogue? = nil,
        seed: UInt64 = 1,
        count: Int = 1_000,
        repeats: Int = 5,
        stopReason: @escaping () -> String? = { nil },
        progress: @escaping (_ scenarios: Int, _ differences: Int) -> Void = { _, _ in }
    ) {
        self.engine = engine
        self.known = known
        self.knownAlternatives = knownAlternatives
        self.rules = rules
        self.seed = seed
        self.count = count
        self.repeats = repeats
        self.stopReason = stopReason
        self.progress = progress
    }

    /// One distinct difference: how it shows, the rule proposed for it, how many scenarios showed
    /// it, and its case, which holds unless ``withheld`` says why not (it passed on the engine, or
    /// failed on the reference, when read back; the exploration stopped before it was checked).
    package struct Difference: Sendable {
        /// The first difference, in words: the step, and what the engine and the reference rules
        /// observe, as its case shows it (its title) when the case reaches it with no known
        /// difference first; else as found, against the reference rules with the known behaviours.
        package var signature: String
        /// The rule the case is filed under, one the case may cite beside ``Exploration/rules``: the
        /// rule of a behaviour of the catalogue that answers as the engine does there
        /// (``DifferenceSubject``), else the first proposed for it (its subject's, else its step's).
        package var rule: String
        /// Whether the rule is only proposed: no behaviour of the catalogue answers as the engine
        /// does there, so the rule is that of its first differing observation, or of its step,
        /// which may be a consequence of the decision the difference is about, not the decision.
        package var ruleIsProposed = false
        /// How many scenarios showed it.
        package var scenarios: Int
        /// The case's id.
        package var caseID: String
        /// The case, as YAML: the scenario found, shrunk as far as the exploration got, with the
        /// reference rules' answers as its expectations, whether or not it held.
        package var yaml: String
        /// Why no case held, when none did: what the case did when read back and run; nil when it
        /// holds.
        package var withheld: String?
        /// What a case filed under a proposed rule says of it (``ruleIsProposed``), as a comment.
        static func proposed(_ rule: String) -> String {
            "Filed under \(rule) as proposed: no behaviour of the catalogue answers as the engine does at the "
                + "last step, so the rule is that of what differs there, not certainly of the decision behind it; "
                + "check it before keeping the case"
        }

        /// Whether no case held because the engine answered the case differently on repeats
        /// (``CaseCheck/nondeterministic(_:)``).
        package var nondeterministic = false
        /// Whether no case held because its case would reach a known difference first, however
        /// shrunk: a later scenario of the difference that reaches it with none before it is
        /// tried in its place.
        package var knownFirst = false
    }

    /// The scenarios the engine failed (it crashed, hung past its answer's time, garbled its
    /// answer, could not be made) for one reason: errors that read alike but for the scenario's
    /// id and their numbers.
    package struct Failure: Sendable {
        /// Why, as the engine's error says it the first time.
        package var reason: String
        /// How many scenarios failed so.
        package var scenarios: Int
        /// What the engine wrote on the side the first time (a stdio engine's standard error
        /// tail); empty when nothing.
        package var diagnostics: String
    }

    /// What reading a written case back found (`run(checking:)`).
    package enum CaseCheck: Sendable, Equatable {
        /// It is kept: it passes on the reference engine and fails on the engine the same way
        /// each of ``Exploration/repeats`` times.
        case kept
        /// It must declare these behavioural capabilities in `requires` (the needs proof asks for
        /// them, and the engine has each); written again with them, it is read back once more.
        case needs([Capability])
        /// No case holds, for this reason.
        case withheld(String)
        /// No case holds: the engine answered it differently on repeats; how, in words.
        case nondeterministic(String)
    }

    /// What an exploration found.
    package struct Outcome: Sendable {
        /// The scenarios run on the engine.
        package var scenarios = 0
        /// The scenarios the engine declined, by its reason.
        package var declined: [String: Int] = [:]
        /// The scenarios the engine failed, by reason, in the order first seen.
        package var failures: [Failure] = []
        /// How many scenarios the engine failed.
        package var failed: Int { failures.reduce(0) { $0 + $1.scenarios } }
        /// How many scenarios were compared with the reference rules: neither declined nor failed.
        package var compared: Int { scenarios - declined.values.reduce(0, +) - failed }
        /// Why the exploration stopped before `count` scenarios ran, when it did.
        package var stopped: String?
        /// The scenarios on which the engine differed only as its known behaviours do.
        package var explainedByKnown = 0
        /// The distinct differences, in the order found.
        package var differences: [Difference] = []
    }

    /// Runs the exploration until `count` scenarios ran or the budget is spent.
    ///
    /// `check` is asked of each case before it is kept: whether, read back from its YAML, it
    /// passes on the reference engine, fails on the engine the same way each of ``repeats``
    /// times, first at the check of its difference, and declares the needs it has.
    package func run(checking check: (_ yaml: String, _ caseID: String) -> CaseCheck) -> Outcome {
        let declared = engine.description
        func observed(_ behaviours: [Behaviour]) -> any EngineProvider {
            ObservedByTheEngine(
                base: FailureExplainer.inProcess(behaviours),
                capabilities: declared.capabilities,
                declaring: true,
                profiles: declared.profiles
            )
        }
        let reference = observed([])
        let knowing = !known.isEmpty || !knownAlternatives.isEmpty
        let cases = Cases(
            exploration: self,
            reference: reference,
            expected: known.isEmpty ? reference : observed(known),
            judged: ObservedByTheEngine(
                base: ReferenceEngineProvider(),
                capabilities: declared.capabilities,
                declaring: true,
                profiles: declared.profiles,
                goingWithoutWhatItLacks: false
            ),
            subject: DifferenceSubject(replaying: observed, known: known, capabilities: declared.capabilities),
            knowing: knowing
        )
        let alternatives = knownAlternatives.map { observed(known + $0) }
        var outcome = Outcome()
        var generator = ScenarioGenerator(seed: seed, profiles: declared.profiles, capabilities: declared.capabilities)
        var groups: [String: Int] = [:]
        var failures: [String: Int] = [:]
        // The scenarios of a difference whose case reached a known difference first that are
        // still tried in its place, each that reaches it with none before it.
        var retries: [Int: Int] = [:]
        for number in 1...max(1, count) {
            if let reason = stopReason() {
                outcome.stopped = reason
                break
            }
            var scenario = generator.next()
            scenario.caseID = "explore-seed\(seed)-\(number)"
            let answer = ScenarioTrace(running: scenario, on: engine)
            if answer.failure != nil, !answer.declined, let reason = stopReason() {
                // Cut short by the stop, not failed by the engine: not counted.
                outcome.stopped = reason
                break
            }
            outcome.scenarios += 1
            defer { progress(outcome.scenarios, outcome.differences.count) }
            if answer.declined {
                outcome.declined[answer.declineReason ?? "", default: 0] += 1
                continue
            }
            if let failure = answer.failure {
                // Grouped as the error reads but for the scenario's id and numbers (a `seq`).
                let key = String(
                    failure.replacing(scenario.caseID, with: "").map { $0.isASCII && $0.isNumber ? "#" : $0 }
                )
                if let group = failures[key] {
                    outcome.failures[group].scenarios += 1
                } else {
                    failures[key] = outcome.failures.count
                    outcome.failures.append(
                        Failure(reason: failure, scenarios: 1, diagnostics: answer.failureDiagnostics)
                    )
                }
                continue
            }
            let predicted = ScenarioTrace(running: scenario, on: cases.expected)
            let differs = { (trace: ScenarioTrace) in
                trace.firstDivergence(from: answer).map { $0 < trace.windows.count } ?? false
            }
            guard let step = predicted.firstDivergence(from: answer), step < predicted.windows.count,
                !alternatives.contains(where: { !differs(ScenarioTrace(running: scenario, on: $0)) })
            else {
                if knowing, differs(ScenarioTrace(running: scenario, on: reference)) {
                    outcome.explainedByKnown += 1
                }
                continue
            }
            let first = FirstDifference(
                at: step,
                of: scenario,
                expected: predicted,
                actual: answer,
                reference: knowing ? "the reference rules with its known behaviours" : "the reference rules"
            )
            let found = Found(scenario: scenario, number: number, answer: answer, predicted: predicted, step: step)
            if let group = groups[first.signature] {
                outcome.differences[group].scenarios += 1
                // A scenario that reaches the difference with no known one before it, in place of
                // one whose case reached a known one first.
                guard outcome.differences[group].knownFirst, retries[group, default: 3] > 0,
                    cases.reachesItFirst(found)
                else { continue }
                retries[group, default: 3] -= 1
                var again = cases.difference(found, signature: first.signature, check: check)
                guard again.withheld == nil else { continue }
                again.scenarios = outcome.differences[group].scenarios
                outcome.differences[group] = again
                continue
            }
            groups[first.signature] = outcome.differences.count
            outcome.differences.append(cases.difference(found, signature: first.signature, check: check))
        }
        return outcome
    }

    /// Why a difference has no case when the exploration stopped before its case was checked.
    static func unchecked(because reason: String) -> String {
        "\(reason) before its case was checked on the engine"
    }
}
