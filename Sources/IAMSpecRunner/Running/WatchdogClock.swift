import Dispatch

/// The watchdog's time: when a run started, when it is overdue, and how the watchdog sleeps
/// until then. A run is timed by ``MonotonicClock``; a test can give a clock that moves only
/// when it says, so that no run overruns by the machine's load alone.
protocol WatchdogClock: Sendable {
    /// The time now, from an origin of the clock's own.
    var now: Duration { get }

    /// Returns once the clock reaches `deadline` or `wake` is signalled, whichever comes first.
    func sleep(until deadline: Duration, orUntil wake: DispatchSemaphore)

    /// Returns once the clock reaches `deadline` or `wake` is signalled, or earlier: the watchdog
    /// lets results gather so.
    func pause(until deadline: Duration, orUntil wake: DispatchSemaphore)
}

/// The system's monotonic clock, which a run's timeout is measured on.
struct MonotonicClock: WatchdogClock {
    var now: Duration {
        .nanoseconds(DispatchTime.now().uptimeNanoseconds)
    }

    func sleep(until deadline: Duration, orUntil wake: DispatchSemaphore) {
        let (seconds, attoseconds) = deadline.components
        let nanoseconds = max(1, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        _ = wake.wait(timeout: DispatchTime(uptimeNanoseconds: UInt64(nanoseconds)))
    }

    func pause(until deadline: Duration, orUntil wake: DispatchSemaphore) {
        sleep(until: deadline, orUntil: wake)
    }
}
