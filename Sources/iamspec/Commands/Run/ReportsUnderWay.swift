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
    /// Whether reports are under way and whether a second signal asked to quit, under one lock:
    /// a quit asked while the reports are under way is seen by the thread that ends them, so the
    /// run that said "interrupted again" always exits with status 130.
    private struct State {
        var isUnderWay = false
        var quitAsked = false
    }

    private static let state = Mutex(State())
    /// Signalled once the reports are written; each waiter signals it again for the next.
    private static let written = DispatchSemaphore(value: 0)

    /// The reports are started: from now on a second signal waits for them.
    static func begin() {
        state.withLock { $0.isUnderWay = true }
    }

    /// The reports are written (or given up): a second signal waiting for them goes on.
    static func end() {
        let wasUnderWay = state.withLock { state in
            defer { state.isUnderWay = false }
            return state.isUnderWay
        }
        if wasUnderWay { written.signal() }
    }

    /// Whether a second signal asked to quit: the run then ends with status 130 once its reports
    /// are written, whichever thread ends it.
    static var wasQuitAsked: Bool { state.withLock { $0.quitAsked } }

    /// Asks to quit; returns whether reports were under way then (they must be waited for,
    /// ``waitUntilWritten()``), in the same step, so that the thread ending them sees the quit.
    static func askToQuit() -> Bool {
        state.withLock { state in
            state.quitAsked = true
            return state.isUnderWay
        }
    }

    /// Returns once no report is under way (at once when none is); called after ``askToQuit()``.
    static func waitUntilWritten() {
        guard state.withLock({ $0.isUnderWay }) else { return }
        written.wait()
        written.signal()
    }
}
