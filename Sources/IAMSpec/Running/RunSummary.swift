/// Everything a run produced: what was run, each result, and whether it was cut short.
///
/// This is what the results stream (`--json`) holds, and what every report is made from.
public struct RunSummary: Sendable, Hashable {
    public var header: RunHeader
    /// Sorted by case id, then profile.
    public var results: [CaseResult]
    /// The run was stopped (SIGINT, SIGTERM, ``RunControl/interrupt()``) before every run was made.
    public var interrupted: Bool

    public init(header: RunHeader, results: [CaseResult], interrupted: Bool = false) {
        self.header = header
        self.results = results
        self.interrupted = interrupted
    }

    public var passedCount: Int { results.count(where: { $0.status == .passed }) }
    /// Failed runs, errors included.
    public var failedCount: Int { results.count(where: { $0.status == .failed || $0.status == .error }) }
    public var skippedCount: Int { results.count(where: { $0.status == .skipped }) }

    /// Every selected run passed or was skipped, and the run was not interrupted.
    public var succeeded: Bool { failedCount == 0 && !interrupted }

    /// The process exit code: 0 when ``succeeded``, otherwise 1.
    public var exitCode: Int32 { succeeded ? 0 : 1 }

    /// `N passed, N failed, N skipped`: errors count as failed.
    public var totalsLine: String {
        "\(passedCount) passed, \(failedCount) failed, \(skippedCount) skipped"
    }
}
