import IAMSpec

/// How a run judges each result as it comes, as its reports will show it: against the baseline
/// given (`--baseline`), or else, when the run refreshes a baseline (`--update-baseline`), against
/// the baseline it writes (whose entry for a run that run's own result decides, so it is known as
/// the result comes: `BaselineUpdate.judge`); as the engine did it when neither is.
package struct BaselineJudge: Sendable {
    /// A refresh of a baseline by the run: what it keeps what it says of, and when the run began.
    package struct Refresh: Sendable {
        /// The baseline the refresh keeps what it says of: the `--baseline`, or else the file
        /// refreshed when it exists; nil when neither is.
        package var existing: Baseline?
        /// When the run began, as its header records it: a new entry's date.
        package var startedAt: String

        /// A refresh of `existing` by a run begun at `startedAt`.
        package init(_ existing: Baseline?, startedAt: String) {
            self.existing = existing
            self.startedAt = startedAt
        }
    }

    /// The baseline the run is judged against (`--baseline`), if any.
    package let baseline: Baseline?
    /// `--allow-unexpected-pass`: a run that passes though the baseline expects it to fail passes.
    package let allowsUnexpectedPasses: Bool
    /// The refresh the run makes (`--update-baseline`), if any.
    package let refresh: Refresh?

    /// Judges against `baseline` (when given), else as `refresh` will (when given).
    package init(baseline: Baseline?, allowingUnexpectedPasses: Bool = false, refresh: Refresh? = nil) {
        self.baseline = baseline
        self.allowsUnexpectedPasses = allowingUnexpectedPasses
        self.refresh = refresh
    }

    /// Whether any baseline judges the run: reports then fold only the failures it expects.
    package var judgesByBaseline: Bool { baseline != nil || refresh != nil }

    /// The failures a run judged so folds as they come (`FailureFold`): those the baseline
    /// expects, each with its judged message; with none, every failure a report does not show in
    /// full.
    package var folding: FailureFold.Dropping { judgesByBaseline ? .expectedFailures : .everyFailure }

    /// `result` as the reports show it.
    package func judge(_ result: CaseResult) -> CaseResult {
        if let baseline {
            return BaselineJudgement.judge(result, against: baseline, allowingUnexpectedPasses: allowsUnexpectedPasses)
        }
        if let refresh {
            return BaselineUpdate.judge(result, refreshing: refresh.existing, startedAt: refresh.startedAt)
        }
        return result
    }

    /// Whether a baseline that judges the run has an entry naming `caseID` under `profile`: its
    /// passed result is kept (a refresh reads it; a report may show it an unexpected pass), with
    /// its timeline.
    package func names(caseID: String, profile: Profile) -> Bool {
        (baseline ?? refresh?.existing)?.entry(caseID: caseID, profile: profile) != nil
    }

    /// Why a run is not made: the baseline's `skip` entry for it (`RunOptions.plannedSkip`).
    package func plannedSkip(_ run: CaseRun) -> String? {
        baseline?.skipReason(caseID: run.caseID, profile: run.profile)
    }

    /// Whether `result` stops a run under `--fail-fast` (`RunOptions.failFast`): it fails or
    /// errors as the baseline given judges it (a failure it does not expect, or an unexpected pass
    /// unless allowed).
    package func stopsRun(_ result: CaseResult) -> Bool {
        RunOptions.stopsAtAnyFailure(
            baseline.map {
                BaselineJudgement.judge(result, against: $0, allowingUnexpectedPasses: allowsUnexpectedPasses)
            } ?? result
        )
    }

    /// The message of `result` as a failure the baseline expects, which the reports list it by;
    /// nil when it judges the result anything else.
    package func expectedFailureMessage(_ result: CaseResult) -> String? {
        let judged = judge(result)
        return judged.kind == .expectedFailure ? judged.message : nil
    }

    /// The baseline that judges the finished run, as every report but the results stream's
    /// results show it: the one given (`--baseline`), or else the one the run wrote (`written`),
    /// read from `file` as the command line named it, its entries stale against `cases` (each case
    /// of the suite by its id and profiles) found; nil when neither is.
    package func applied(
        written: Baseline?,
        file: String,
        cases: some Sequence<(id: String, profiles: [Profile])>
    ) -> AppliedBaseline? {
        (baseline ?? written).map { known in
            AppliedBaseline(
                known,
                file: file,
                staleEntries: known.staleEntries(in: cases),
                allowsUnexpectedPasses: allowsUnexpectedPasses
            )
        }
    }
}
