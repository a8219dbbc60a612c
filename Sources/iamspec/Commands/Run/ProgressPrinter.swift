import Foundation
import IAMSpec
import IAMSpecRunner
import Synchronization

/// Prints a progress line on standard error for each finished run.
///
/// On a terminal the line is rewritten in place and cleared at the end; otherwise each run gets
/// its own line. ``record(_:)`` is the run's progress callback, called on the thread that runs
/// the suite, one result at a time; the count is in a `Mutex` all the same, so the printer can
/// be shared with that `@Sendable` callback.
final class ProgressPrinter: Sendable {
    private let report: ConsoleReport
    private let total: Int
    private let overwrites: Bool
    private let completed = Mutex(0)

    init(report: ConsoleReport, total: Int, overwrites: Bool) {
        self.report = report
        self.total = total
        self.overwrites = overwrites
    }

    func record(_ result: CaseResult) {
        let count = completed.withLock { count in
            count += 1
            return count
        }
        let line = report.progressLine(for: result, completed: count, total: total)
        FileHandle.standardError.write(Data((overwrites ? "\r\u{1B}[K\(line)" : "\(line)\n").utf8))
    }

    /// Clears the rewritten line, so the report starts on a clean line.
    func finish() {
        if overwrites && completed.withLock({ $0 }) > 0 {
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        }
    }
}
