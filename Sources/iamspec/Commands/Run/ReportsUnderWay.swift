import Dispatch
import IAMSpecPlatform
import Synchronization

/// Whether `iamspec run` holds reports of runs made that are not written yet: from the moment its
/// reports are started (before the first run) until they are put in place. A second interrupt
/// signal waits for them (``waitUntilWritten()``) before it ends the process, so that no signal,
/// a CI runner's SIGINT then SIGTERM included, loses the report of a run already made; the first
/// signal has already cut short whatever could hold them up (runs, the explanation's child, the
/// experiments, a FIFO's reader).
///
/// Thread-safety: every member may be called from any thread (the state is in a `Mutex`).
enum ReportsUnderWay {
    private static let isUnderWay = Mutex(false)
    private static let quitAsked = Mutex(false)
    /// Signalled once the reports are written; each waiter signals it again for the next.
    private static let written = DispatchSemaphore(value: 0)

    /// The reports are started: from now on a second signal waits for them.
    static func begin() {
        isUnderWay.withLock { $0 = true }
    }

    /// The reports are written (or given up): a second signal waiting for them goes on.
    static func end() {
        let wasUnderWay = isUnderWay.withLock { underWay in
            defer { underWay = false }
            return underWay
        }
        if wasUnderWay { written.signal() }
    }

    /// Whether reports of runs are being made and not yet written.
    static var areUnderWay: Bool { isUnderWay.withLock { $0 } }

    /// Whether a second signal asked to quit: the run then ends with status 130 once its reports
    /// are written, whichever thread ends it.
    static var wasQuitAsked: Bool { quitAsked.withLock { $0 } }

    /// Returns once no report is under way (at once when none is), the quit asked for.
    static func waitUntilWritten() {
        quitAsked.withLock { $0 = true }
        guard areUnderWay else { return }
        written.wait()
        written.signal()
    }
}
