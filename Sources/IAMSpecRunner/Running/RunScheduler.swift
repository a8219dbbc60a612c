import Dispatch
import Foundation
import IAMSpec
import Synchronization

/// Runs case runs on `jobs` worker threads under a watchdog.
///
/// Each worker takes the next run from a shared index, makes a fresh engine for it, and runs it;
/// workers live for the whole run, so a case costs no thread start. The calling thread is the
/// watchdog: it sleeps until the nearest deadline on its ``WatchdogClock``, or until a worker or
/// an interruption wakes it. A run that overruns its timeout is reported as an error at once and
/// its worker is replaced: the overdue engine is interrupted when it is an
/// ``InterruptibleEngine``, otherwise its thread is abandoned, and whatever it returns later is
/// ignored. The results come back in the order of the runs given (``RunSelection/runs(of:)``
/// sorts them by case id, then profile), whatever the completion order.
///
/// Progress is reported by the calling thread, not the workers: a worker only queues its result
/// and wakes the watchdog, which hands the queue to `progress`, so a worker never waits on
/// another's output. Every result, a timed-out or interrupted run's too, has been handed to
/// `progress` when ``execute(_:control:)`` returns.
///
/// Thread-safety: the mutable state is in a `Mutex`; `progress` is called on the calling thread
/// only, outside the lock.
final class RunScheduler: Sendable {
    private let executor: CaseExecutor
    private let jobs: Int
    private let timeout: Duration
    private let progress: (@Sendable (CaseResult) -> Void)?
    private let clock: any WatchdogClock
    private let state = Mutex(State())
    /// Signalled when the watchdog has something to do: a result to report, every run done, or
    /// an interruption.
    private let wake = DispatchSemaphore(value: 0)

    private struct State {
        var runs: [CaseRun] = []
        /// The indices of `runs` in the order workers take them (see ``dispatchOrder(_:)``).
        var order: [Int] = []
        var next = 0
        var running: [Int: RunningSlot] = [:]
        var results: [Int: CaseResult] = [:]
        /// Results not yet handed to `progress`, in completion order.
        var unreported: [CaseResult] = []
        var interrupted = false
    }

    private struct RunningSlot {
        var deadline: Duration
        var started: Duration
        var engine: (any InterruptibleEngine)?
    }

    /// What the watchdog does next, decided under the lock and done outside it.
    private enum WatchdogStep {
        /// Every run has a result, or the run was interrupted: interrupt these engines, and stop.
        case finish(interrupting: [any InterruptibleEngine])
        /// Runs overran: interrupt each engine that can be, and start a worker in each one's place.
        case replace(overdue: [(any InterruptibleEngine)?])
        /// Nothing to do before this time on the clock, unless woken.
        case sleep(until: Duration)
    }

    init(
        executor: CaseExecutor,
        jobs: Int,
        timeout: Duration,
        clock: any WatchdogClock,
        progress: (@Sendable (CaseResult) -> Void)?
    ) {
        self.executor = executor
        self.jobs = max(1, jobs)
        self.timeout = timeout
        self.clock = clock
        self.progress = progress
    }

    /// Runs them all (or until `control` interrupts); returns the results in the order of `runs`
    /// (an interrupted run leaves out the runs never started) and whether it was interrupted.
    func execute(_ runs: [CaseRun], control: RunControl) -> (results: [CaseResult], interrupted: Bool) {
        state.withLock { state in
            state.runs = runs
            state.order = Self.dispatchOrder(runs)
        }
        let token = control.onInterrupt { [self] in
            state.withLock { $0.interrupted = true }
            wake.signal()
        }
        defer { control.removeHandler(token) }
        for _ in 0..<min(jobs, runs.count) {
            startWorker()
        }
        watch: while true {
            let (step, batch) = state.withLock { state in
                let step = nextStep(&state)
                defer { state.unreported.removeAll(keepingCapacity: true) }
                return (step, state.unreported)
            }
            for result in batch {
                progress?(result)
            }
            switch step {
            case .finish(let engines):
                for engine in engines {
                    engine.interrupt()
                }
                break watch
            case .replace(let overdue):
                for engine in overdue {
                    engine?.interrupt()
                    startWorker()
                }
            case .sleep(let deadline):
                clock.sleep(until: deadline, orUntil: wake)
            }
        }
        return state.withLock { state in
            (results: runs.indices.compactMap { state.results[$0] }, interrupted: state.interrupted)
        }
    }

    /// Profile by profile, so that workers running at the same time work on different cases: the
    /// runs of one case share its storage, and two threads using the same objects at once slow
    /// each other down on their reference counts.
    private static func dispatchOrder(_ runs: [CaseRun]) -> [Int] {
        runs.indices.sorted { (runs[$0].profile, $0) < (runs[$1].profile, $1) }
    }

    /// Decides the watchdog's next step; gives up the runs it must (queuing their results).
    private func nextStep(_ state: inout State) -> WatchdogStep {
        if state.interrupted {
            return .finish(interrupting: abandonRunning(&state))
        }
        if state.results.count == state.runs.count {
            return .finish(interrupting: [])
        }
        let now = clock.now
        let overdue = expireOverdue(&state, now: now)
        if !overdue.isEmpty {
            return .replace(overdue: overdue)
        }
        // A run started later has a later deadline, so sleeping until the nearest one known now
        // (or one timeout from now, when nothing runs) never misses a deadline.
        return .sleep(until: state.running.values.map(\.deadline).min() ?? now + timeout)
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
        let now = clock.now
        return state.withLock { state in
            guard !state.interrupted, state.next < state.order.count else { return nil }
            let index = state.order[state.next]
            state.next += 1
            state.running[index] = RunningSlot(deadline: now + timeout, started: now)
            return (index, state.runs[index])
        }
    }

    private func engineMade(_ engine: any DeliveryEngine, index: Int) {
        guard let interruptible = engine as? any InterruptibleEngine else { return }
        let stillRunning = state.withLock { state in
            guard state.running[index] != nil else { return false }
            state.running[index]?.engine = interruptible
            return true
        }
        if !stillRunning {
            interruptible.interrupt()
        }
    }

    /// Keeps the result of a run still in time, queues it for `progress` and wakes the watchdog
    /// when it has something to do; false when the run was already given up (overdue or
    /// interrupted), so the worker must stop.
    private func record(_ result: CaseResult, index: Int) -> Bool {
        let (kept, wakesWatchdog) = state.withLock { state in
            guard state.running.removeValue(forKey: index) != nil else { return (false, false) }
            state.results[index] = result
            if progress != nil { state.unreported.append(result) }
            return (true, progress != nil || state.results.count == state.runs.count)
        }
        if wakesWatchdog {
            wake.signal()
        }
        return kept
    }

    /// Gives up every overdue run: records it as timed out, queues it for `progress`, and frees
    /// its slot; returns, per overdue run, the engine to interrupt (nil when it is not
    /// interruptible).
    private func expireOverdue(_ state: inout State, now: Duration) -> [(any InterruptibleEngine)?] {
        var overdue: [(any InterruptibleEngine)?] = []
        for (index, slot) in state.running where slot.deadline <= now {
            state.running[index] = nil
            giveUp(
                index,
                as: .timeout,
                message: "timed out after \(Self.secondsText(timeout)) s",
                after: now - slot.started,
                diagnostics: slot.engine?.diagnostics ?? "",
                in: &state
            )
            overdue.append(slot.engine)
        }
        return overdue
    }

    /// Gives up every running run as interrupted, queuing each for `progress`, and frees all
    /// slots; returns the engines to interrupt.
    private func abandonRunning(_ state: inout State) -> [any InterruptibleEngine] {
        let now = clock.now
        var engines: [any InterruptibleEngine] = []
        for (index, slot) in state.running {
            giveUp(
                index,
                as: .interrupted,
                message: "interrupted before it finished",
                after: now - slot.started,
                diagnostics: slot.engine?.diagnostics ?? "",
                in: &state
            )
            engines += slot.engine.map { [$0] } ?? []
        }
        state.running = [:]
        return engines
    }

    /// Records the run at `index` as an error that did not finish, and queues it for `progress`.
    private func giveUp(
        _ index: Int,
        as kind: CaseResult.Kind,
        message: String,
        after elapsed: Duration,
        diagnostics: String,
        in state: inout State
    ) {
        let result = executor.unfinished(
            state.runs[index],
            kind: kind,
            message: message,
            milliseconds: elapsed.wholeMilliseconds,
            diagnostics: diagnostics
        )
        state.results[index] = result
        if progress != nil { state.unreported.append(result) }
    }

    private static func secondsText(_ duration: Duration) -> String {
        VirtualTime(milliseconds: duration.wholeMilliseconds).description
    }
}
