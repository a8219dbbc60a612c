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
/// fails on the engine, run under the id it is written with.
package struct Exploration {
    /// The engine explored.
    package var engine: any EngineProvider
    /// The behaviours the engine is known to have (none: the reference rules alone).
    package var known: [Behaviour]
    /// Other behaviours it may have besides: each the hypothesis of a name still open ("one of"),
    /// tried with ``known``; a scenario on which the engine answers as any of them do is no new
    /// difference.
    package var knownAlternatives: [[Behaviour]]
    /// The generator's seed.
    package var seed: UInt64
    /// The most scenarios run.
    package var count: Int
    /// Whether the budget is spent (the time given, or an interrupt): no scenario starts after.
    package var isOver: () -> Bool
    /// Told after each scenario: how many ran, and how many distinct differences were found.
    package var progress: (_ scenarios: Int, _ differences: Int) -> Void

    package init(
        engine: any EngineProvider,
        known: [Behaviour] = [],
        knownAlternatives: [[Behaviour]] = [],
        seed: UInt64 = 1,
        count: Int = 1_000,
        isOver: @escaping () -> Bool = { false },
        progress: @escaping (_ scenarios: Int, _ differences: Int) -> Void = { _, _ in }
    ) {
        self.engine = engine
        self.known = known
        self.knownAlternatives = knownAlternatives
        self.seed = seed
        self.count = count
        self.isOver = isOver
        self.progress = progress
    }

    /// One distinct difference: how it shows, the rule proposed for it, how many scenarios showed
    /// it, and its case (nil when no shrunk case held: it passed on the engine, or failed on the
    /// reference, when read back).
    package struct Difference: Sendable {
        /// The first difference, in words: the step, and what the engine and the reference observe.
        package var signature: String
        /// The rule whose subject the first difference is, proposed for the case.
        package var rule: String
        /// How many scenarios showed it.
        package var scenarios: Int
        /// The case's id.
        package var caseID: String
        /// The case, as YAML; nil when none held.
        package var yaml: String?
        /// Why no case held, when none did: what the case did when read back and run.
        package var withheld: String?
    }

    /// What reading a written case back found (`run(checking:)`).
    package enum CaseCheck: Sendable, Equatable {
        /// It is kept: it passes on the reference engine and fails on the engine.
        case kept
        /// It must declare these behavioural capabilities in `requires` (the needs proof asks for
        /// them, and the engine has each); written again with them, it is read back once more.
        case needs([Capability])
        /// No case holds, for this reason.
        case withheld(String)
    }

    /// What an exploration found.
    package struct Outcome: Sendable {
        /// The scenarios run on the engine.
        package var scenarios = 0
        /// The scenarios the engine declined, by its reason.
        package var declined: [String: Int] = [:]
        /// The scenarios the engine failed (crashed, garbled its answer, could not be made).
        package var failed = 0
        /// The scenarios on which the engine differed only as its known behaviours do.
        package var explainedByKnown = 0
        /// The distinct differences, in the order found.
        package var differences: [Difference] = []
    }

    /// Runs the exploration until `count` scenarios ran or the budget is spent.
    ///
    /// `check` is asked of each case before it is kept: whether, read back from its YAML, it
    /// passes on the reference engine, fails on the engine and declares the needs it has.
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
        let expected = known.isEmpty ? reference : observed(known)
        let alternatives = knownAlternatives.map { observed(known + $0) }
        var outcome = Outcome()
        var generator = ScenarioGenerator(seed: seed, profiles: declared.profiles, capabilities: declared.capabilities)
        var groups: [String: Int] = [:]
        for number in 1...max(1, count) where !isOver() {
            var scenario = generator.next()
            scenario.caseID = "explore-seed\(seed)-\(number)"
            outcome.scenarios += 1
            defer { progress(outcome.scenarios, outcome.differences.count) }
            let answer = ScenarioTrace(running: scenario, on: engine)
            if answer.declined {
                outcome.declined[answer.declineReason ?? "", default: 0] += 1
                continue
            }
            guard answer.failure == nil else {
                outcome.failed += 1
                continue
            }
            let predicted = ScenarioTrace(running: scenario, on: expected)
            let differs = { (trace: ScenarioTrace) in
                trace.firstDivergence(from: answer).map { $0 < trace.windows.count } ?? false
            }
            guard let step = predicted.firstDivergence(from: answer), step < predicted.windows.count,
                !alternatives.contains(where: { !differs(ScenarioTrace(running: scenario, on: $0)) })
            else {
                if !known.isEmpty || !alternatives.isEmpty, differs(ScenarioTrace(running: scenario, on: reference)) {
                    outcome.explainedByKnown += 1
                }
                continue
            }
            let first = FirstDifference(at: step, of: scenario, expected: predicted, actual: answer)
            if let group = groups[first.signature] {
                outcome.differences[group].scenarios += 1
                continue
            }
            groups[first.signature] = outcome.differences.count
            // Shrunk as long as it differs first in the same way: one case for one difference.
            // Apart from the reference rules too, whose answers the case expects.
            let shrunk = ScenarioShrinker(
                engine: expected,
                against: engine,
                keepingTheDifference: true,
                alsoApartFrom: known.isEmpty && knownAlternatives.isEmpty ? nil : reference
            )
            .shrink(scenario)
            let caseID = scenario.caseID
            var writer = CaseWriter(
                id: caseID,
                title: first.signature,
                rules: [first.rule],
                comments: [
                    "Found by: iamspec explore, seed \(seed), scenario \(number), shrunk from "
                        + "\(scenario.stimuli.count) to \(shrunk.stimuli.count) step\(shrunk.stimuli.count == 1 ? "" : "s")"
                ],
                schemaPath: "schema.json"
            )
            let expectedAnswers = ScenarioTrace(running: shrunk, on: reference)
            let actualAnswers = ScenarioTrace(running: shrunk, on: engine)
            var yaml = writer.yaml(for: shrunk, expected: expectedAnswers, actual: actualAnswers)
            var verdict = check(yaml, caseID)
            if case .needs(let capabilities) = verdict {
                writer.requires = capabilities
                yaml = writer.yaml(for: shrunk, expected: expectedAnswers, actual: actualAnswers)
                verdict = check(yaml, caseID)
                if case .needs(let more) = verdict {
                    verdict = .withheld("read back with `requires`, it still needs \(more.map(\.rawValue).sorted())")
                }
            }
            let withheld: String? = if case .withheld(let reason) = verdict { reason } else { nil }
            outcome.differences.append(
                Difference(
                    signature: first.signature,
                    rule: first.rule,
                    scenarios: 1,
                    caseID: caseID,
                    yaml: withheld == nil ? yaml : nil,
                    withheld: withheld
                )
            )
        }
        return outcome
    }
}
