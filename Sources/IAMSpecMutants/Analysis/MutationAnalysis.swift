import IAMSpec
import IAMSpecExplanation
import IAMSpecPlatform
import IAMSpecReferenceEngine
import IAMSpecRunner

/// Measures a suite by the mutants it kills: the suite runs on the reference engine, which must
/// pass it, then on every mutant engine.
///
/// A case kills a mutant when one of its runs (a case under one profile) passes on the reference
/// engine and fails or errors on the mutant. A killed mutant is **told apart** when a report of
/// its run names it, and it alone, as what the engine does differently (`FailureExplainer`, over
/// the whole catalogue, in this process): the suite then holds a case on which every other
/// behaviour's outcome differs from the mutant's, or that it passes where the mutant fails.
package struct MutationAnalysis: Sendable {
    package var mutants: [Behaviour]
    /// How the suite is run on each engine (selection, jobs, timeout).
    package var options: RunOptions

    package init(mutants: [Behaviour] = BehaviourCatalogue.all, options: RunOptions = RunOptions()) {
        self.mutants = mutants
        self.options = options
    }

    /// Runs the cases on the reference engine, then (when it passes them all) on each mutant, all
    /// in this process; `progress` hears of each engine before its run.
    package func run(
        cases: [SpecCase],
        rules: RuleCatalogue = RuleCatalogue(),
        progress: (String) -> Void = { _ in }
    ) -> MutationReport {
        run(cases: cases, rules: rules, engines: Self.inProcess, progress: progress)
    }

    /// Runs the cases on the reference engine, then (when it passes them all) on each mutant;
    /// `progress` hears of each engine before its run.
    ///
    /// `engines` makes the provider of the reference engine (for nil) and of each mutant:
    /// ``inProcess(_:)`` in this process; the tool runs them in worker processes, so
    /// that a mutant that traps errors its cases (and is killed) instead of ending the analysis.
    package func run(
        cases: [SpecCase],
        rules: RuleCatalogue = RuleCatalogue(),
        engines: (Behaviour?) throws -> any EngineProvider,
        progress: (String) -> Void = { _ in }
    ) rethrows -> MutationReport {
        progress("reference engine")
        let reference = ConformanceRun(engine: try engines(nil), options: options)
            .run(cases: cases, rules: rules)
        guard reference.succeeded else { return MutationReport(reference: reference, outcomes: []) }
        let passing = Set(reference.results.filter { $0.status == .passed }.map(CaseRunKey.init))
        let judged = cases.filter { specCase in passing.contains { $0.caseID == specCase.id } }
        let byID = Dictionary(judged.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let outcomes = try mutants.map { mutant in
            progress("mutant \(mutant.id)")
            let summary = ConformanceRun(engine: try engines(mutant), options: options)
                .run(cases: judged, rules: rules)
            let killers = summary.results.filter { result in
                (result.status == .failed || result.status == .error) && passing.contains(CaseRunKey(result))
            }
            return MutantOutcome(
                mutant: mutant,
                killers: Array(Set(killers.map(\.caseID))).sorted(),
                named: killers.contains { $0.status == .failed } ? try named(in: summary, cases: byID) : nil
            )
        }
        return MutationReport(reference: reference, outcomes: outcomes)
    }

    /// The behaviours a report names for a mutant's failed runs, each agreeing with the runs it passed;
    /// a name still open as `one of a, b` (the mutant is then not told apart).
    private func named(in summary: RunSummary, cases: [String: SpecCase]) throws -> [String] {
        let failures = summary.results.filter { $0.status == .failed }.compactMap { result in
            cases[result.caseID].map { FailureExplainer.Failure(result: result, specCase: $0) }
        }
        let passes = summary.results.filter { $0.status == .passed }.compactMap { result in
            cases[result.caseID].map { FailureExplainer.Pass(specCase: $0, profile: result.profile) }
        }
        return try FailureExplainer(timeout: options.timeout).explain(
            failures,
            passes: passes,
            engines: FailureExplainer.inProcess
        )
        .map { name in
            name.isOpen
                ? "one of " + name.hypotheses.joined(separator: ", ")
                : name.behaviour
        }
    }

    /// The reference engine (for nil) or the mutant's engine, in this process.
    package static func inProcess(_ mutant: Behaviour?) -> any EngineProvider {
        mutant.map { BehaviourEngineProvider(behaviour: $0) } ?? ReferenceEngineProvider()
    }
}

/// What the suite did to one mutant.
package struct MutantOutcome: Sendable, Hashable {
    package var mutant: Behaviour
    /// The ids of the cases that kill it, sorted; empty when it survives.
    package var killers: [String]
    /// The behaviours a report of its run names as what it does differently, most runs first; nil
    /// when it survives or no run of it failed (killed by errors alone: a report names behaviours
    /// for failed runs only).
    package var named: [String]?

    package init(mutant: Behaviour, killers: [String], named: [String]? = nil) {
        self.mutant = mutant
        self.killers = killers
        self.named = named
    }

    package var isKilled: Bool { !killers.isEmpty }

    /// Killed, and named by the report of its run as itself alone, if named at all.
    package var isToldApart: Bool { isKilled && (named ?? [mutant.id]) == [mutant.id] }
}

/// The result of a mutation analysis: the reference run and each mutant's outcome.
package struct MutationReport: Sendable {
    /// The suite on the reference engine; when it did not pass, no mutant was run.
    package var reference: RunSummary
    /// One per mutant, in catalogue order; empty when the reference run did not pass.
    package var outcomes: [MutantOutcome]

    package var killedCount: Int { outcomes.count(where: \.isKilled) }
    package var survivors: [Behaviour] { outcomes.filter { !$0.isKilled }.map(\.mutant) }
    /// The killed mutants a report would not name alone: the suite has no case that tells each
    /// from the behaviours named instead.
    package var notToldApart: [MutantOutcome] { outcomes.filter { $0.isKilled && !$0.isToldApart } }

    /// `killed/total (pct%)`, the percentage to one decimal.
    package var scoreLine: String {
        let total = outcomes.count
        let text = percentText(killedCount, of: total)
        return "\(killedCount)/\(total) (\(text)%)"
    }
}
