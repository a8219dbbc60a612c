/// A results stream's run as a command reads it that reports of it only its counts, its
/// differences and its verdict, never a result as its baseline judges it (`iamspec merge`'s
/// merged run, each side of `iamspec diff`): its failures folded as they come, those a baseline
/// expects too (``RunSummary/failureFold``), and its verdict as that baseline judges it counted a
/// result at a time. A run with a hundred thousand expected failures holds a few bytes of each,
/// as one no baseline judges does.
package struct CountedRun: Sendable {
    /// The run as the engine did it: its counts and differences (the failures folded), and the
    /// results a report names itself (the skips, a nondeterministic run, a run with a check
    /// skipped), each in outline.
    package private(set) var summary: RunSummary
    /// The baseline that judged the run, with its stale entries; nil when none did.
    package let baseline: AppliedBaseline?
    /// The verdict of the results tallied so far, as ``baseline`` judges them, with what the
    /// run's footer says of it (interrupted, the shards it lacks, its late lines).
    package private(set) var verdict: RunVerdict

    /// `recorded` (its footer and baseline learnt, ``ResultsStreamReader/outline()``, and no
    /// result yet), ready to ``tally(_:sharing:)`` its results.
    package init(_ recorded: RecordedRun) {
        summary = recorded.summary
        summary.failureFold = FailureFold()
        baseline = recorded.baseline
        verdict = RunVerdict(countingFrom: summary, baseline: recorded.baseline)
    }

    /// Counts `result` in the verdict, as the baseline judges it, and in the run as the engine
    /// did it: a pass counted, a failure or an error folded (kept in outline only when a report
    /// names it itself), any other result kept in outline, holding the values it repeats of
    /// earlier outlines through `sharing`.
    package mutating func tally(_ result: CaseResult, sharing: inout OutlineSharing) {
        verdict.count(baseline.map { BaselineJudgement.judge(result, applying: $0) } ?? result)
        guard result.status != .passed || !result.skippedChecks.isEmpty else {
            summary.passedNotKept += 1
            return
        }
        summary.take(result, whole: false, sharing: &sharing) { _ in true }
    }
}
