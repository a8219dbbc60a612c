import IAMSpec

/// A run's results read against a baseline: an expected failure becomes a skipped run whose
/// message starts `expected failure:` (kind `CaseResult.Kind.expectedFailure`), and an
/// unexpected pass a failed run (kind `CaseResult.Kind.unexpectedPass`) unless unexpected passes
/// are allowed. So the totals line counts expected failures as skipped, and JUnit shows them as
/// `<skipped message="expected failure: ...">`.
///
/// Whether the judged run succeeded is not decided here: `RunVerdict` decides it, from the
/// judged results and the baseline's stale entries, for every report alike.
package enum BaselineJudgement {
    /// The run as reports show it against `applied`: each result judged, and the baseline (with
    /// its stale entries) carried in `RunSummary.baseline`.
    package static func judge(_ summary: RunSummary, applying applied: AppliedBaseline) -> RunSummary {
        var judged = summary
        judge(&judged, applying: applied)
        return judged
    }

    /// Judges `summary` in place against `applied`, as ``judge(_:applying:)`` does: a run that
    /// keeps its only copy of the results (`iamspec run`) does not hold them twice, and the
    /// messages a judgement writes are each held once, however many results repeat one (a
    /// hundred thousand expected failures of a few kinds).
    package static func judge(_ summary: inout RunSummary, applying applied: AppliedBaseline) {
        var messages: Set<String> = []
        for index in summary.results.indices {
            var judged = judge(summary.results[index], applying: applied)
            if judged.kind != summary.results[index].kind {
                judged.message = messages.insert(judged.message).memberAfterInsert
            }
            summary.results[index] = judged
        }
        // The failures the fold dropped are those the baseline expects, listed by their judged
        // messages: the fold of the run as the engine did it is let go. (A fold dropping every
        // failure stays, its failures counted as such: no baseline judged them.)
        if let fold = summary.failureFold, fold.dropping == .expectedFailures {
            summary.expectedFailuresNotKept = fold.expectedFailures
            summary.failureFold = nil
        }
        summary.baseline = applied
    }

    /// One result as reports show it against `applied`: as ``judge(_:against:allowingUnexpectedPasses:)``
    /// judges it by its baseline, unexpected passes allowed as it says.
    package static func judge(_ result: CaseResult, applying applied: AppliedBaseline) -> CaseResult {
        judge(result, against: applied.baseline, allowingUnexpectedPasses: applied.allowsUnexpectedPasses)
    }

    /// One result as reports show it against `baseline`: a failure or error a `fail` or `flaky`
    /// entry expects becomes a skipped run (kind `CaseResult.Kind.expectedFailure`); a pass a
    /// `fail` entry decides becomes a failed run (kind `CaseResult.Kind.unexpectedPass`), or
    /// stays passed, with that kind and the explanation as its message, when unexpected passes
    /// are allowed. Any other result is left as it is.
    package static func judge(
        _ result: CaseResult,
        against baseline: Baseline,
        allowingUnexpectedPasses: Bool
    ) -> CaseResult {
        guard let entry = baseline.entry(caseID: result.caseID, profile: result.profile) else { return result }
        var outcome = result
        switch (entry.status, result.status) {
        case (.fail, .failed), (.fail, .error), (.flaky, .failed), (.flaky, .error):
            outcome.status = .skipped
            outcome.kind = .expectedFailure
            let word = entry.status == .flaky ? "flaky" : "expected failure"
            outcome.message = "\(word): \(entry.explanation); \(result.status.rawValue): \(result.message)"
        case (.fail, .passed):
            if !allowingUnexpectedPasses {
                outcome.status = .failed
            }
            outcome.kind = .unexpectedPass
            let place = entry.location.map { " (\($0))" } ?? ""
            outcome.message =
                "unexpected pass: the baseline expects it to fail (\(entry.explanation)); "
                + "remove the entry \(entry.key)\(place), or refresh the baseline with --update-baseline"
        case (.fail, .skipped), (.flaky, .passed), (.flaky, .skipped), (.skip, _):
            // Nothing to judge: a skip is a skip, a flaky run may pass, and a `skip` entry's run
            // was never run.
            break
        }
        return outcome
    }
}
