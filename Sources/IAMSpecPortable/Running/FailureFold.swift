/// What the reports read of a run's failed and errored runs, folded as the runs come, so that a
/// run need not keep a result per failure (`iamspec run` and `report`, `explain` with no baseline,
/// `merge` and `diff`): the failed cases and runs the console counts, each failed
/// run's case, profile and difference (a few bytes a run, the differences held once each) for the
/// differences grouped by rule and the behaviours' examples, and how many failures were counted
/// here and not kept in ``RunSummary/results``.
///
/// A summary with a fold (``RunSummary/failureFold``) keeps in ``RunSummary/results`` only the
/// failures a report shows or lists (the console's first cases in full, the Markdown summary's
/// first, a nondeterministic run, a run with a check skipped); its counts add the others. It
/// holds the run as the engine did it. In a run a baseline judges, it drops only the failures the
/// baseline expects (``Dropping/expectedFailures``: each listed by its judged message, which is
/// all a report shows of one), and judging the summary in place (`BaselineJudgement`) lets the
/// fold go, its dropped runs counted as expected failures (``RunSummary/expectedFailuresNotKept``).
/// The behaviours found once the runs are made (``RunSummary/behaviours``) explain some of its
/// runs: its differences are those of the others.
package struct FailureFold: Sendable, Hashable {
    /// Which of the failures a summary does not keep the fold drops.
    package enum Dropping: Sendable, Hashable {
        /// Every one: no baseline judges the run, and every report reads a failure it does not
        /// show in full from the fold.
        case everyFailure
        /// Only those a baseline expects (a `fail` or `flaky` entry), each kept as its run and
        /// judged message (``FailureFold/expectedFailures``); the reports list every other one.
        case expectedFailures
    }

    /// Which failures the fold drops.
    package let dropping: Dropping
    /// The failures dropped as expected (``Dropping/expectedFailures``): each its run and the
    /// message the baseline gives it.
    package private(set) var expectedFailures = ExpectedFailures()
    /// The case ids of every failed or errored run folded.
    package private(set) var failedCases: Set<String> = []
    /// Every failed or errored run folded.
    package private(set) var failedRuns = 0
    /// Failed runs counted here and not kept in the results.
    package private(set) var droppedFailures = 0
    /// Errored runs counted here and not kept in the results.
    package private(set) var droppedErrors = 0
    /// Each failed or errored run folded, in report order.
    private var runs: [FoldedRun] = []
    /// Each distinct difference of the failed runs.
    private var distinctDifferences = DistinctValues<Difference>()

    /// A failed or errored run as the fold holds it: its run, and the position of its difference
    /// among the fold's distinct differences (-1 for an errored run, or a failed one without).
    private struct FoldedRun: Sendable, Hashable {
        var run: ExplainedBehaviour.Run
        var difference: Int32
    }

    /// Nothing folded yet; the failures not kept that it drops: every one, or those a baseline
    /// expects.
    package init(dropping: Dropping = .everyFailure) {
        self.dropping = dropping
    }

    /// Folds a failed or errored result (any other is passed over), and says whether the summary
    /// drops it: one it does not keep (`kept`: it keeps it in its results) and, when the fold
    /// drops only expected failures, one its baseline expects (`expected`: the message the
    /// baseline gives it; nil when it expects none). A result dropped is counted as dropped.
    @discardableResult
    package mutating func add(_ result: CaseResult, kept: Bool, expected: String? = nil) -> Bool {
        guard result.status == .failed || result.status == .error else { return false }
        failedCases.insert(result.caseID)
        failedRuns += 1
        var position: Int32 = -1
        if result.status == .failed, let difference = result.difference {
            position = distinctDifferences.position(of: difference)
        }
        let run = ExplainedBehaviour.Run(result)
        runs.append(FoldedRun(run: run, difference: position))
        let dropped: Bool
        switch dropping {
        case .everyFailure:
            dropped = !kept
        case .expectedFailures:
            dropped = !kept && expected != nil
            if dropped, let expected {
                expectedFailures.add(run, message: expected)
            }
        }
        guard dropped else { return false }
        if result.status == .failed {
            droppedFailures += 1
        } else {
            droppedErrors += 1
        }
        return true
    }

    /// Every failed or errored run folded, in report order, those kept in the results too.
    package var failingRuns: some Sequence<ExplainedBehaviour.Run> {
        runs.lazy.map(\.run)
    }

    /// The differences of the failed runs folded but those of `explained`, grouped as
    /// ``RunSummary/differences`` groups a summary's results.
    package func differences(excluding explained: Set<ExplainedBehaviour.Run>) -> [DifferenceGroup] {
        var grouping = DifferenceGrouping()
        for folded in runs where folded.difference >= 0 && !explained.contains(folded.run) {
            grouping.add(folded.run, differing: distinctDifferences[folded.difference])
        }
        return grouping.groups
    }

    /// Whether `run` failed or errored among the runs folded.
    package func holds(_ run: ExplainedBehaviour.Run) -> Bool {
        runs.contains { $0.run == run }
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
