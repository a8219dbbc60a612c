import IAMSpec
import IAMSpecRunner

/// Prints progress on standard error as runs finish: a line per run, written a batch at a time.
///
/// ``record(_:)`` is the run's progress callback, called on the thread that runs the suite with
/// the results that finished since the last call. Off a terminal each run gets its own line, and
/// a batch's lines go out in one write; on a terminal one line is rewritten in place, once per
/// batch, and cleared at the end.
///
/// Thread-safety: none; called on the run's thread only.
final class ProgressPrinter {
    private let report: ConsoleReport
    private let total: Int
    private let overwrites: Bool
    private var completed = 0

    init(report: ConsoleReport, total: Int, overwrites: Bool) {
        self.report = report
        self.total = total
        self.overwrites = overwrites
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
        bytes.reserveCapacity(batch.count * 64)
        for index in batch.indices {
            completed += 1
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
        StandardError.write(bytes)
    }

    /// Clears the rewritten line, so the report starts on a clean line.
    func finish() {
        if overwrites && completed > 0 {
            StandardError.write(Array("\r\u{1B}[K".utf8))
        }
    }
}
