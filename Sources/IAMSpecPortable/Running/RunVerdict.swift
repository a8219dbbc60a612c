/// Whether a run succeeded, and the counts every report shows: decided here, once, from a run's
/// results (as a baseline judged them, when one did) and its stale baseline entries.
///
/// The console's totals line, JUnit's counts, the results stream's footer, the Markdown summary,
/// `iamspec report` and the exit status all read it, so they cannot disagree. A stale baseline
/// entry is not a run, yet fails the run: it counts as failed in the totals line
/// (`N passed, N failed, N skipped`), and JUnit shows it as a failing test case.
package struct RunVerdict: Sendable, Hashable {
    /// Passed runs (an unexpected pass the baseline allows among them).
    package var passed = 0
    /// Failed runs, errors not included (an unexpected pass not allowed among them).
    package var failedRuns = 0
    /// Errored runs.
    package var errors = 0
    /// Skipped runs (expected failures among them).
    package var skipped = 0
    /// Baseline entries naming a case run the suite does not have.
    package var staleEntries = 0
    /// Runs that failed or errored as a `fail` or `flaky` entry expects (counted as skipped).
    package var expectedFailures = 0
    /// Runs that passed though a `fail` entry expects them to fail, allowed or not.
    package var unexpectedPasses = 0
    /// Unexpected passes that fail the run (counted in ``failedRuns``).
    package var failingUnexpectedPasses = 0
    /// The run was stopped before every selected run was made.
    package var interrupted: Bool
    /// Selected runs never made (``RunSummary/notRun``): a run that did not make them all did
    /// not succeed, whatever stopped it.
    package var notRun: Int
    /// Lines the engine wrote after a case had ended (``RunSummary/lateLines``): protocol faults
    /// that fail the run, though no run failed for them.
    package var lateLines: Int
    /// Whether a baseline judged the run.
    package var isJudgedByBaseline: Bool
    /// The run's capability warnings (``RunSummary/capabilityWarnings``) that fail it: all of them
    /// under `--strict-capabilities`, else none.
    package var failingWarnings = 0
    /// The shards of its selection the run lacks (``RunSummary/missingShards``).
    package var missingShards: [Shard]

    /// The verdict of `summary`, its ``RunSummary/baseline`` included.
    package init(_ summary: RunSummary) {
        self.init(summary, baseline: summary.baseline) { $0 }
    }

    /// The verdict of `summary` as `applied` judges it: that of
    /// `BaselineJudgement.judge(summary, applying: applied)`, told a result at a time, so that a
    /// hundred thousand results are not copied to be counted.
    package init(_ summary: RunSummary, judgedBy applied: AppliedBaseline) {
        self.init(summary, baseline: applied) { BaselineJudgement.judge($0, applying: applied) }
    }

    /// The verdict of `summary` judged by `baseline`, each result as `judged` makes it.
    private init(_ summary: RunSummary, baseline: AppliedBaseline?, judging judged: (CaseResult) -> CaseResult) {
        self.init(countingFrom: summary, baseline: baseline)
        for index in summary.results.indices {
            count(judged(summary.results[index]))
        }
    }

    /// The verdict of `summary` judged by `baseline`, counting what it counts without its
    /// results (those it kept no result of, its footer's facts) and none of its results yet: a
    /// reader of a stream ``count(_:)``s each one as it comes, keeping none.
    package init(countingFrom summary: RunSummary, baseline: AppliedBaseline?) {
        interrupted = summary.interrupted
        notRun = summary.notRun
        missingShards = summary.missingShards
        lateLines = summary.lateLines.count
        isJudgedByBaseline = baseline != nil
        staleEntries = baseline?.staleEntries.count ?? 0
        passed = summary.passedNotKept
        // The failures a fold dropped: as the engine made them, or, those of a fold dropping the
        // ones the baseline expects, as that baseline judges them.
        if let fold = summary.failureFold, fold.dropping == .expectedFailures, baseline != nil {
            skipped = fold.expectedFailures.count
            expectedFailures = fold.expectedFailures.count
        } else {
            failedRuns = summary.failureFold?.droppedFailures ?? 0
            errors = summary.failureFold?.droppedErrors ?? 0
        }
        skipped += summary.expectedFailuresNotKept.count
        expectedFailures += summary.expectedFailuresNotKept.count
        if summary.header.invocation?.strictCapabilities == true {
            failingWarnings = summary.capabilityWarnings.count
        }
    }

    /// Counts `result`, as the run's baseline, if any, judged it.
    package mutating func count(_ result: CaseResult) {
        switch result.status {
        case .passed: passed += 1
        case .failed: failedRuns += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        }
        switch result.kind {
        case .expectedFailure?:
            expectedFailures += 1
        case .unexpectedPass?:
            unexpectedPasses += 1
            failingUnexpectedPasses += result.status == .failed ? 1 : 0
        case .sequence?, .contains?, .absent?, .stack?, .nondeterministic?, .engine?, .timeout?, .stackAnswer?,
            .interrupted?, .declined?, nil:
            break
        }
    }

    /// What fails the run: failed and errored runs, and stale baseline entries.
    package var failed: Int { failedRuns + errors + staleEntries }

    /// Nothing failed, errored or was stale, the engine wrote no late line, the run was not
    /// interrupted, it made every selected run, and it lacks no shard.
    package var succeeded: Bool {
        failed == 0 && lateLines == 0 && failingWarnings == 0 && !interrupted && notRun == 0 && missingShards.isEmpty
    }

    /// The process exit status: 0 when ``succeeded``, otherwise 1.
    package var exitCode: Int32 { succeeded ? 0 : 1 }

    /// `N passed, N failed, N skipped`, with `N errors` after the failed ones when a run errored
    /// (`385 passed, 14 failed, 25 errors, 313 skipped`), counted as the results stream counts
    /// them; stale baseline entries count as failed.
    package var totalsLine: String {
        let errorsPart = errors > 0 ? "\(counted(errors, "error", "errors")), " : ""
        return "\(passed) passed, \(failedRuns + staleEntries) failed, \(errorsPart)\(skipped) skipped"
    }

    /// The verdict in words: `passed`, or what failed it, e.g. `1 failed, 2 errors, 1 stale
    /// baseline entry, interrupted`. Runs not made are said (`5 not run`) only when nothing else
    /// says why: an interrupted run says `interrupted`, and one stopped at its first failure
    /// names that failure.
    package var outcome: String {
        guard !succeeded else { return "passed" }
        let reasons = [
            failedRuns > 0 ? "\(failedRuns) failed" : nil,
            errors > 0 ? counted(errors, "error", "errors") : nil,
            staleEntries > 0 ? counted(staleEntries, "stale baseline entry", "stale baseline entries") : nil,
            lateLines > 0 ? counted(lateLines, "late line", "late lines") : nil,
            failingWarnings > 0 ? counted(failingWarnings, "capability warning", "capability warnings") : nil,
            interrupted ? "interrupted" : nil,
            missingShards.isEmpty
                ? nil
                : "lacks shard\(missingShards.count == 1 ? "" : "s") "
                    + missingShards.map(\.description).joined(separator: ", "),
        ].compactMap { $0 }
        return (reasons.isEmpty ? ["\(notRun) not run"] : reasons).joined(separator: ", ")
    }

    /// Failed and errored runs no baseline entry expects.
    package var newFailures: Int { failedRuns + errors - failingUnexpectedPasses }

    /// `N expected failures, N new failures, N unexpected passes, N stale entries`, when a
    /// baseline judged the run.
    package var baselineCounts: String? {
        guard isJudgedByBaseline else { return nil }
        return "\(counted(expectedFailures, "expected failure", "expected failures")), "
            + "\(counted(newFailures, "new failure", "new failures")), "
            + "\(counted(unexpectedPasses, "unexpected pass", "unexpected passes")), "
            + counted(staleEntries, "stale entry", "stale entries")
    }

    private func counted(_ count: Int, _ one: String, _ many: String) -> String {
        "\(count) \(count == 1 ? one : many)"
    }
}
