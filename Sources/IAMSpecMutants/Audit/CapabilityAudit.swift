import IAMSpec
import IAMSpecReferenceEngine
import IAMSpecRunner

/// Measures the gate of every behavioural capability: how many runs it closes, and how many of
/// those really fail without the behaviour.
///
/// The suite first runs on the reference engine, which must pass it. Then, for each variant of
/// ``CapabilityVariantCatalogue``, twice: with the engine declaring the capability absent (the
/// runs it skips are the gated runs; a run that fails there fails without the behaviour but was
/// not gated: the gate is too narrow), and with the engine claiming the capability anyway (the
/// gated runs that fail are the ones the gate was right to close).
package struct CapabilityAudit: Sendable {
    /// The least precision each behavioural capability's gate must have (Specs/README.md,
    /// "Capabilities").
    package static let leastPrecisionEach = 0.75
    /// The least precision of the behavioural capabilities' gates taken together.
    package static let leastPrecisionOverall = 0.90

    /// How the suite is run on each engine (selection, jobs, timeout).
    package var options: RunOptions

    package init(options: RunOptions = RunOptions()) {
        self.options = options
    }

    /// Runs the audit in this process; `progress` hears of each engine before its run.
    package func run(
        cases: [SpecCase],
        rules: RuleCatalogue = RuleCatalogue(),
        progress: (String) -> Void = { _ in }
    ) -> CapabilityAuditReport {
        progress("reference engine")
        let reference = ConformanceRun(engine: ReferenceEngineProvider(), options: options)
            .run(cases: cases, rules: rules)
        guard reference.succeeded else { return CapabilityAuditReport(reference: reference, gates: []) }
        let gates = CapabilityGate.behavioural.map { capability in
            var measure = GateMeasure(capability: capability)
            for variant in CapabilityVariantCatalogue.variants(of: capability) {
                for declaresLacking in [true, false] {
                    progress("variant \(variant.id), \(declaresLacking ? "declaring" : "claiming") it")
                    let engine = CapabilityVariantEngineProvider(variant: variant, declaresLacking: declaresLacking)
                    let summary = ConformanceRun(engine: engine, options: options).run(cases: cases, rules: rules)
                    measure.add(summary, declaringLacking: declaresLacking)
                }
            }
            return measure
        }
        return CapabilityAuditReport(reference: reference, gates: gates)
    }
}

/// What the audit found about one behavioural capability's gate.
package struct GateMeasure: Sendable {
    package let capability: Capability
    /// The runs an engine declaring the capability absent skips.
    package private(set) var gated: Set<CaseRunKey> = []
    /// The gated runs that fail (or error) on a variant claiming the capability anyway.
    package private(set) var failing: Set<CaseRunKey> = []
    /// The runs that fail on a variant declaring the capability absent: they fail without the
    /// behaviour, yet the gate let them run.
    package private(set) var ungatedFailing: Set<CaseRunKey> = []

    init(capability: Capability) {
        self.capability = capability
    }

    mutating func add(_ summary: RunSummary, declaringLacking: Bool) {
        for result in summary.results {
            let key = CaseRunKey(result)
            let fails = result.status == .failed || result.status == .error
            if declaringLacking {
                if result.status == .skipped { gated.insert(key) }
                if fails { ungatedFailing.insert(key) }
            } else if fails, gated.contains(key) {
                failing.insert(key)
            }
        }
    }

    /// Of the runs that fail without the behaviour, how many the gate closes (1 when none fails).
    package var recall: Double {
        let missed = ungatedFailing.count
        return missed == 0 ? 1 : Double(failing.count) / Double(failing.count + missed)
    }

    /// Of the runs the gate closes, how many fail without the behaviour (1 when it closes none).
    package var precision: Double {
        gated.isEmpty ? 1 : Double(failing.count) / Double(gated.count)
    }
}

/// The capability audit's findings: the reference run, and one measure per behavioural capability.
package struct CapabilityAuditReport: Sendable {
    /// The suite on the reference engine; when it did not pass, no variant was run.
    package var reference: RunSummary
    /// One per behavioural capability; empty when the reference run did not pass.
    package var gates: [GateMeasure]

    /// The gated runs of every behavioural capability together.
    package var gatedCount: Int { gates.reduce(0) { $0 + $1.gated.count } }
    /// Their failing runs together.
    package var failingCount: Int { gates.reduce(0) { $0 + $1.failing.count } }
    /// Their runs that fail without being gated, together.
    package var ungatedFailingCount: Int { gates.reduce(0) { $0 + $1.ungatedFailing.count } }

    /// The precision of the behavioural gates together (1 when none closes a run).
    package var precision: Double {
        gatedCount == 0 ? 1 : Double(failingCount) / Double(gatedCount)
    }

    /// Why the audit fails, one line each; empty when it passes.
    package var shortfalls: [String] {
        guard reference.succeeded else {
            return ["the reference engine does not pass the suite: \(reference.totalsLine)"]
        }
        var lines: [String] = []
        for gate in gates {
            let name = gate.capability.rawValue
            for key in gate.ungatedFailing.sorted() {
                lines.append("\(name): \(key) fails without the behaviour, but the gate does not close it")
            }
            if gate.precision < CapabilityAudit.leastPrecisionEach {
                lines.append(
                    "\(name): precision \(percentText(gate.failing.count, of: gate.gated.count))% is below "
                        + "\(Int(CapabilityAudit.leastPrecisionEach * 100))%"
                )
            }
        }
        if precision < CapabilityAudit.leastPrecisionOverall {
            lines.append(
                "behavioural capabilities together: precision \(percentText(failingCount, of: gatedCount))% "
                    + "is below \(Int(CapabilityAudit.leastPrecisionOverall * 100))%"
            )
        }
        return lines
    }

    /// Whether every gate closes every run that fails without its behaviour, precisely enough.
    package var passed: Bool { shortfalls.isEmpty }
}
