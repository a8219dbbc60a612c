import IAMSpecRunner

/// Engines × cases: each engine's outcome for each case of the suite, from results streams, with
/// each engine's conformance.
package struct ConformanceMatrix: Sendable {
    /// One engine's results.
    package struct Column: Sendable {
        package var summary: RunSummary
        /// `name version`.
        package var label: String
        /// A file-name-safe name: the engine's name, or `name-version` when two columns share a name.
        package var slug: String
        package var conformance: Conformance
    }

    /// What a cell shows: the outcome of a case's runs under one engine.
    package enum Outcome: String, Sendable, Hashable {
        /// Some run failed or errored.
        case fail
        /// No run failed, and at least one passed.
        case pass
        /// Every run was skipped.
        case skip
        /// The results have no run of the case.
        case notRun = "not run"
    }

    /// Engines in the order their results were given.
    package var columns: [Column]
    /// Case ids the results name that the suite does not have, sorted.
    package var unknownCaseIDs: [String]
    private var outcomes: [[String: [CaseResult]]]

    /// The matrix of these results over the suite's cases.
    ///
    /// - Throws: ``SiteError`` when two results streams are for the same engine name and
    ///   version (merge shards with `iamspec merge` first).
    package init(results: [RunSummary], caseIDs: [String]) throws(SiteError) {
        let names = results.map(\.header.engine.name)
        var seen = Set<String>()
        var columns: [Column] = []
        for summary in results {
            let engine = summary.header.engine
            let label = engine.version.isEmpty ? engine.name : "\(engine.name) \(engine.version)"
            guard seen.insert(label).inserted else {
                throw SiteError(
                    message:
                        "found two results streams for the engine \(label), expected one per engine (merge shards with iamspec merge)"
                )
            }
            let shared = names.count(where: { $0 == engine.name }) > 1
            columns.append(
                Column(
                    summary: summary,
                    label: label,
                    slug: Self.slug(shared ? "\(engine.name)-\(engine.version)" : engine.name),
                    conformance: Conformance(summary.results)
                )
            )
        }
        self.columns = columns
        self.outcomes = results.map { Dictionary(grouping: $0.results, by: \.caseID) }
        let known = Set(caseIDs)
        unknownCaseIDs = Set(results.flatMap { $0.results.map(\.caseID) }).subtracting(known).sorted()
    }

    /// The case's runs in the column, by profile.
    package func runs(caseID: String, column: Int) -> [CaseResult] {
        (outcomes[column][caseID] ?? []).sorted { $0.profile < $1.profile }
    }

    /// The case's outcome in the column.
    package func outcome(caseID: String, column: Int) -> Outcome {
        let runs = runs(caseID: caseID, column: column)
        if runs.isEmpty { return .notRun }
        if runs.contains(where: { $0.status == .failed || $0.status == .error }) { return .fail }
        if runs.contains(where: { $0.status == .passed }) { return .pass }
        return .skip
    }

    /// Lower-case ASCII letters, digits and dashes.
    static func slug(_ text: String) -> String {
        var slug = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "engine" : slug
    }
}

/// How much of the suite an engine passes: passed runs out of the runs made (skips aside).
package struct Conformance: Sendable, Hashable {
    package var passed: Int
    /// Failed and errored runs.
    package var failed: Int
    package var skipped: Int

    package init(passed: Int, failed: Int, skipped: Int) {
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
    }

    package init(_ results: [CaseResult]) {
        self.init(
            passed: results.count(where: { $0.status == .passed }),
            failed: results.count(where: { $0.status == .failed || $0.status == .error }),
            skipped: results.count(where: { $0.status == .skipped })
        )
    }

    /// Runs made: passed and failed.
    package var made: Int { passed + failed }

    /// Tenths of a percent, rounded down (so 100% means every run made passed); nil when no run was made.
    package var permille: Int? {
        made == 0 ? nil : passed * 1000 / made
    }

    /// `97.3%`, `100%`, or `no runs`.
    package var percentText: String {
        guard let permille else { return "no runs" }
        return permille % 10 == 0 ? "\(permille / 10)%" : "\(permille / 10).\(permille % 10)%"
    }

    /// `180 of 185 runs passed, 12 skipped`.
    package var detailText: String {
        "\(passed) of \(made) run\(made == 1 ? "" : "s") passed, \(skipped) skipped"
    }
}
