import IAMSpec
import IAMSpecRunner

/// What the needs proof found: for each behavioural capability, the runs it gates and the runs
/// that fail without it, and a diagnostic for each case whose needs the runs do not bear out.
package struct NeedsProofReport: Sendable {
    /// One measure per behavioural capability, in name order.
    package private(set) var capabilities: [CapabilityMeasure]
    /// Each case whose declared needs disagree with what the behaviours change, at the case.
    package private(set) var diagnostics: [Diagnostic] = []
    /// The cases not judged because the reference engine does not pass every run of theirs.
    package private(set) var unjudged: [String] = []
    /// Each behavioural capability a case does not declare that an engine without it fails the
    /// case for, by case id: what `requires` must add.
    package private(set) var undeclared: [String: [Capability]] = [:]
    /// Each behavioural capability a case declares in `requires` that no engine without it fails
    /// the case for, by case id: what `requires` must drop.
    package private(set) var unshown: [String: [Capability]] = [:]
    /// The cases a run of which overran the timeout, on the reference engine or a behaviour, each
    /// with the first such run's message: their needs are not proven either way.
    package internal(set) var timedOut: [String: String] = [:]

    private let rules: RuleCatalogue
    private let passing: Set<CaseRunKey>
    private let proofs: [CapabilityProof]

    /// A report of no case yet, on what the runs found: `passing`, the runs the reference engine
    /// passes, and what each capability's behaviours changed.
    init(rules: RuleCatalogue, passing: Set<CaseRunKey>, capabilities proofs: [CapabilityProof]) {
        self.rules = rules
        self.passing = passing
        self.proofs = proofs
        capabilities = proofs.map { CapabilityMeasure(capability: $0.capability) }
    }

    /// Judges one case's needs by the runs (in any order of cases; ``sorted()`` orders the lists).
    mutating func judge(_ specCase: SpecCase) {
        let keys = specCase.profiles.map { CaseRunKey(caseID: specCase.id, profile: $0) }
        guard keys.allSatisfy(passing.contains) else {
            unjudged.append(specCase.id)
            return
        }
        for (index, proof) in proofs.enumerated() {
            let needs = specCase.requires.contains(proof.capability)
            let changed = keys.filter { proof.changed[$0] != nil }
            capabilities[index].count(
                gated: needs ? keys.count : 0,
                failing: needs ? changed.count : 0,
                ungatedFailing: needs ? 0 : changed.count
            )
            if let problem = Self.problem(specCase, needs: needs, changed: changed, proof: proof, rules: rules) {
                diagnostics.append(Diagnostic(problem, at: specCase.location))
                if !needs {
                    undeclared[specCase.id, default: []].append(proof.capability)
                } else if changed.isEmpty,
                    !specCase.rules.contains(where: { rules.rule($0)?.capability == proof.capability })
                {
                    unshown[specCase.id, default: []].append(proof.capability)
                }
            }
        }
    }

    /// The report with its diagnostics sorted by location and its unjudged cases by id.
    func sorted() -> NeedsProofReport {
        var report = self
        report.diagnostics.sort()
        report.unjudged.sort()
        return report
    }

    /// Whether every case's needs hold up.
    package var passed: Bool { diagnostics.isEmpty }

    /// Why the case's need of the capability is wrong, or nil when it holds.
    private static func problem(
        _ specCase: SpecCase,
        needs: Bool,
        changed: [CaseRunKey],
        proof: CapabilityProof,
        rules: RuleCatalogue
    ) -> String? {
        let name = "'\(proof.capability.rawValue)'"
        if !needs, let first = changed.first, let position = proof.changed[first] {
            let behaviour = proof.behaviours[position]
            return "case '\(specCase.id)' fails on an engine that \(behaviour.summary) (behaviour "
                + "\(behaviour.id), \(first.profile.rawValue)), but does not need \(name); expected "
                + "`requires: [\(proof.capability.rawValue)]` (or a rule gated by \(name)), or a case whose "
                + "outcome does not depend on it (`iamspec migrate` adds it to a file written for iamspec 0.1.0)"
        }
        guard needs else { return nil }
        let source = Self.source(of: proof.capability, in: specCase, rules: rules)
        let gatedByARule = specCase.rules.contains { rules.rule($0)?.capability == proof.capability }
        let names = proof.behaviours.map(\.id).joined(separator: ", ")
        if changed.isEmpty {
            return "case '\(specCase.id)' needs \(name) (\(source)), but passes on every engine without it "
                + "(\(names)); expected no need of \(name) (an engine without it can run the case), or a case "
                + "that such an engine fails" + Self.hint(for: proof.capability, in: specCase)
                + (gatedByARule ? "" : " (`iamspec migrate` drops it from a file written for iamspec 0.1.0)")
        }
        let unchanged = specCase.profiles.filter { profile in !changed.contains { $0.profile == profile } }
        guard let profile = unchanged.first else { return nil }
        return "case '\(specCase.id)' needs \(name) (\(source)), but passes under \(profile.rawValue) on every "
            + "engine without it (\(names)); expected the case's `profiles` limited to those whose run depends "
            + "on \(name), or a case split by profile"
    }

    /// Why a case that needs the capability may pass without it, when the case shows a reason: an
    /// engine without the minimum interval still applies a message's own (rule `interval.per-message`),
    /// so a case whose candidates all carry one shows the interval to it as well.
    private static func hint(for capability: Capability, in specCase: SpecCase) -> String {
        guard capability == .minimumInterval,
            specCase.messages.contains(where: { $0.minimumTriggerInterval != nil })
        else { return "" }
        return "; an engine without the minimum interval still applies each message's own "
            + "`minimum_trigger_interval` (rule 'interval.per-message'), so a case that shows the interval "
            + "with per-message intervals passes there: show it with `given.config.minimum_trigger_interval`, "
            + "or leave the per-message intervals out"
    }

    /// Where a case's need of a behavioural capability comes from: the rules gated by it, or `requires`.
    private static func source(of capability: Capability, in specCase: SpecCase, rules: RuleCatalogue) -> String {
        let gating = specCase.rules.filter { rules.rule($0)?.capability == capability }
        guard !gating.isEmpty else { return "declared in `requires`" }
        return "rule" + (gating.count == 1 ? " " : "s ") + gating.map { "'\($0)'" }.joined(separator: ", ")
    }
}

/// How exactly one behavioural capability gates the runs, as the proof measured it.
package struct CapabilityMeasure: Sendable {
    package let capability: Capability
    /// The runs of the cases that need it: an engine that lacks it skips them.
    package private(set) var gated = 0
    /// The gated runs that fail on a behaviour lacking it.
    package private(set) var failing = 0
    /// The runs that fail on a behaviour lacking it, though their case does not need it.
    package private(set) var ungatedFailing = 0

    init(capability: Capability) {
        self.capability = capability
    }

    mutating func count(gated: Int, failing: Int, ungatedFailing: Int) {
        self.gated += gated
        self.failing += failing
        self.ungatedFailing += ungatedFailing
    }
}
