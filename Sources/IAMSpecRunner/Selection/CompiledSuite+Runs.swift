import IAMSpec

extension CompiledSuite {
    /// The compiled suite of `runs` (in report order, as `RunSelection.runs(of:)` makes them):
    /// each case once, and the rules of `catalogue` its cases and their steps name, in the
    /// catalogue's order; `paths`, `selection` and `timeoutMilliseconds` are recorded for the
    /// results header. A case is read from the loaded suite each time it is read (here for its
    /// rules, then as it is written), so the models of a large suite are never held at once.
    ///
    /// - Throws: ``CaseFileChanged`` when a case file changed since the suite was loaded (found
    ///   while the rules are gathered; found while the suite is written, it ends the process as
    ///   ``LoadedCase/decodedOrExit()`` says).
    package init(
        selecting runs: [CaseRun],
        rules catalogue: RuleCatalogue,
        paths: [String],
        selection: RunSelection,
        timeoutMilliseconds: Int64
    ) throws(CaseFileChanged) {
        var firstRuns: [CaseRun] = []
        var ids: [String] = []
        var compiledRuns: [Run] = []
        compiledRuns.reserveCapacity(runs.count)
        var named: Set<String> = []
        for run in runs {
            if let previous = firstRuns.last, previous.isOfSameCase(as: run) {
                compiledRuns.append(Run(caseIndex: firstRuns.count - 1, profile: run.profile))
                continue
            }
            let specCase = try run.withCaseDecoded(sharingWith: nil).specCase
            named.formUnion(specCase.rules)
            for step in specCase.steps {
                if case .expectation(let expectation) = step.action { named.formUnion(expectation.rules) }
            }
            firstRuns.append(run)
            ids.append(specCase.id)
            compiledRuns.append(Run(caseIndex: firstRuns.count - 1, profile: run.profile))
        }
        self.init(
            iamspecVersion: IAMSpecVersion.current,
            suitePaths: paths,
            selection: selection,
            timeoutMilliseconds: timeoutMilliseconds,
            rules: catalogue.rules.filter { named.contains($0.id) }.map {
                RuleReference(id: $0.id, catalogue: catalogue)
            },
            cases: CompiledCases(ids: ids) { [firstRuns] in firstRuns[$0].specCase },
            runs: compiledRuns
        )
    }
}
