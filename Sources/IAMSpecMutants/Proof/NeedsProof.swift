import IAMSpec
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
    package func run(
        cases: [SpecCase],
        rules: RuleCatalogue = RuleCatalogue(),
        progress: (String) -> Void = { _ in }
    ) -> NeedsProofReport {
        progress("reference engine")
        let reference = ConformanceRun(engine: ReferenceEngineProvider(), options: options)
            .run(cases: cases, rules: rules)
        let passing = Set(reference.results.filter { $0.status == .passed }.map(CaseRunKey.init))
        // Only the runs the reference engine passes prove anything: a case it fails (or that
        // overruns the timeout) is left to `iamspec run`, and not run again on each behaviour.
        let passingCases = Set(passing.map(\.caseID))
        let judged = cases.filter { passingCases.contains($0.id) }
        var capabilities: [CapabilityProof] = []
        for capability in Capability.behavioural.sorted() {
            var proof = CapabilityProof(capability: capability)
            for behaviour in BehaviourCatalogue.lacking(capability) {
                progress("behaviour \(behaviour.id)")
                let summary = ConformanceRun(engine: BehaviourEngineProvider(behaviour: behaviour), options: options)
                    .run(cases: judged, rules: rules)
                proof.behaviours.append(behaviour)
                for result in summary.results where result.status != .passed {
                    let key = CaseRunKey(result)
                    guard passing.contains(key) else { continue }
                    proof.changed[key, default: []].append(behaviour)
                }
            }
            capabilities.append(proof)
        }
        return NeedsProofReport(cases: cases, rules: rules, passing: passing, capabilities: capabilities)
    }
}

/// What the behaviours lacking one behavioural capability changed.
package struct CapabilityProof: Sendable {
    package let capability: Capability
    /// The behaviours of an engine without it that were run.
    package var behaviours: [Behaviour] = []
    /// Each run the reference engine passes that fails (or errors) on one of them, with those behaviours.
    package var changed: [CaseRunKey: [Behaviour]] = [:]

    init(capability: Capability) {
        self.capability = capability
    }
}
