/// The console text of a mutation analysis: the reference run, the kill matrix, the survivors, the
/// killed mutants a report would not name alone, and the score (`killed/total (pct%)`) on the last
/// line.
package struct KillMatrixText {
    package let report: MutationReport

    package init(_ report: MutationReport) {
        self.report = report
    }

    /// The lines to print, in order.
    package var lines: [String] {
        var lines = ["Reference engine: \(report.reference.totalsLine)", "", "Kill matrix:"]
        let width = report.outcomes.map(\.mutant.id.count).max() ?? 0
        for outcome in report.outcomes {
            let id = outcome.mutant.id + String(repeating: " ", count: width - outcome.mutant.id.count)
            let status = outcome.isKilled ? "killed  " : "SURVIVED"
            lines.append("  \(status)  \(id)  \(outcome.mutant.summary)")
            if outcome.isKilled {
                let count = outcome.killers.count
                lines.append(
                    "      by \(count) case\(count == 1 ? "" : "s"): \(outcome.killers.joined(separator: ", "))"
                )
                if !outcome.isToldApart { lines.append("      named as: \(Self.names(outcome))") }
            }
        }
        let survivors = report.survivors
        if !survivors.isEmpty {
            lines += ["", "Survivors (\(survivors.count)): add a case that kills each one"]
            lines += survivors.map { "  \($0.id) (rule \($0.rule)): \($0.summary)" }
        }
        let notToldApart = report.notToldApart
        if !notToldApart.isEmpty {
            lines += [
                "",
                "Not told apart (\(notToldApart.count)): a report of the mutant's run names another behaviour; "
                    + "add a case on which they differ",
            ]
            lines += notToldApart.map { "  \($0.mutant.id) (rule \($0.mutant.rule)): named as \(Self.names($0))" }
        }
        lines += ["", "Mutation score: \(report.scoreLine)"]
        return lines
    }

    /// The behaviours the report of a mutant's run names, or `nothing`.
    private static func names(_ outcome: MutantOutcome) -> String {
        let named = outcome.named ?? []
        return named.isEmpty ? "nothing" : named.joined(separator: ", ")
    }
}
