import IAMSpec

extension CompiledSuite {
    /// A problem at each case of `runs` that names a rule `catalogue` does not hold: a compiled
    /// suite carries the words of every rule its cases name, and its reader (`run-compiled`, an
    /// app's test bundle) refuses a case whose rule it lacks. Only a suite loaded without a rule
    /// catalogue (no `rules.yaml` at or above its path, where `lint` checks no rule id) has such a
    /// case; each rule is named once a case, at the case.
    ///
    /// - Throws: ``CaseFileChanged`` when a case file changed since the suite was loaded.
    package static func rulesNotInCatalogue(
        of runs: [CaseRun],
        catalogue: RuleCatalogue
    ) throws(CaseFileChanged) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var earlier: CaseRun?
        for run in runs {
            if let previous = earlier, previous.isOfSameCase(as: run) { continue }
            earlier = run
            let specCase = try run.withCaseDecoded(sharingWith: nil).specCase
            var named = specCase.rules
            for step in specCase.steps {
                if case .expectation(let expectation) = step.action { named += expectation.rules }
            }
            var reported: Set<String> = []
            for id in named where catalogue.rule(id) == nil && reported.insert(id).inserted {
                let catalogueWords =
                    catalogue.rules.isEmpty
                    ? "no rule catalogue holds (no rules.yaml at or above its spec path)"
                    : "the rule catalogue does not hold"
                problems.append(
                    Diagnostic(
                        "found the rule '\(id)' in case '\(specCase.id)', which \(catalogueWords); expected the rules "
                            + "of a catalogue, whose words a compiled suite carries: compile the case where its "
                            + "rules.yaml is",
                        at: specCase.location
                    )
                )
            }
        }
        return problems
    }
}
