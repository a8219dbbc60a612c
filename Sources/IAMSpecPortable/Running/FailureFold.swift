/// What the reports read of a run's failed and errored runs, folded as the runs come, so that a
/// run need not keep a result per failure (`iamspec run --no-explain` with no baseline, `iamspec
/// report` of a stream with none): the failed cases and runs the console counts, the differences
/// grouped by rule, and how many failures were counted here and not kept in
/// ``RunSummary/results``.
///
/// A summary with a fold (``RunSummary/failureFold``) keeps in ``RunSummary/results`` only the
/// failures a report shows or lists (the console's first cases in full, the Markdown summary's
/// first, a nondeterministic run, a run with a check skipped); its counts add the others. No
/// baseline judges it; the behaviours that explain its runs, if any, are known before the first
/// run is folded (a results stream's footer names them): the fold's groups are the differences
/// of the other runs.
package struct FailureFold: Sendable, Hashable {
    /// The case ids of every failed or errored run folded.
    package private(set) var failedCases: Set<String> = []
    /// Every failed or errored run folded.
    package private(set) var failedRuns = 0
    /// Failed runs counted here and not kept in the results.
    package private(set) var droppedFailures = 0
    /// Errored runs counted here and not kept in the results.
    package private(set) var droppedErrors = 0
    /// The differences of every failed run folded but those a behaviour explains.
    package private(set) var differences = DifferenceGrouping()
    /// The runs a behaviour explains (a results stream's footer names them), whose differences
    /// the report lists under the behaviour instead.
    private let explained: Set<ExplainedBehaviour.Run>

    /// Nothing folded yet; the differences of `explained` runs will not be grouped.
    package init(passingOver explained: Set<ExplainedBehaviour.Run> = []) {
        self.explained = explained
    }

    /// Folds a failed or errored result (any other is passed over); unless `kept` (the summary
    /// keeps it in its results), it is counted as dropped.
    package mutating func add(_ result: CaseResult, kept: Bool) {
        guard result.status == .failed || result.status == .error else { return }
        failedCases.insert(result.caseID)
        failedRuns += 1
        if explained.isEmpty || !explained.contains(ExplainedBehaviour.Run(result)) {
            differences.add(result)
        }
        guard !kept else { return }
        if result.status == .failed {
            droppedFailures += 1
        } else {
            droppedErrors += 1
        }
    }

    /// Whether a report other than the fold's must read `result` itself: a nondeterministic run
    /// (every report names each) or one with a check skipped (listed with its run).
    package static func needsKeeping(_ result: CaseResult) -> Bool {
        result.kind == .nondeterministic || !result.skippedChecks.isEmpty
    }

    /// How many of `statuses` were dropped.
    func dropped(of statuses: Set<CaseStatus>) -> Int {
        (statuses.contains(.failed) ? droppedFailures : 0) + (statuses.contains(.error) ? droppedErrors : 0)
    }
}
