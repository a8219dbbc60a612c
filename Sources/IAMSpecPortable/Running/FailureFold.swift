/// What the reports read of a run's failed and errored runs, folded as the runs come, so that a
/// run need not keep a result per failure (`iamspec run`, `report` and `explain` with no
/// baseline, `merge` and `diff` of any results stream): the failed cases and runs the console counts, each failed
/// run's case, profile and difference (a few bytes a run, the differences held once each) for the
/// differences grouped by rule and the behaviours' examples, and how many failures were counted
/// here and not kept in ``RunSummary/results``.
///
/// A summary with a fold (``RunSummary/failureFold``) keeps in ``RunSummary/results`` only the
/// failures a report shows or lists (the console's first cases in full, the Markdown summary's
/// first, a nondeterministic run, a run with a check skipped); its counts add the others. It
/// holds the run as the engine did it: no baseline judges it in place (`merge` and `diff` of a
/// stream a baseline judged fold its failures, and count its judged verdict apart:
/// `CountedRun`). The behaviours found once the runs are made (``RunSummary/behaviours``)
/// explain some of its runs: its differences are those of the others.
package struct FailureFold: Sendable, Hashable {
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
    /// Each distinct difference of the failed runs, in the order first found.
    private var distinctDifferences: [Difference] = []
    /// The position of each difference in `distinctDifferences`.
    private var differencePositions: [Difference: Int32] = [:]

    /// A failed or errored run as the fold holds it: its run, and the position of its difference
    /// among the fold's distinct differences (-1 for an errored run, or a failed one without).
    private struct FoldedRun: Sendable, Hashable {
        var run: ExplainedBehaviour.Run
        var difference: Int32
    }

    /// Nothing folded yet.
    package init() {}

    /// Folds a failed or errored result (any other is passed over); unless `kept` (the summary
    /// keeps it in its results), it is counted as dropped.
    package mutating func add(_ result: CaseResult, kept: Bool) {
        guard result.status == .failed || result.status == .error else { return }
        failedCases.insert(result.caseID)
        failedRuns += 1
        var position: Int32 = -1
        if result.status == .failed, let difference = result.difference {
            position = differencePositions[difference] ?? Int32(distinctDifferences.count)
            if position == distinctDifferences.count {
                differencePositions[difference] = position
                distinctDifferences.append(difference)
            }
        }
        runs.append(FoldedRun(run: ExplainedBehaviour.Run(result), difference: position))
        guard !kept else { return }
        if result.status == .failed {
            droppedFailures += 1
        } else {
            droppedErrors += 1
        }
    }

    /// The differences of the failed runs folded but those of `explained`, grouped as
    /// ``RunSummary/differences`` groups a summary's results.
    package func differences(excluding explained: Set<ExplainedBehaviour.Run>) -> [DifferenceGroup] {
        var grouping = DifferenceGrouping()
        for folded in runs where folded.difference >= 0 && !explained.contains(folded.run) {
            grouping.add(folded.run, differing: distinctDifferences[Int(folded.difference)])
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
