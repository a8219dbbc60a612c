import Dispatch
import Synchronization

@testable import IAMSpecRunner

/// A watchdog clock that stands still until a test advances it: a run overruns its timeout when
/// the test says, never because the machine is busy.
final class ManualWatchdogClock: WatchdogClock {
    private struct State {
        var now = Duration.zero
        /// The semaphores of watchdogs asleep until a deadline, to signal when time moves.
        var sleepers: [DispatchSemaphore] = []
    }

    private let state = Mutex(State())

    var now: Duration {
        state.withLock { $0.now }
    }

    /// Moves the clock on, and wakes every watchdog asleep on it to look at its deadlines.
    func advance(by duration: Duration) {
        let sleepers = state.withLock { state in
            state.now += duration
            defer { state.sleepers = [] }
            return state.sleepers
        }
        for sleeper in sleepers {
            sleeper.signal()
        }
    }

    func sleep(until deadline: Duration, orUntil wake: DispatchSemaphore) {
        let isDue = state.withLock { state in
            guard state.now < deadline else { return true }
            state.sleepers.append(wake)
            return false
        }
        if !isDue {
            wake.wait()
        }
    }

    /// Returns at once: results are handed on as soon as they come, whatever the time.
    func pause(until deadline: Duration, orUntil wake: DispatchSemaphore) {}
}
