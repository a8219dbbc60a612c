import IAMSpec
import IAMSpecExplanation
import IAMSpecReferenceEngine
import IAMSpecRunner

/// Proves each case's behavioural needs by running it: the case runs on the reference engine,
/// then on every behaviour of ``BehaviourCatalogue`` that lacks a behavioural capability
/// (`Capability.behavioural`), each engine claiming every capability.
///
/// A case needs a behavioural capability exactly when a rule it checks is gated by it
/// (`capability` in `Specs/rules.yaml`) or it declares it in `requires`. The proof holds when,
/// for every such capability and every case the reference engine passes:
/// - a case whose outcome (a run's status) changes on a behaviour lacking the capability needs it:
///   otherwise an engine without the behaviour would fail a case it was never asked to run;
/// - a case that needs it changes its outcome on one of those behaviours, under each of its
///   profiles: otherwise an engine without the behaviour would skip a run it can pass.
/// Either way the skip stands for exactly what the engine lacks, for every catalogued behaviour.
package struct NeedsProof: Sendable {
    /// How the suite is run on each engine (jobs, timeout; the selection is applied by the caller).
    package var options: RunOptions

    package init(options: RunOptions = RunOptions()) {
        self.options = options
    }

    /// Runs the cases on the reference engine and on every behaviour that lacks a behavioural
    /// capability, all in this process; `progress` hears of each engine before its run.
    ///
    /// - Throws: `CaseFileChanged` as the runs declare; never for cases given whole, which are
    ///   never read from a file (a loaded suite's may be: ``run(suite:progress:)``).
    package func run(
        cases: [SpecCase],
        rules: RuleCatalogue = RuleCatalogue(),
        progress: (String) -> Void = { _ in }
    ) throws(CaseFileChanged) -> NeedsProofReport {
        try prove(options.selection.runs(of: cases), rules: rules, progress: progress) { judge in
            cases.forEach(judge)
        }
    }

    /// Runs the suite's cases as ``run(cases:rules:progress:)`` does, without holding them at
    /// once: each run reads its case when it starts (the runs go a case file at a time, so that a
    /// file is read once an engine), keeps of its result whether it passed, and the report reads
    /// the cases again a file at a time.
    ///
    /// - Throws: `CaseFileChanged` when a case file changed since the suite was loaded.
    package func run(
        suite: LoadedSuite,
        progress: (String) -> Void = { _ in }
    ) throws(CaseFileChanged)
        -> NeedsProofReport
    {
        let runs = options.selection.runs(of: suite.loadedCases).groupedByCaseFile()
        return try prove(runs, rules: suite.rules, progress: progress) {
            judge throws(CaseFileChanged) in try suite.forEachCase(judge)
        }
    }

    /// Proves `runs`, then reports on every case `eachCase` gives.
    private func prove(
        _ runs: [CaseRun],
        rules: RuleCatalogue,
        progress: (String) -> Void,
        eachCase: ((SpecCase) -> Void) throws(CaseFileChanged) -> Void
    ) throws(CaseFileChanged) -> NeedsProofReport {
        progress("reference engine")
        var passing: Set<CaseRunKey> = []
        var timedOut: [String: String] = [:]
        let noteTimeout = { (result: CaseResult) in
            if result.kind == .timeout, timedOut[result.caseID] == nil { timedOut[result.caseID] = result.message }
        }
        try outcomes(of: runs, on: ReferenceEngineProvider(), rules: rules) { result in
            noteTimeout(result)
            if result.status == .passed { passing.insert(CaseRunKey(result)) }
        }
        // Only the runs the reference engine passes prove anything: a case it fails in any run
        // (or that overruns the timeout) is left to `iamspec run`, not judged, and its failing
        // runs are not run again on each behaviour.
        let judged = runs.filter { passing.contains(CaseRunKey(caseID: $0.caseID, profile: $0.profile)) }
        var capabilities: [CapabilityProof] = []
        for capability in Capability.behavioural.sorted() {
            var proof = CapabilityProof(capability: capability)
            for behaviour in BehaviourCatalogue.lacking(capability) {
                progress("behaviour \(behaviour.id)")
                let position = proof.behaviours.count
                proof.behaviours.append(behaviour)
                try outcomes(of: judged, on: BehaviourEngineProvider(behaviour: behaviour), rules: rules) { result in
                    noteTimeout(result)
                    guard result.status != .passed else { return }
                    let key = CaseRunKey(result)
                    if proof.changed[key] == nil { proof.changed[key] = position }
                }
            }
            capabilities.append(proof)
        }
        var report = NeedsProofReport(rules: rules, passing: passing, capabilities: capabilities)
        report.timedOut = timedOut
        try eachCase { report.judge($0) }
        return report.sorted()
    }

    /// Runs `runs` on `engine`'s engines, handing each result to `outcome` as it comes and
    /// keeping none (its failures folded into counts, `RunSummary.failureFold`).
    private func outcomes(
        of runs: [CaseRun],
        on engine: some EngineProvider,
        rules: RuleCatalogue,
        _ outcome: (CaseResult) -> Void
    ) throws(CaseFileChanged) {
        let run = ConformanceRun(engine: engine, options: options)
        _ = try run.run(
            runs,
            header: run.header(paths: []),
            rules: rules,
            keepingPassed: { _ in false },
            keepingWhole: { _ in false },
            folding: .everyFailure,
            timelineWhenPassed: { _ in false },
            progress: { _ in },
            deliver: outcome
        )
    }
}

/// What the behaviours lacking one behavioural capability changed.
package struct CapabilityProof: Sendable {
    package let capability: Capability
    /// The behaviours of an engine without it that were run.
    package var behaviours: [Behaviour] = []
    /// Each run the reference engine passes that fails (or errors) on one of them, with the
    /// position in ``behaviours`` of the first that fails it (a position, not a copy of the
    /// behaviour: a large suite has as many of these as failing runs).
    package var changed: [CaseRunKey: Int] = [:]

    init(capability: Capability) {
        self.capability = capability
    }
}
