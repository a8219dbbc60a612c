import IAMSpec

extension ConformanceRun {
    /// Runs `runs` (in report order) as `iamspec run` does: each result judged by `judge` as it
    /// comes, so that the run keeps of it only what a report reads. The runs the baseline skips
    /// are not made (`BaselineJudge.plannedSkip(_:)`), and with `stoppingAtFirstFailure` none
    /// starts after the first that fails as the baseline judges it (`--fail-fast`); the options'
    /// own are not read.
    ///
    /// What the summary keeps: a passed run only when a baseline names it (the others counted); a
    /// failure whole only when the console shows it in full (one of its first failed cases,
    /// `FirstFailedCases`, as the baseline judges them; never a failure the baseline expects,
    /// which the reports list by its message), in outline otherwise, or only folded as it comes
    /// (`BaselineJudge.folding`: counted, and of each its case, profile and difference): with no
    /// baseline every other failure, with one those it expects. The run then keeps a few bytes
    /// per failure. A passed run's result has its timeline when `timelinesOfPasses` (a results
    /// stream reads it) or when a baseline names the run (a report may show it an unexpected
    /// pass).
    ///
    /// Each result goes to `progress` (in batches, in completion order) and to `deliver` (in the
    /// order of `runs`) as ``run(_:header:rules:keepingPassed:keepingWhole:folding:expectedFailure:timelineWhenPassed:progress:deliver:)``
    /// says. Returns the summary and, with `keepingPasses`, the runs passed whose results it did
    /// not keep (for the experiments on the names, which a pass can stand in the way of).
    ///
    /// - Throws: ``CaseFileChanged`` when a case's file changed since the suite was loaded (no run
    ///   starts after that).
    package func run(
        _ runs: [CaseRun],
        header: RunHeader,
        rules: RuleCatalogue,
        judgedBy judge: BaselineJudge,
        stoppingAtFirstFailure: Bool,
        keepingPasses: Bool,
        timelinesOfPasses: Bool,
        progress: ([CaseResult]) -> Void,
        deliver: (CaseResult) -> Void
    ) throws(CaseFileChanged) -> (summary: RunSummary, passed: [ExplainedBehaviour.Run]) {
        var judged = self
        judged.options.plannedSkip = { judge.plannedSkip($0) }
        judged.options.failFast = nil
        if stoppingAtFirstFailure {
            judged.options.failFast = { judge.stopsRun($0) }
        }
        var passed: [ExplainedBehaviour.Run] = []
        var firstFailedCases = FirstFailedCases(limit: ConsoleReport.casesShownInFull)
        let summary = try judged.run(
            runs,
            header: header,
            rules: rules,
            keepingPassed: { result in
                if keepingPasses { passed.append(ExplainedBehaviour.Run(result)) }
                return judge.names(caseID: result.caseID, profile: result.profile)
            },
            keepingWhole: { result in
                // The result as it came when there is no baseline (not a copy of it per run).
                guard judge.judgesByBaseline else { return firstFailedCases.admits(result) }
                let judgedResult = judge.judge(result)
                return judgedResult.kind != .expectedFailure && firstFailedCases.admits(judgedResult)
            },
            folding: judge.folding,
            expectedFailure: { judge.expectedFailureMessage($0) },
            timelineWhenPassed: { run in
                timelinesOfPasses || judge.names(caseID: run.caseID, profile: run.profile)
            },
            progress: progress,
            deliver: deliver
        )
        return (summary, passed)
    }
}
