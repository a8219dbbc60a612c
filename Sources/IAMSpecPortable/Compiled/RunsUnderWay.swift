import Dispatch
import IAMSpec

/// The runs of compiled suites that this process's tests have begun and not finished, with the
/// results the other runs of their suites recorded: what a process that ends in the middle of a
/// suite (an engine that calls `exit`, a crash handler that exits) leaves unfinished.
///
/// Kept on a serial queue, not in an actor, so that an `atexit` handler can read it
/// (IAMSpecPortableTesting's exit check): a test process whose runs all finished, or that ran a
/// selection of the runs, leaves nothing under way. (A queue rather than Foundation's lock: the
/// tool links this module, and Foundation would cost every command its start-up.)
package final class RunsUnderWay: @unchecked Sendable {
    /// The process's one registry. `@unchecked Sendable`: every stored property is read and
    /// written on `queue` alone.
    package static let shared = RunsUnderWay()

    /// One suite's runs on one engine, as recorded so far.
    private struct Recording {
        var header: RunHeader
        var count: Int
        var underWay: [String: Int] = [:]
        var results: [Int: CaseResult] = [:]
    }

    private let queue = DispatchQueue(label: "iamspec.runs-under-way")
    private var recordings: [String: Recording] = [:]
    /// Whether runs are recorded: only once a check reads them (``enable()``), so that a run
    /// made otherwise (`iamspec run-compiled`) keeps no second copy of its results.
    private var isEnabled = false

    private init() {}

    /// From now on, runs are recorded: the exit check that reads them is armed.
    package func enable() {
        queue.sync { isEnabled = true }
    }

    /// A run of a suite of `count` runs begins, `key` naming the suite and engine.
    package func begin(_ run: PortableRun, key: String, count: Int, header: () -> RunHeader) {
        queue.sync {
            guard isEnabled else { return }
            var recording = recordings[key] ?? Recording(header: header(), count: count)
            recording.underWay[run.description, default: 0] += 1
            recordings[key] = recording
        }
    }

    /// The run ended with `result`; once the suite's runs all have a result, it is forgotten.
    package func end(_ run: PortableRun, key: String, result: CaseResult) {
        queue.sync {
            guard var recording = recordings[key] else { return }
            if let count = recording.underWay[run.description], count > 1 {
                recording.underWay[run.description] = count - 1
            } else {
                recording.underWay[run.description] = nil
            }
            recording.results[run.index] = result
            let finished = recording.results.count == recording.count && recording.underWay.isEmpty
            recordings[key] = finished ? nil : recording
        }
    }

    /// The runs under way, sorted, and a summary per suite that has one, its results so far in
    /// report order, marked interrupted with the runs it did not make counted as not run; nothing
    /// when no run is under way.
    package func unfinished() -> (runs: [String], summaries: [RunSummary]) {
        queue.sync {
            let active = recordings.values.filter { !$0.underWay.isEmpty }
            let runs = active.flatMap(\.underWay.keys).sorted()
            let summaries = active.map { recording in
                RunSummary(
                    header: recording.header,
                    results: recording.results.sorted { $0.key < $1.key }.map(\.value),
                    interrupted: true,
                    notRun: recording.count - recording.results.count
                )
            }
            return (runs, summaries)
        }
    }
}
