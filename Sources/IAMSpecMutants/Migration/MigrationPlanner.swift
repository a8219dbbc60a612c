import IAMSpec
import IAMSpecExplanation
import IAMSpecReferenceEngine
import IAMSpecRunner

/// Works out what `iamspec migrate` changes in cases written for 0.1.0, by the procedure the
/// bundled Specs were annotated with: every behaviour of ``BehaviourCatalogue`` runs each case
/// that has an expectation naming no rule, and the first step that fails on a behaviour checks
/// that behaviour's rule; then the needs proof (``NeedsProof``) says what `requires` must declare.
///
/// An expectation that names no rule names:
/// - `rules`: the case's rules among those of the behaviours that fail first at it;
/// - `setup`: those rules, when none is the case's (the step checks the state the case sets up);
/// - `rules`: all the case's rules, when no behaviour fails first at it (as its failure was filed
///   before), or when a rule for `setup` is not in the catalogue or not under the case's profiles.
/// The verdicts do not change: a failure at a step is a failure whatever rules the step names.
package struct MigrationPlanner: Sendable {
    package var options: RunOptions

    package init(options: RunOptions = RunOptions()) {
        self.options = options
    }

    /// The plan for the cases (read in the earlier format) against the catalogue; `progress`
    /// hears of each engine before its run.
    ///
    /// - Throws: `CaseFileChanged` as the needs proof's runs declare (cases given whole, as these
    ///   are, are never read from a file, so it is not thrown for them).
    package func plan(
        cases: [SpecCase],
        rules: RuleCatalogue,
        progress: (String) -> Void = { _ in }
    ) throws(CaseFileChanged) -> MigrationPlan {
        var plan = MigrationPlan()
        let named = namings(cases: cases, rules: rules, progress: progress) { result in
            if result.kind == .timeout, plan.timedOut[result.caseID] == nil {
                plan.timedOut[result.caseID] = result.message
            }
        }
        for (id, namings) in named { plan.cases[id, default: MigrationPlan.CaseChanges()].namings = namings }
        // After the namings: the rules a step is to name are those its observations are checked against.
        for specCase in cases {
            var changes = plan.cases[specCase.id] ?? MigrationPlan.CaseChanges()
            Self.nameSubjects(of: specCase, rules, &changes)
            if !changes.addedRules.isEmpty || !changes.addedSubjects.isEmpty || !changes.namings.isEmpty {
                plan.cases[specCase.id] = changes
            }
        }
        progress("needs proof")
        let proof = try NeedsProof(options: options).run(cases: cases, rules: rules, progress: progress)
        for (id, capabilities) in proof.undeclared {
            plan.cases[id, default: MigrationPlan.CaseChanges()].addedRequirements = capabilities.sorted()
        }
        for (id, capabilities) in proof.unshown {
            plan.cases[id, default: MigrationPlan.CaseChanges()].droppedRequirements = capabilities.sorted()
        }
        plan.timedOut.merge(proof.timedOut) { first, _ in first }
        return plan
    }

    /// The cases' rules with the ones gated by a capability they do not use left out, as the
    /// migration leaves them.
    private static func caseRules(_ specCase: SpecCase, _ rules: RuleCatalogue) -> [String] {
        let dropped = MigrationPlan.unusedGatedRules(of: specCase, in: rules)
        return specCase.rules.filter { !dropped.contains($0) }
    }

    /// Files each expectation, as migrated, under a rule whose subject each observation it expects
    /// in `sequence` or `contains` is (``PatternSubjects``), where it names none: the first the
    /// catalogue holds whose rule holds under the case's profiles, added to the step's `setup`, or
    /// to its `rules` and the case's; a step naming neither adds it to the case's rules. A case
    /// taking a rule names at each expectation naming none the rules it was filed under.
    private static func nameSubjects(
        of specCase: SpecCase,
        _ rules: RuleCatalogue,
        _ changes: inout MigrationPlan.CaseChanges
    ) {
        let own = caseRules(specCase, rules)
        let usable = { (id: String) -> Bool in
            rules.rule(id).map { rule in specCase.profiles.allSatisfy(rule.profiles.contains) } ?? false
        }
        let addToCase = { (added: [String], changes: inout MigrationPlan.CaseChanges) in
            changes.addedRules += added.filter { !own.contains($0) && !changes.addedRules.contains($0) }
        }
        var unnamed: [MigrationPlan.StepPlace: [String]] = [:]
        for step in specCase.steps {
            guard case .expectation(let expectation) = step.action else { continue }
            let place = MigrationPlan.StepPlace(step.location)
            let patterns = (expectation.sequence ?? []) + (expectation.contains ?? [])
            if let naming = changes.namings[place] {
                let missing = PatternSubjects.missing(for: patterns, filedUnder: naming.rules, usable: usable)
                guard !missing.isEmpty else { continue }
                changes.namings[place]?.rules += missing
                changes.namings[place]?.subjects += missing
                if !naming.isSetup { addToCase(missing, &changes) }
            } else if let filing = MigrationPlan.filing(of: expectation, caseRules: own) {
                let missing = PatternSubjects.missing(for: patterns, filedUnder: filing.rules, usable: usable)
                guard !missing.isEmpty else { continue }
                changes.addedSubjects[place] = missing
                if !filing.isSetup { addToCase(missing, &changes) }
            } else {
                unnamed[place] = PatternSubjects.missing(for: patterns, filedUnder: own, usable: usable)
                addToCase(unnamed[place] ?? [], &changes)
            }
        }
        guard !changes.addedRules.isEmpty else { return }
        for (place, subjects) in unnamed {
            var naming = MigrationPlan.Naming(isSetup: false, rules: own + subjects, keepsFiling: true)
            naming.subjects = subjects
            changes.namings[place] = naming
        }
    }

    /// The unnamed expectations of a case with several rules, by where their steps are written.
    private static func unnamedSteps(_ specCase: SpecCase, _ rules: RuleCatalogue) -> [MigrationPlan.StepPlace] {
        guard caseRules(specCase, rules).count > 1 else { return [] }
        return specCase.steps.compactMap { step in
            guard case .expectation(let expectation) = step.action, expectation.rules.isEmpty, !expectation.isSetup
            else { return nil }
            return MigrationPlan.StepPlace(step.location)
        }
    }

    /// The naming of each unnamed expectation, from the runs of its case; `heard` hears of every
    /// result (a run that overran the timeout proves nothing).
    private func namings(
        cases: [SpecCase],
        rules: RuleCatalogue,
        progress: (String) -> Void,
        heard: (CaseResult) -> Void
    ) -> [String: [MigrationPlan.StepPlace: MigrationPlan.Naming]] {
        let unnamed = Dictionary(
            cases.map { ($0.id, Set(Self.unnamedSteps($0, rules))) }.filter { !$0.1.isEmpty },
            uniquingKeysWith: { first, _ in first }
        )
        let targets = cases.filter { unnamed[$0.id] != nil }
        guard !targets.isEmpty else { return [:] }
        progress("reference engine")
        let reference = ConformanceRun(engine: ReferenceEngineProvider(), options: options).run(
            cases: targets,
            rules: rules
        )
        reference.results.forEach(heard)
        let passing = Set(reference.results.filter { $0.status == .passed }.map(CaseRunKey.init))
        let judged = targets.filter { specCase in
            specCase.profiles.contains { passing.contains(CaseRunKey(caseID: specCase.id, profile: $0)) }
        }
        var failingFirst: [String: [MigrationPlan.StepPlace: Set<String>]] = [:]
        for behaviour in BehaviourCatalogue.all {
            progress("behaviour \(behaviour.id)")
            let summary = ConformanceRun(engine: BehaviourEngineProvider(behaviour: behaviour), options: options)
                .run(cases: judged, rules: rules)
            summary.results.forEach(heard)
            for result in summary.results where result.status == .failed && passing.contains(CaseRunKey(result)) {
                let place = MigrationPlan.StepPlace(result.location)
                guard unnamed[result.caseID]?.contains(place) == true else { continue }
                failingFirst[result.caseID, default: [:]][place, default: []].insert(behaviour.rule)
            }
        }
        var namings: [String: [MigrationPlan.StepPlace: MigrationPlan.Naming]] = [:]
        for specCase in targets {
            let own = Self.caseRules(specCase, rules)
            for place in unnamed[specCase.id] ?? [] {
                let failing = failingFirst[specCase.id]?[place] ?? []
                namings[specCase.id, default: [:]][place] = Self.naming(failing, own: own, of: specCase, rules)
            }
        }
        return namings
    }

    /// The naming of a step at which behaviours of these rules fail first.
    private static func naming(
        _ failing: Set<String>,
        own: [String],
        of specCase: SpecCase,
        _ rules: RuleCatalogue
    ) -> MigrationPlan.Naming {
        let checked = own.filter(failing.contains)
        if !checked.isEmpty { return MigrationPlan.Naming(isSetup: false, rules: checked) }
        let setup = failing.sorted()
        let usable =
            !setup.isEmpty
            && setup.allSatisfy { id in
                guard !rules.rules.isEmpty else { return true }
                guard let rule = rules.rule(id) else { return false }
                return specCase.profiles.allSatisfy(rule.profiles.contains)
            }
        return usable
            ? MigrationPlan.Naming(isSetup: true, rules: setup) : MigrationPlan.Naming(isSetup: false, rules: own)
    }
}
