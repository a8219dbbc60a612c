import Foundation
import IAMSpec
import IAMSpecRunner

/// Prints a progress line on standard error for each finished run.
///
/// On a terminal the line is rewritten in place and cleared at the end; otherwise each run gets
/// its own line. Thread-safety: ``record(_:)`` is called from worker threads; a lock guards the
/// count and the writes.
final class ProgressPrinter: @unchecked Sendable {
    private let report: ConsoleReport
    private let total: Int
    private let overwrites: Bool
    private let lock = NSLock()
    private var completed = 0

    init(report: ConsoleReport, total: Int, overwrites: Bool) {
        self.report = report
        self.total = total
        self.overwrites = overwrites
    }

    func record(_ result: CaseResult) {
        lock.withLock {
            completed += 1
            let line = report.progressLine(for: result, completed: completed, total: total)
            let text = overwrites ? "\r\u{1B}[K\(line)" : "\(line)\n"
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// Clears the rewritten line, so the report starts on a clean line.
    func finish() {
        lock.withLock {
            if overwrites && completed > 0 {
                FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            }
        }
    }
}
