import IAMSpecRunner

/// One engine's outcome over the cases that check one rule, for a row of the matrix: the worst
/// case outcome (fail, then error, then pass, then skip), how many cases had each outcome, and
/// the runs that did not pass, grouped by what they said, so their reasons can be written out.
package struct RuleOutcome: Sendable {
    /// Runs that did not pass with the same status and message.
    package struct Finding: Sendable {
        package var status: CaseStatus
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
    /// Failures first, then errors, then skips; within each, by message.
    package var findings: [Finding]

    /// The outcome of cases with these outcomes and runs.
    init(caseOutcomes: [ConformanceMatrix.Outcome], runs: [CaseResult]) {
        var counts: [ConformanceMatrix.Outcome: Int] = [:]
        for outcome in caseOutcomes { counts[outcome, default: 0] += 1 }
        caseCounts = counts
        outcome =
            [ConformanceMatrix.Outcome.fail, .error, .pass, .skip].first { counts[$0, default: 0] > 0 } ?? .notRun
        let rank: [CaseStatus: Int] = [.failed: 0, .error: 1, .skipped: 2]
        let grouped = Dictionary(grouping: runs.filter { $0.status != .passed }) {
            FindingKey(status: $0.status, message: $0.message)
        }
        findings = grouped.map { key, runs in
            Finding(
                status: key.status,
                message: key.message,
                runs: runs.sorted { ($0.caseID, $0.profile) < ($1.caseID, $1.profile) }
            )
        }
        .sorted {
            (rank[$0.status] ?? 3, $0.message, $0.runs[0].caseID) < (
                rank[$1.status] ?? 3, $1.message, $1.runs[0].caseID
            )
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
            (ConformanceMatrix.Outcome.fail, "fail"), (.error, "error"), (.skip, "skipped"), (.notRun, "not run"),
        ] {
            let count = caseCounts[outcome, default: 0]
            if count > 0 { parts.append("\(count) \(verb)") }
        }
        return parts.joined(separator: ", ")
    }

    private struct FindingKey: Hashable {
        var status: CaseStatus
        var message: String
    }
}
