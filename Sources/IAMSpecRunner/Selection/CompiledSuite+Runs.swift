import IAMSpec

extension CompiledSuite {
    /// The compiled suite of `runs` (in report order, as `RunSelection.runs(of:)` makes them):
    /// each case once, decoded once, and the rules of `catalogue` its cases and their steps name,
    /// in the catalogue's order; `paths`, `selection` and `timeoutMilliseconds` are recorded for
    /// the results header.
    package init(
        selecting runs: [CaseRun],
        rules catalogue: RuleCatalogue,
        paths: [String],
        selection: RunSelection,
        timeoutMilliseconds: Int64
    ) {
        var cases: [SpecCase] = []
        var compiledRuns: [Run] = []
        compiledRuns.reserveCapacity(runs.count)
        var earlier: CaseRun?
        for run in runs {
            if let previous = earlier, previous.isOfSameCase(as: run) {
                compiledRuns.append(Run(caseIndex: cases.count - 1, profile: run.profile))
                continue
            }
            cases.append(run.withCaseDecoded(sharingWith: nil).specCase)
            compiledRuns.append(Run(caseIndex: cases.count - 1, profile: run.profile))
            earlier = run
        }
        var named: Set<String> = []
        for specCase in cases {
            named.formUnion(specCase.rules)
            for step in specCase.steps {
                if case .expectation(let expectation) = step.action { named.formUnion(expectation.rules) }
            }
        }
        self.init(
            suitePaths: paths,
            selection: selection,
            timeoutMilliseconds: timeoutMilliseconds,
            rules: catalogue.rules.filter { named.contains($0.id) }.map {
                RuleReference(id: $0.id, catalogue: catalogue)
            },
            cases: cases,
            runs: compiledRuns
        )
    }
}
