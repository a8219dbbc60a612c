import IAMSpecRunner

/// Engines × cases: each engine's outcome for each case of the suite, from results streams, with
/// each engine's conformance.
package struct ConformanceMatrix: Sendable {
    /// One engine's results.
    package struct Column: Sendable {
        package var summary: RunSummary
        /// `name version`.
        package var label: String
        /// The name of the engine's badge file, without extension: from the engine's name, or its
        /// label when two columns share a name, through ``DerivedFileNames`` (distinct, bounded).
        package var fileName: String
        package var conformance: Conformance

        /// The line that runs `run` again, in a table of the engine's page: an engine command named
        /// `"$ENGINE"` when the results stream recorded it (``recordedEngineCommand``, shown as data
        /// above the table) or when it is long (``engineAssignment`` sets it above the table), so
        /// that a cell does not wrap over many lines.
        package func rerunLine(_ run: ExplainedBehaviour.Run) -> String {
            RerunCommand.text(
                for: run,
                header: summary.header,
                engineVariable: engineAssignment == nil && recordedEngineCommand == nil ? nil : "ENGINE"
            )
        }

        /// `ENGINE='...'`, the line that sets the engine command the page's re-run lines name;
        /// nil when the command is short enough to be written in each line, or recorded.
        package var engineAssignment: String? {
            RerunCommand.shortensEngineCommand(summary.header) ? RerunCommand.engineAssignment(summary.header) : nil
        }

        /// The engine command the results stream records, which the page shows as data above the
        /// tables whose re-run lines name it `"$ENGINE"`, never in a line to paste.
        package var recordedEngineCommand: String? {
            RerunCommand.recordedEngineCommand(summary.header)
        }
    }

    /// What a cell shows: the outcome of a case's runs under one engine.
    package enum Outcome: String, Sendable, Hashable {
        /// Some run failed.
        case fail
        /// No run failed, and the engine could not finish some run (crash, hang, broken protocol).
        case error
        /// No run failed or errored, and at least one passed.
        case pass
        /// Every run was skipped.
        case skip
        /// Only in a rule's row (``RuleOutcome``): a run failed, under other rules than this one
        /// (its failing step checks them), and none failed under this one, so not all of this
        /// rule's checks were made.
        case blocked
        /// The results have no run of the case.
        case notRun = "not run"
    }

    /// The most engines one table of the summary shows side by side: more engines make more
    /// tables, one below the other, so that a table stays readable whatever the number of engines
    /// (each engine's page has its full detail).
    package static let enginesPerTable = 5

    /// Engines in the order their results were given.
    package var columns: [Column]

    /// The columns in groups of at most ``enginesPerTable``, in order: a table of the summary each.
    package var columnGroups: [Range<Int>] {
        stride(from: 0, to: columns.count, by: Self.enginesPerTable).map {
            $0..<min($0 + Self.enginesPerTable, columns.count)
        }
    }
    /// Case ids the results name that the suite does not have, sorted.
    package var unknownCaseIDs: [String]
    private var outcomes: [[String: [CaseResult]]]
    /// Per column, the rules of the behaviours the report's behaviour section explains each run
    /// by (`RunSummary.behaviours`): a failed run is filed under them, as the report files it.
    private var behaviourRules: [[ExplainedBehaviour.Run: [String]]]

    /// The matrix of these results over the suite's cases.
    ///
    /// - Throws: ``SiteError`` when two results streams are for the same engine name and
    ///   version (merge shards with `iamspec merge` first).
    package init(results: [RunSummary], caseIDs: [String]) throws(SiteError) {
        let names = results.map(\.header.engine.name)
        let fileNames = DerivedFileNames.fileNames(
            for: results.map { summary in
                let engine = summary.header.engine
                let shared = names.count(where: { $0 == engine.name }) > 1
                return shared ? "\(engine.name)-\(engine.version)" : engine.name
            },
            fallback: "engine"
        )
        var seen = Set<String>()
        var columns: [Column] = []
        for (summary, fileName) in zip(results, fileNames) {
            let engine = summary.header.engine
            let label = engine.version.isEmpty ? engine.name : "\(engine.name) \(engine.version)"
            guard seen.insert(label).inserted else {
                throw SiteError(
                    message:
                        "found two results streams for the engine \(label), expected one per engine (merge shards with iamspec merge)"
                )
            }
            columns.append(
                Column(
                    summary: summary,
                    label: label,
                    fileName: fileName,
                    conformance: Conformance(summary.results, passesByBaseline: Self.passesByBaseline(summary))
                )
            )
        }
        self.columns = columns
        self.outcomes = results.map { Dictionary(grouping: $0.results, by: \.caseID) }
        self.behaviourRules = results.map { summary in
            var rules: [ExplainedBehaviour.Run: [String]] = [:]
            for behaviour in summary.behaviours {
                for run in behaviour.runs where !(rules[run]?.contains(behaviour.rule) ?? false) {
                    rules[run, default: []].append(behaviour.rule)
                }
            }
            return rules
        }
        let known = Set(caseIDs)
        unknownCaseIDs = Set(results.flatMap { $0.results.map(\.caseID) }).subtracting(known).sorted()
    }

    /// Whether the run, its results as the engine gave them, passes only as the baseline it
    /// carries (`RunSummary.baseline`, which `iamspec docs` takes from each stream's footer) judges
    /// it: some run failed or errored, and the judged run succeeded, as its CI saw it.
    static func passesByBaseline(_ summary: RunSummary) -> Bool {
        guard let baseline = summary.baseline,
            summary.results.contains(where: { $0.status == .failed || $0.status == .error })
        else { return false }
        var raw = summary
        raw.baseline = nil
        return BaselineJudgement.judge(raw, applying: baseline).verdict.succeeded
    }

    /// The case's runs in the column, by profile.
    package func runs(caseID: String, column: Int) -> [CaseResult] {
        (outcomes[column][caseID] ?? []).sorted { $0.profile < $1.profile }
    }

    /// The case's outcome in the column.
    package func outcome(caseID: String, column: Int) -> Outcome {
        let runs = runs(caseID: caseID, column: column)
        if runs.isEmpty { return .notRun }
        if runs.contains(where: { $0.status == .failed }) { return .fail }
        if runs.contains(where: { $0.status == .error }) { return .error }
        if runs.contains(where: { $0.status == .passed }) { return .pass }
        return .skip
    }

    /// The outcome for `rule` of the cases that check it in the column, with the runs that did
    /// not pass: a failed run that the report's behaviour section explains is filed under its
    /// behaviours' rules, as the report files it, and otherwise under its failing step's rules.
    package func ruleOutcome(_ rule: String, caseIDs: [String], column: Int) -> RuleOutcome {
        RuleOutcome(
            rule: rule,
            runsByCase: caseIDs.map { runs(caseID: $0, column: column) },
            behaviourRules: behaviourRules[column]
        )
    }
}
