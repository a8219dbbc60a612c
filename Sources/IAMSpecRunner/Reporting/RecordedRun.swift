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

    /// The run as its reports show it: judged by ``baseline``, when there is one.
    package var judged: RunSummary {
        baseline.map { BaselineJudgement.judge(summary, applying: $0) } ?? summary
    }
}
