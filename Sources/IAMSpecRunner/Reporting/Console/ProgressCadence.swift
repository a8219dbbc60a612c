/// When `iamspec run` off a terminal (a CI log) prints a line of its progress: once a tenth of the
/// runs more have finished, or once 10 s of wall time have passed since the last line (at the next
/// run that finishes), and at the last run; a failed or errored run gets a line of its own as it
/// finishes. So a suite of 490 runs prints about ten lines, not 490, and a slow one still shows
/// it is alive.
///
/// Wall time decides only when a line is printed: never a result, nor anything a report holds.
package struct ProgressCadence: Sendable {
    /// The runs of the whole run.
    package let total: Int
    /// How many more finished runs make a line due.
    package let runsPerLine: Int
    /// How much wall time makes a line due.
    package let interval: Duration
    /// Runs finished when the last line was printed.
    private var completedAtLastLine = 0
    /// When the last line was printed (or the run started), as time since the run started.
    private var lastLineAt = Duration.zero

    /// The cadence of a run of `total` runs: a line per tenth of them (at least one run), or per
    /// `interval` of wall time.
    package init(total: Int, interval: Duration = .seconds(10)) {
        self.total = total
        self.runsPerLine = max(1, (total + 9) / 10)
        self.interval = interval
    }

    /// Whether a line is due now that `completed` runs have finished, `elapsed` after the run
    /// started; when it is, it counts as printed.
    package mutating func lineIsDue(completed: Int, elapsed: Duration) -> Bool {
        let due =
            completed >= total || completed - completedAtLastLine >= runsPerLine
            || elapsed - lastLineAt >= interval
        if due {
            completedAtLastLine = completed
            lastLineAt = elapsed
        }
        return due
    }
}
