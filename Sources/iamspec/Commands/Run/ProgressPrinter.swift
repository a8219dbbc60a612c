import IAMSpec
import IAMSpecRunner

/// Prints progress on standard error as runs finish.
///
/// ``record(_:)`` is the run's progress callback, called on the thread that runs the suite with
/// the results that finished since the last call. On a terminal one line is rewritten in place,
/// once per batch, and cleared at the end. Off a terminal (a CI log) each failed or errored run
/// gets a line as it finishes, and a line of counts comes as `ProgressCadence` says (a tenth of
/// the runs more, or 10 s of wall time since the last), a batch's lines in one write: about ten
/// lines for a suite, not one per run.
///
/// Thread-safety: none; called on the run's thread only.
final class ProgressPrinter {
    private let report: ConsoleReport
    private let total: Int
    private let overwrites: Bool
    private var completed = 0
    private var passed = 0
    private var failed = 0
    private var skipped = 0
    private var cadence: ProgressCadence
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant

    init(report: ConsoleReport, total: Int, overwrites: Bool) {
        self.report = report
        self.total = total
        self.overwrites = overwrites
        cadence = ProgressCadence(total: total)
        started = clock.now
    }

    func record(_ batch: [CaseResult]) {
        guard !batch.isEmpty else { return }
        if overwrites {
            completed += batch.count
            let line = report.progressLine(for: batch[batch.count - 1], completed: completed, total: total)
            StandardError.write(Array("\r\u{1B}[K\(line)".utf8))
            return
        }
        var bytes: [UInt8] = []
        for index in batch.indices {
            completed += 1
            switch batch[index].status {
            case .passed: passed += 1
            case .skipped: skipped += 1
            case .failed, .error:
                failed += 1
                report.appendProgressLine(
                    caseID: batch[index].caseID,
                    profile: batch[index].profile,
                    status: batch[index].status,
                    completed: completed,
                    total: total,
                    to: &bytes
                )
                bytes.append(UInt8(ascii: "\n"))
            }
            let elapsed = clock.now - started
            if cadence.lineIsDue(completed: completed, elapsed: elapsed) {
                let line = report.progressSummaryLine(
                    completed: completed,
                    total: total,
                    passed: passed,
                    failed: failed,
                    skipped: skipped,
                    elapsed: elapsed
                )
                bytes += Array((line + "\n").utf8)
            }
        }
        if !bytes.isEmpty {
            StandardError.write(bytes)
        }
    }

    /// Clears the rewritten line, so the report starts on a clean line.
    func finish() {
        if overwrites && completed > 0 {
            StandardError.write(Array("\r\u{1B}[K".utf8))
        }
    }
}
