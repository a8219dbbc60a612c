import Foundation

/// Runs case runs on worker threads, at most `jobs` at a time, under a wall-clock watchdog.
///
/// Each run gets its own thread and a fresh engine. The calling thread coordinates: it starts
/// runs while a slot is free, and wakes at each deadline. A run that overruns its timeout is
/// reported as an error at once and its slot is freed: its engine is interrupted when it is an
/// ``InterruptibleEngine``, otherwise its thread is abandoned and whatever it returns later is
/// ignored. The results come back sorted by case id, then profile, whatever the completion order.
///
/// Thread-safety: all mutable state is guarded by `condition`; workers only call `engineMade`
/// and `finish`, which take it. `progress` is called with the lock held, so one call at a time,
/// and every call has returned when ``execute(_:control:)`` returns.
final class RunScheduler: @unchecked Sendable {
    private let executor: CaseExecutor
    private let jobs: Int
    private let timeout: Duration
    private let progress: (@Sendable (CaseResult) -> Void)?
    private let clock = ContinuousClock()
    private let condition = NSCondition()
    private var running: [Int: RunningSlot] = [:]
    private var results: [Int: CaseResult] = [:]
    private var interrupted = false

    private struct RunningSlot {
        var run: CaseRun
        var deadline: ContinuousClock.Instant
        var started: ContinuousClock.Instant
        var engine: (any InterruptibleEngine)?
    }

    init(executor: CaseExecutor, jobs: Int, timeout: Duration, progress: (@Sendable (CaseResult) -> Void)?) {
        self.executor = executor
        self.jobs = max(1, jobs)
        self.timeout = timeout
        self.progress = progress
    }

    /// Runs them all (or until `control` interrupts); returns the results in report order and
    /// whether the run was interrupted.
    func execute(_ runs: [CaseRun], control: RunControl) -> (results: [CaseResult], interrupted: Bool) {
        let token = control.onInterrupt { [self] in
            condition.withLock {
                interrupted = true
                condition.broadcast()
            }
        }
        defer { control.removeHandler(token) }
        var next = 0
        condition.lock()
        while true {
            if interrupted {
                let engines = abandonAll(kind: "interrupted", message: "interrupted before it finished")
                condition.unlock()
                for engine in engines {
                    engine.interrupt()
                }
                break
            }
            while next < runs.count && running.count < jobs {
                start(runs[next], index: next)
                next += 1
            }
            if next == runs.count && running.isEmpty {
                condition.unlock()
                break
            }
            let expired = expireOverdue()
            if !expired.isEmpty {
                condition.unlock()
                for engine in expired {
                    engine.interrupt()
                }
                condition.lock()
                continue
            }
            if let nearest = running.values.map(\.deadline).min() {
                let wait = clock.now.duration(to: nearest)
                _ = condition.wait(until: Date(timeIntervalSinceNow: wait.timeInterval))
            }
        }
        let ordered = condition.withLock { results.values.sorted(by: Self.precedes) }
        return (ordered, interrupted: condition.withLock { interrupted })
    }

    private static func precedes(_ lhs: CaseResult, _ rhs: CaseResult) -> Bool {
        (lhs.caseID, lhs.profile.rawValue) < (rhs.caseID, rhs.profile.rawValue)
    }

    /// Starts a worker thread for the run. Called with the lock held.
    private func start(_ run: CaseRun, index: Int) {
        let now = clock.now
        running[index] = RunningSlot(run: run, deadline: now.advanced(by: timeout), started: now)
        let executor = executor
        let thread = Thread { [self] in
            let result = executor.execute(run) { engine in
                self.engineMade(engine, index: index)
            }
            self.finish(result, index: index)
        }
        thread.name = "iamspec \(run.specCase.id) [\(run.profile.rawValue)]"
        thread.start()
    }

    private func engineMade(_ engine: any DeliveryEngine, index: Int) {
        guard let interruptible = engine as? any InterruptibleEngine else { return }
        let stillRunning = condition.withLock {
            guard running[index] != nil else { return false }
            running[index]?.engine = interruptible
            return true
        }
        if !stillRunning {
            interruptible.interrupt()
        }
    }

    private func finish(_ result: CaseResult, index: Int) {
        condition.withLock {
            guard running.removeValue(forKey: index) != nil else { return }
            results[index] = result
            progress?(result)
            condition.broadcast()
        }
    }

    /// Reports every overdue run as timed out and frees its slot; returns the engines to
    /// interrupt. Called with the lock held.
    private func expireOverdue() -> [any InterruptibleEngine] {
        let now = clock.now
        var engines: [any InterruptibleEngine] = []
        for (index, slot) in running where slot.deadline <= now {
            running[index] = nil
            let result = executor.unfinished(
                slot.run,
                kind: "timeout",
                message: "timed out after \(Self.secondsText(timeout)) s",
                milliseconds: slot.started.duration(to: now).wholeMilliseconds
            )
            results[index] = result
            progress?(result)
            engines += slot.engine.map { [$0] } ?? []
        }
        return engines
    }

    /// Reports every running run as an error and frees all slots; returns the engines to
    /// interrupt. Called with the lock held.
    private func abandonAll(kind: String, message: String) -> [any InterruptibleEngine] {
        let now = clock.now
        var engines: [any InterruptibleEngine] = []
        for (index, slot) in running {
            results[index] = executor.unfinished(
                slot.run,
                kind: kind,
                message: message,
                milliseconds: slot.started.duration(to: now).wholeMilliseconds
            )
            engines += slot.engine.map { [$0] } ?? []
        }
        running = [:]
        return engines
    }

    private static func secondsText(_ duration: Duration) -> String {
        VirtualTime(milliseconds: duration.wholeMilliseconds).description
    }
}

extension Duration {
    /// The duration as a Foundation time interval (seconds).
    fileprivate var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
