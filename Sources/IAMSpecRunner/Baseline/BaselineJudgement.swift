import IAMSpec

/// A run's results read against a baseline: which failures were expected, which runs passed
/// though the baseline expects them to fail, which entries are stale, and whether the run
/// succeeds.
///
/// ``summary`` is the run as reports show it: an expected failure becomes a skipped run whose
/// message starts `expected failure:` (kind ``CaseResult/Kind/expectedFailure``), and an
/// unexpected pass becomes a failed run (kind ``CaseResult/Kind/unexpectedPass``) unless
/// unexpected passes are allowed. So the totals line counts expected failures as skipped, and
/// JUnit shows them as `<skipped message="expected failure: ...">`.
package struct BaselineJudgement: Sendable {
    /// The judged run.
    package var summary: RunSummary
    /// The judged results of runs that failed as the baseline expects (`fail` or `flaky`).
    package var expectedFailures: [CaseResult]
    /// The runs that passed though a `fail` entry expects them to fail, as judged.
    package var unexpectedPasses: [CaseResult]
    /// Entries naming a case the suite does not have (or a profile the case does not hold for).
    package var staleEntries: [BaselineEntry]
    package var allowsUnexpectedPasses: Bool

    /// Judges a run. `cases` is the whole loaded suite, which stale entries are checked against;
    /// nil leaves staleness unchecked (when only a results stream is at hand).
    package init(
        _ summary: RunSummary,
        against baseline: Baseline,
        cases: [SpecCase]?,
        allowingUnexpectedPasses: Bool = false
    ) {
        var expected: [CaseResult] = []
        var unexpected: [CaseResult] = []
        var judged = summary
        judged.results = summary.results.map { result in
            let outcome = Self.judge(result, against: baseline, allowingUnexpectedPasses: allowingUnexpectedPasses)
            if outcome.kind == .expectedFailure && result.status != .skipped {
                expected.append(outcome)
            } else if result.status == .passed && outcome.message != result.message {
                unexpected.append(outcome)
            }
            return outcome
        }
        self.summary = judged
        self.expectedFailures = expected
        self.unexpectedPasses = unexpected
        self.staleEntries = cases.map { baseline.staleEntries(in: $0) } ?? []
        self.allowsUnexpectedPasses = allowingUnexpectedPasses
    }

    /// One result as reports show it against `baseline`: a failure or error a `fail` or `flaky`
    /// entry expects becomes a skipped run (kind ``CaseResult/Kind/expectedFailure``); a pass a
    /// `fail` entry decides becomes a failed run (kind ``CaseResult/Kind/unexpectedPass``), or
    /// stays passed with the explanation as its message when unexpected passes are allowed.
    /// Any other result is left as it is.
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
                outcome.kind = .unexpectedPass
            }
            let place = entry.location.map { " (\($0))" } ?? ""
            outcome.message =
                "unexpected pass: the baseline expects it to fail (\(entry.explanation)); "
                + "remove the entry \(entry.key)\(place), or refresh the baseline with --update-baseline"
        default:
            break
        }
        return outcome
    }

    /// No new failure, no unexpected pass (unless allowed), no stale entry, not interrupted.
    package var succeeded: Bool {
        summary.succeeded && staleEntries.isEmpty
    }

    /// 0 when ``succeeded``, otherwise 1.
    package var exitCode: Int32 { succeeded ? 0 : 1 }

    /// What the console prints about the baseline, before the totals line: the expected
    /// failures, the unexpected passes allowed, the stale entries and the counts.
    package func consoleLines(style: ConsoleStyle) -> [String] {
        var lines: [String] = []
        if !expectedFailures.isEmpty {
            lines.append(style.yellow("expected failures (\(expectedFailures.count)):"))
            for result in expectedFailures {
                lines.append(Self.line(result))
            }
        }
        if allowsUnexpectedPasses && !unexpectedPasses.isEmpty {
            lines.append(style.yellow("unexpected passes, allowed (\(unexpectedPasses.count)):"))
            for result in unexpectedPasses {
                lines.append(Self.line(result))
            }
        }
        if !staleEntries.isEmpty {
            lines.append(style.red("stale baseline entries (\(staleEntries.count)):"))
            for entry in staleEntries {
                let place = entry.location.map { "\(QuotedText.line($0.description)): " } ?? ""
                lines.append(
                    "  \(place)\(QuotedText.line(entry.key)): the suite has no such case run; remove the entry"
                )
            }
        }
        let newFailures = summary.failedCount - (allowsUnexpectedPasses ? 0 : unexpectedPasses.count)
        lines.append(
            "baseline: \(expectedFailures.count) expected failure\(expectedFailures.count == 1 ? "" : "s"), "
                + "\(newFailures) new failure\(newFailures == 1 ? "" : "s"), "
                + "\(unexpectedPasses.count) unexpected pass\(unexpectedPasses.count == 1 ? "" : "es"), "
                + "\(staleEntries.count) stale entr\(staleEntries.count == 1 ? "y" : "ies")"
        )
        return lines
    }

    /// `  case-id [profile]  message`, the id and the message as ``QuotedText`` shows them.
    private static func line(_ result: CaseResult) -> String {
        "  \(QuotedText.line(result.caseID)) [\(result.profile.rawValue)]  \(QuotedText.line(result.message))"
    }
}
