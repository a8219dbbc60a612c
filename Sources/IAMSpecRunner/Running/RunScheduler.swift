import Foundation
import IAMSpec

/// Runs case runs on `jobs` worker threads under a wall-clock watchdog.
///
/// Each worker takes the next run from a shared index, makes a fresh engine for it, and runs it;
/// workers live for the whole run, so a case costs no thread start. The calling thread is the
/// watchdog: it sleeps until the nearest deadline (or until every run has a result, or the run is
/// interrupted). A run that overruns its timeout is reported as an error at once and its worker
/// is replaced: the overdue engine is interrupted when it is an ``InterruptibleEngine``, otherwise
/// its thread is abandoned, and whatever it returns later is ignored. The results come back in
/// the order of the runs given (``RunSelection/runs(of:)`` sorts them by case id, then profile),
/// whatever the completion order.
///
/// Progress is reported by the calling thread, not the workers: a worker only queues its result,
/// and the watchdog hands the queue to `progress` at least every ``progressInterval``, so a worker
/// never waits on another's output. Every result has been handed to `progress` when
/// ``execute(_:control:)`` returns.
///
/// Thread-safety: all mutable state is guarded by `condition`; `progress` is called on the
/// calling thread only, outside the lock.
final class RunScheduler: @unchecked Sendable {
    private let executor: CaseExecutor
    private let jobs: Int
    private let timeout: Duration
    private let progress: (@Sendable (CaseResult) -> Void)?
    private let clock = ContinuousClock()
    private let condition = NSCondition()

    /// How long a finished run may wait before the watchdog passes it to `progress`.
    static let progressInterval = Duration.milliseconds(50)

    // Guarded by `condition`.
    private var runs: [CaseRun] = []
    /// The indices of `runs` in the order workers take them (see ``dispatchOrder(_:)``).
    private var order: [Int] = []
    private var next = 0
    private var running: [Int: RunningSlot] = [:]
    private var results: [Int: CaseResult] = [:]
    /// Results not yet handed to `progress`, in completion order.
    private var unreported: [CaseResult] = []
    private var interrupted = false

    private struct RunningSlot {
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

    /// Runs them all (or until `control` interrupts); returns the results in the order of `runs`
    /// (an interrupted run leaves out the runs never started) and whether it was interrupted.
    func execute(_ runs: [CaseRun], control: RunControl) -> (results: [CaseResult], interrupted: Bool) {
        condition.withLock {
            self.runs = runs
            order = Self.dispatchOrder(runs)
        }
        let token = control.onInterrupt { [self] in
            condition.withLock {
                interrupted = true
                condition.broadcast()
            }
        }
        defer { control.removeHandler(token) }
        for _ in 0..<min(jobs, runs.count) {
            startWorker()
        }
        condition.lock()
        while true {
            reportQueued()
            if interrupted {
                let engines = abandonRunning(kind: "interrupted", message: "interrupted before it finished")
                condition.unlock()
                for engine in engines {
                    engine.interrupt()
                }
                condition.lock()
                break
            }
            if results.count == runs.count {
                break
            }
            let overdue = expireOverdue()
            if !overdue.isEmpty {
                condition.unlock()
                for engine in overdue {
                    engine?.interrupt()
                    startWorker()
                }
                condition.lock()
                continue
            }
            // A run started later has a later deadline, so sleeping until the nearest one known
            // now (or one timeout from now, when nothing runs) never misses a deadline.
            var wake = running.values.map(\.deadline).min() ?? clock.now.advanced(by: timeout)
            if progress != nil {
                wake = min(wake, clock.now.advanced(by: Self.progressInterval))
            }
            _ = condition.wait(until: Date(timeIntervalSinceNow: clock.now.duration(to: wake).timeInterval))
        }
        reportQueued()
        let ordered = runs.indices.compactMap { results[$0] }
        let wasInterrupted = interrupted
        condition.unlock()
        return (ordered, interrupted: wasInterrupted)
    }

    /// Profile by profile, so that workers running at the same time work on different cases: the
    /// runs of one case share its storage, and two threads using the same objects at once slow
    /// each other down on their reference counts.
    private static func dispatchOrder(_ runs: [CaseRun]) -> [Int] {
        runs.indices.sorted { (runs[$0].profile, $0) < (runs[$1].profile, $1) }
    }

    private func startWorker() {
        let thread = Thread { [self] in work() }
        thread.name = "iamspec worker"
        thread.start()
    }

    /// A worker: runs the next case run until none is left, the run is interrupted, or its own
    /// run was given up as overdue (a replacement worker has taken its place then).
    private func work() {
        while let (index, run) = takeNextRun() {
            let result = executor.execute(run) { engine in
                self.engineMade(engine, index: index)
            }
            guard record(result, index: index) else { return }
        }
    }

    private func takeNextRun() -> (Int, CaseRun)? {
        condition.withLock {
            guard !interrupted, next < order.count else { return nil }
            let index = order[next]
            next += 1
            let now = clock.now
            running[index] = RunningSlot(deadline: now.advanced(by: timeout), started: now)
            return (index, runs[index])
        }
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

    /// Keeps the result of a run still in time and queues it for `progress`; false when the run
    /// was already given up (overdue or interrupted), so the worker must stop.
    private func record(_ result: CaseResult, index: Int) -> Bool {
        condition.withLock {
            guard running.removeValue(forKey: index) != nil else { return false }
            results[index] = result
            if progress != nil { unreported.append(result) }
            if results.count == runs.count { condition.broadcast() }
            return true
        }
    }

    /// Hands the queued results to `progress`, outside the lock. Called by the watchdog with
    /// the lock held; returns with it held.
    private func reportQueued() {
        guard let progress, !unreported.isEmpty else { return }
        let batch = unreported
        unreported.removeAll(keepingCapacity: true)
        condition.unlock()
        for result in batch {
            progress(result)
        }
        condition.lock()
    }

    /// Gives up every overdue run: records it as timed out, queues it for `progress`, and frees
    /// its slot; returns, per overdue run, the engine to interrupt (nil when it is not
    /// interruptible). Called with the lock held.
    private func expireOverdue() -> [(any InterruptibleEngine)?] {
        let now = clock.now
        var overdue: [(any InterruptibleEngine)?] = []
        for (index, slot) in running where slot.deadline <= now {
            running[index] = nil
            let result = executor.unfinished(
                runs[index],
                kind: "timeout",
                message: "timed out after \(Self.secondsText(timeout)) s",
                milliseconds: slot.started.duration(to: now).wholeMilliseconds
            )
            results[index] = result
            if progress != nil { unreported.append(result) }
            overdue.append(slot.engine)
        }
        return overdue
    }

    /// Reports every running run as an error and frees all slots; returns the engines to
    /// interrupt. Called with the lock held.
    private func abandonRunning(kind: String, message: String) -> [any InterruptibleEngine] {
        let now = clock.now
        var engines: [any InterruptibleEngine] = []
        for (index, slot) in running {
            results[index] = executor.unfinished(
                runs[index],
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
