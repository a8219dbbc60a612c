/// A results stream read back: the run as the engine did it, and the baseline that judged it
/// (recorded in the footer), so that a later command reports the run as the run itself did.
package struct RecordedRun: Sendable, Hashable {
    /// The results as the engine gave them, before any baseline.
    package var summary: RunSummary
    /// The baseline the run was judged against, with its stale entries; nil when none was.
    package var baseline: AppliedBaseline?

    package init(summary: RunSummary, baseline: AppliedBaseline?) {
        self.summary = summary
        self.baseline = baseline
    }

    /// Adds a result as `iamspec run` keeps it: a failure, an error, a skip, or a pass the
    /// baseline names, in full; any other pass counted (`RunSummary.passedNotKept`).
    package mutating func keep(_ result: CaseResult) {
        if keeps(result) {
            summary.results.append(result)
        } else {
            summary.passedNotKept += 1
        }
    }

    /// Whether `iamspec run` keeps `result`: anything but a pass, or a pass the baseline names.
    private func keeps(_ result: CaseResult) -> Bool {
        result.status != .passed || baseline?.baseline.entry(caseID: result.caseID, profile: result.profile) != nil
    }

    /// This run, ready to ``tally(_:sharing:)`` its results: its failures folded as they come
    /// (``RunSummary/failureFold``) unless a baseline judges it.
    package var tallying: RecordedRun {
        var run = self
        if baseline == nil {
            run.summary.failureFold = FailureFold()
        }
        return run
    }

    /// Adds a result as ``keep(_:)`` does, holding less of it, for a command whose reports read
    /// no failure whole (`iamspec explain`'s): a failure or an error folded into the counts and
    /// groups when the run folds them (``tallying``), kept only when a report names it itself; in
    /// outline (`CaseResult.outline`) when a baseline judges the run (its reports list each
    /// expected failure as judged), holding the values it repeats of earlier outlines through
    /// `sharing`. A command that reads only the counts and the verdict reads a ``CountedRun``.
    package mutating func tally(_ result: CaseResult, sharing: inout OutlineSharing) {
        if keeps(result) {
            summary.take(result, whole: result.status == .passed, sharing: &sharing) { _ in true }
        } else {
            summary.passedNotKept += 1
        }
    }

    /// The run as its reports show it: judged by ``baseline``, when there is one.
    package var judged: RunSummary {
        baseline.map { BaselineJudgement.judge(summary, applying: $0) } ?? summary
    }

    /// The verdict of ``judged``, told without making it.
    package var judgedVerdict: RunVerdict {
        baseline.map { RunVerdict(summary, judgedBy: $0) } ?? summary.verdict
    }
}
