/// What `iamspec run` prints: progress lines for stderr, and the report for stdout.
///
/// The report shows one entry per case with a failed or errored run (see
/// `failureEntry(_:header:)`): the profiles it failed in, the rules it checks with their words,
/// its `given`, the failing step's `path:line:col` with the message, the aligned timeline, and a
/// one-line command that runs it again. Skips
/// are grouped by reason (a declined step's runs each with the step's location), apart from expected failures (a baseline's; `BaselineJudgement`
/// lists them in a section of their own). The last line is exactly `N passed, N failed, N skipped`, errors
/// counted as failed, never coloured, so scripts can read it.
public struct ConsoleReport: Sendable {
    public var style: ConsoleStyle

    public init(style: ConsoleStyle) {
        self.style = style
    }

    /// One line for a finished run: `[3/40] failed  some-case [braze-swift]`.
    /// Made by appending to one string: a run of a large suite prints one per run.
    package func progressLine(for result: CaseResult, completed: Int, total: Int) -> String {
        let totalText = String(total)
        let completedText = String(completed)
        var line = "["
        line.reserveCapacity(totalText.utf8.count * 2 + result.caseID.utf8.count + 40)
        for _ in completedText.utf8.count..<max(completedText.utf8.count, totalText.utf8.count) {
            line.append(" ")
        }
        line.append(completedText)
        line.append("/")
        line.append(totalText)
        line.append("] ")
        line.append(statusWord(result.status))
        line.append("  ")
        line.append(result.caseID)
        line.append(" [")
        line.append(result.profile.rawValue)
        line.append("]")
        return line
    }

    /// The report's lines, the totals line last.
    public func lines(for summary: RunSummary) -> [String] {
        var lines: [String] = []
        let failed = summary.results.filter { $0.status == .failed || $0.status == .error }
        for caseResults in Dictionary(grouping: failed, by: \.caseID).sorted(by: { $0.key < $1.key }) {
            lines += failureEntry(caseResults.value, header: summary.header)
            lines.append("")
        }
        let skipped = summary.results.filter {
            $0.status == .skipped && $0.kind != .expectedFailure
        }
        let skips = Dictionary(grouping: skipped, by: \.message)
        for (reason, results) in skips.sorted(by: { $0.key < $1.key }) {
            lines.append(style.yellow("skipped \(results.count) run\(results.count == 1 ? "" : "s"): \(reason)"))
            for result in results where result.kind == .declined {
                lines.append("  \(result.location): \(result.caseID) [\(result.profile.rawValue)]")
            }
        }
        if summary.interrupted {
            lines.append(style.yellow("interrupted: the runs not started are not reported"))
        }
        lines.append(summary.totalsLine)
        return lines
    }

    func statusWord(_ status: CaseStatus) -> String {
        switch status {
        case .passed: style.green("passed ")
        case .failed: style.red("FAILED ")
        case .error: style.red("ERROR  ")
        case .skipped: style.yellow("skipped")
        }
    }
}
