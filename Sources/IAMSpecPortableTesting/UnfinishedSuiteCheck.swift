import Foundation
import IAMSpecPortable

/// Makes a test process that ends in the middle of a compiled suite fail loudly.
///
/// An engine that calls `exit(0)` (or a crash handler that exits) ends the whole test process:
/// `swift test` would exit 0 with no summary, and CI would read green. Once a run of a suite
/// begins, an `atexit` handler checks, as the process ends, whether any run is under way
/// (`RunsUnderWay`): a test process whose runs all finished, or that ran a selection of them,
/// has none. If one is, the handler says so on standard error, writes the results stream
/// (`IAMSPEC_RESULTS`) of what was recorded, marked interrupted with the runs not made counted,
/// and ends the process with status 1. A process killed by a signal runs no handler: that is
/// the test runner's to report (a signal's status).
enum UnfinishedSuiteCheck {
    /// Registers the handler, once per process.
    static func arm() {
        _ = registration
    }

    private static let registration: Void = {
        RunsUnderWay.shared.enable()
        atexit {
            let (runs, summaries) = RunsUnderWay.shared.unfinished()
            guard let summary = summaries.first else { return }
            let shown = runs.prefix(3).joined(separator: ", ") + (runs.count > 3 ? ", ..." : "")
            let recorded = summary.results.count
            let total = recorded + summary.notRun
            var message = "iamspec: error: the process is ending while \(shown) "
            message += runs.count == 1 ? "is under way" : "are under way"
            message += ": the engine (or a handler of the test process) ended it before the suite finished; "
            message += "\(recorded) of \(total) runs had a result, and the results are incomplete\n"
            if let problem = ResultsStreamFile.write(ResultsStream.encode(summary)) {
                message += problem + "\n"
            }
            FileHandle.standardError.write(Data(message.utf8))
            _exit(1)
        }
    }()
}
