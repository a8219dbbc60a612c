import IAMSpecRunner

/// One engine's outcome over the cases that check one rule, for a row of the matrix: the worst
/// case outcome (fail, then error, then blocked, then pass, then skip), how many cases had each
/// outcome, and the runs that did not pass, grouped by what they said, so their reasons can be
/// written out.
///
/// A failed run counts against the rule only when it is filed under the rule: under the rules of
/// the behaviours the report explains it by (its behaviour section), as the report files it; for
/// a run no behaviour explains, under the rules its failing `expect` step checks (the run's
/// ``Difference``; a run without one is charged to every rule of its case). A run that failed
/// under other rules leaves this rule *blocked*: not all of its checks were made.
package struct RuleOutcome: Sendable {
    /// Runs that did not pass with the same outcome and message.
    package struct Finding: Sendable {
        /// `fail`, `error`, `skip`, or `blocked` (failed under other rules).
        package var outcome: ConformanceMatrix.Outcome
        /// The runs' message; for blocked runs, the rules they failed under and the mismatch.
        package var message: String
        /// The runs, sorted by case id, then profile.
        package var runs: [CaseResult]

        /// Each case of the runs once, with its profiles: `["a": braze-swift, appboy-legacy]`.
        package var cases: [(caseID: String, profiles: [String])] {
            var cases: [(caseID: String, profiles: [String])] = []
            for run in runs {
                if cases.last?.caseID == run.caseID {
                    cases[cases.count - 1].profiles.append(run.profile.rawValue)
                } else {
                    cases.append((run.caseID, [run.profile.rawValue]))
                }
            }
            return cases
        }
    }

    package var outcome: ConformanceMatrix.Outcome
    /// How many of the rule's cases had each outcome.
    package var caseCounts: [ConformanceMatrix.Outcome: Int]
    /// Failures first, then errors, then blocked runs, then skips; within each, by message.
    package var findings: [Finding]

    /// The outcome for `rule` of the cases that check it, each case with its runs.
    init(rule: String, runsByCase: [[CaseResult]], behaviourRules: [ExplainedBehaviour.Run: [String]] = [:]) {
        var counts: [ConformanceMatrix.Outcome: Int] = [:]
        var found: [FindingKey: [CaseResult]] = [:]
        let filing = Filing(behaviourRules: behaviourRules)
        for runs in runsByCase {
            counts[filing.outcome(of: runs, for: rule), default: 0] += 1
            for run in runs where run.status != .passed {
                found[filing.finding(run, for: rule), default: []].append(run)
            }
        }
        caseCounts = counts
        outcome = Self.worstFirst.first { counts[$0, default: 0] > 0 } ?? .notRun
        findings = found.map { key, runs in
            Finding(
                outcome: key.outcome,
                message: key.message,
                runs: runs.sorted { ($0.caseID, $0.profile) < ($1.caseID, $1.profile) }
            )
        }
        .sorted {
            let rank = { (outcome: ConformanceMatrix.Outcome) in Self.worstFirst.firstIndex(of: outcome) ?? 0 }
            return (rank($0.outcome), $0.message, $0.runs[0].caseID) < (rank($1.outcome), $1.message, $1.runs[0].caseID)
        }
    }

    /// `4 cases pass`, `3 of 4 cases pass, 1 fails`, `no case`.
    package var countText: String {
        let total = caseCounts.values.reduce(0, +)
        if total == 0 { return "no case" }
        let passed = caseCounts[.pass, default: 0]
        if passed == total { return "\(SiteContent.count(total, "case")) pass\(total == 1 ? "es" : "")" }
        var parts = ["\(passed) of \(SiteContent.count(total, "case")) pass"]
        for (outcome, verb) in [
            (ConformanceMatrix.Outcome.fail, "fail"), (.error, "error"),
            (.blocked, "blocked by another rule's failure"), (.skip, "skipped"), (.notRun, "not run"),
        ] {
            let count = caseCounts[outcome, default: 0]
            if count > 0 { parts.append("\(count) \(verb)") }
        }
        return parts.joined(separator: ", ")
    }

    /// For a cell of the summary: `2 of 3 pass`, then how many of the others failed, errored,
    /// were blocked, skipped or not run (`1 of 4 pass, 3 skipped`), or `no case`; so a cell
    /// whose outcome is `pass` says when most of its cases were not run on the engine.
    package var shortCountText: String {
        let total = caseCounts.values.reduce(0, +)
        guard total > 0 else { return "no case" }
        var parts = ["\(caseCounts[.pass, default: 0]) of \(total) pass"]
        for (outcome, word) in [
            (ConformanceMatrix.Outcome.fail, "fail"), (.error, "error"), (.blocked, "blocked"),
            (.skip, "skipped"), (.notRun, "not run"),
        ] {
            let count = caseCounts[outcome, default: 0]
            if count > 0 { parts.append("\(count) \(word)") }
        }
        return parts.joined(separator: ", ")
    }

    /// The outcomes a rule's row can show, the worst first.
    private static let worstFirst: [ConformanceMatrix.Outcome] = [.fail, .error, .blocked, .pass, .skip]

    /// Where a failed run is filed: under its explaining behaviours' rules, or its failing step's.
    private struct Filing {
        var behaviourRules: [ExplainedBehaviour.Run: [String]]

        /// The outcome of one case's runs for the rule.
        func outcome(of runs: [CaseResult], for rule: String) -> ConformanceMatrix.Outcome {
            if runs.isEmpty { return .notRun }
            if runs.contains(where: { $0.status == .failed && rules(of: $0)?.contains(rule) ?? true }) { return .fail }
            if runs.contains(where: { $0.status == .error }) { return .error }
            if runs.contains(where: { $0.status == .failed }) { return .blocked }
            if runs.contains(where: { $0.status == .passed }) { return .pass }
            return .skip
        }

        /// The rules the failed run is filed under; nil when it is charged to every rule of its case.
        func rules(of run: CaseResult) -> [String]? {
            behaviourRules[ExplainedBehaviour.Run(caseID: run.caseID, profile: run.profile)] ?? run.difference?.rules
        }

        /// What the row says of a run that did not pass.
        func finding(_ run: CaseResult, for rule: String) -> FindingKey {
            switch run.status {
            case .failed:
                guard let filedUnder = rules(of: run), !filedUnder.contains(rule) else {
                    return FindingKey(outcome: .fail, message: run.message)
                }
                let mismatch = run.difference.map { ": \($0.mismatch)" } ?? ""
                return FindingKey(
                    outcome: .blocked,
                    message: "failed under \(filedUnder.joined(separator: ", "))\(mismatch)"
                )
            case .error: return FindingKey(outcome: .error, message: run.message)
            case .skipped: return FindingKey(outcome: .skip, message: run.message)
            case .passed: return FindingKey(outcome: .pass, message: run.message)
            }
        }
    }

    private struct FindingKey: Hashable {
        var outcome: ConformanceMatrix.Outcome
        var message: String
    }
}
