import Dispatch
import IAMSpec
import IAMSpecPlatform
import Synchronization

/// Runs case runs on `jobs` worker threads under a watchdog, and hands the results on in the
/// order of the runs given (report order: `RunSelection.runs(of:)` sorts them by case id, then
/// profile) while the run goes on.
///
/// Each worker takes the next case, in the order of the runs, with all its runs (so two workers
/// never share one case's storage), makes a fresh engine for each run, and runs it; workers live
/// for the whole run, so a case costs no thread start. The calling thread is the watchdog: it
/// sleeps until the nearest deadline on its ``WatchdogClock``, or until a worker or an
/// interruption wakes it. A run that overruns its timeout is reported as an error at once and its
/// worker is replaced (the replacement takes the rest of that case first): the overdue engine is
/// interrupted when it is an ``InterruptibleEngine``, otherwise its thread is abandoned, and
/// whatever it returns later is ignored. Its error says what the engine was waiting for, when it
/// can tell (`AwaitingEngine`). A run whose thread will never come back (an engine in this
/// process called `exit`, which the tool refuses: ``RunControl/abandonRunOnThisThread(_:onceFound:)``)
/// is given up the same way, at once.
///
/// Results reach the caller on the calling thread only, so a worker never waits on another's
/// output: a worker queues its result, and wakes the watchdog only when it sleeps; the watchdog
/// hands what gathered to `progress` (completion order), then each result, through a small reorder
/// window, to `deliver` (report order), and lets the next results gather for ``batchInterval`` (or
/// until a worker is held back by ``maximumUndelivered``) before it looks again. A worker is held
/// back only before it takes a new case, never between the runs of one: the earliest run not handed
/// on may be one of them, and the window moves only once it is made. Every result, a timed-out or
/// interrupted run's too, has been handed to both when ``execute(_:control:progress:deliver:)``
/// returns; the scheduler itself keeps none.
///
/// Thread-safety: the mutable state is in a `Mutex`; `progress` and `deliver` are called on the
/// calling thread only, outside the lock.
final class RunScheduler: Sendable {
    /// How long the watchdog lets finished results gather before it hands them on: it then wakes
    /// once per batch of results, not once per run.
    static let batchInterval = Duration.milliseconds(20)
    /// How far past the earliest run not yet handed to `deliver` a worker may start a case: one
    /// whose first run is this many runs or more past it waits until the watchdog has handed
    /// results on, so that a sink slower than the runs (a report writer), or one slow case, holds
    /// the run back rather than letting results pile up in memory.
    static let maximumUndelivered = 1_024
    /// A batch at least this large is handed on without a pause before the next: the watchdog is
    /// behind, not waiting for results.
    static let largeBatch = 256

    private let executor: CaseExecutor
    /// Runs not to make, with the reason they are reported skipped (``RunOptions/plannedSkip``).
    private let plannedSkip: @Sendable (CaseRun) -> String?
    /// Whether the result of a run, should it pass, carries its timeline: false when no report
    /// reads a passed run's timeline (`iamspec run` without `--json`, and without a baseline entry
    /// that could judge the run a failure). A run that does not pass always carries it.
    private let keepsTimelineWhenPassed: @Sendable (CaseRun) -> Bool
    private let jobs: Int
    private let timeout: Duration
    private let failFast: (@Sendable (CaseResult) -> Bool)?
    /// How many times each run is made (``RunOptions/repeats``).
    private let repeats: Int
    /// Counts the runs made per declared capability, and those the engine declined.
    private let capabilityTally: CapabilityWarnings?
    private let clock: any WatchdogClock
    private let state = Mutex(State())
    /// Signalled when the sleeping watchdog has something to do: a result to hand on, every run
    /// done, or an interruption.
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled once per worker held back (``maximumUndelivered``) when it may go on.
    private let drained = DispatchSemaphore(value: 0)

    private struct State {
        var runs: [CaseRun] = []
        /// The first run of the next case no worker has taken.
        var nextCase = 0
        /// Runs not started of a case whose worker was given up as overdue: the next worker
        /// takes them before a new case.
        var orphaned: [Range<Int>] = []
        var running: [Int: RunningSlot] = [:]
        /// How many runs have a result.
        var finished = 0
        /// Results not yet handed on, in completion order.
        var unreported: [CaseResult] = []
        /// The index of each run in `unreported`.
        var unreportedIndices: [Int] = []
        /// The earliest run whose result is not yet handed to `deliver`, as the watchdog last saw.
        var firstUndelivered = 0
        /// Workers waiting for the watchdog to hand results on.
        var workersHeldBack = 0
        /// The watchdog sleeps until a result comes: the next one wakes it.
        var watchdogWaits = false
        /// The watchdog pauses to let results gather: a worker held back wakes it, so that a
        /// run faster than the pause is not held back for the rest of it.
        var watchdogPauses = false
        var interrupted = false
        /// Workers given up by ``abandonRun(onThread:message:)``, to be replaced.
        var abandonedWorkers = 0
        /// A result stopped the run under `failFast`: start no more.
        var stoppedAtFirstFailure = false
        /// A case's file changed since the suite was loaded: start no more.
        var caseFileChanged: CaseFileChanged?

        /// Whether no run may start any more.
        var isStopped: Bool { interrupted || stoppedAtFirstFailure || caseFileChanged != nil }
    }

    private struct RunningSlot {
        var deadline: Duration
        var started: Duration
        /// The worker thread making the run (`pthread_self`).
        var thread: UInt
        /// The end of the run's case: the runs after it up to there are its worker's to run.
        var caseEnd: Int
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

    /// Hands results on in the order of their runs' indices, holding those that finished before
    /// an earlier run did (with `jobs` workers, a few cases' worth at most).
    private struct ReorderWindow {
        private var waiting: [Int: CaseResult] = [:]
        private var next = 0

        mutating func add(_ result: consuming CaseResult, index: Int, deliver: (CaseResult) -> Void) {
            guard index == next else {
                waiting[index] = result
                return
            }
            deliver(result)
            next += 1
            while !waiting.isEmpty, let held = waiting.removeValue(forKey: next) {
                deliver(held)
                next += 1
            }
        }

        /// The index of the earliest run whose result has not been handed on.
        var firstUndelivered: Int { next }

        /// Hands on what is held, in order: results after runs that were never started (the run
        /// was interrupted, or stopped at a failure, while a worker was between two runs of a
        /// case).
        mutating func flush(deliver: (CaseResult) -> Void) {
            for index in waiting.keys.sorted() {
                deliver(waiting[index]!)
            }
            waiting = [:]
        }
    }

    init(
        executor: CaseExecutor,
        plannedSkip: @escaping @Sendable (CaseRun) -> String? = { _ in nil },
        keepsTimelineWhenPassed: @escaping @Sendable (CaseRun) -> Bool = { _ in true },
        jobs: Int,
        timeout: Duration,
        failFast: (@Sendable (CaseResult) -> Bool)? = nil,
        repeats: Int = 1,
        capabilityTally: CapabilityWarnings? = nil,
        clock: any WatchdogClock
    ) {
        self.executor = executor
        self.plannedSkip = plannedSkip
        self.keepsTimelineWhenPassed = keepsTimelineWhenPassed
        self.jobs = max(1, jobs)
        self.timeout = timeout
        self.failFast = failFast
        self.repeats = max(1, repeats)
        self.capabilityTally = capabilityTally
        self.clock = clock
    }

    /// Runs them all (or until `control` interrupts, or, with `failFast`, until it picks a result
    /// and the runs under way have finished), handing each result to `progress` (in batches, in
    /// completion order) and to `deliver` (one by one, in the order of `runs`); returns how many
    /// runs were made (the others were never started), whether it was interrupted and whether it
    /// stopped at a failure.
    ///
    /// - Throws: ``CaseFileChanged`` when a case's file changed since the suite was loaded: no run
    ///   starts after it, and the runs under way finish first.
    func execute(
        _ runs: [CaseRun],
        control: RunControl,
        progress: ([CaseResult]) -> Void,
        deliver: (CaseResult) -> Void
    ) throws(CaseFileChanged) -> (made: Int, interrupted: Bool, stoppedAtFirstFailure: Bool) {
        state.withLock { state in
            state.runs = runs
        }
        let token = control.onInterrupt { [self] in
            state.withLock { $0.interrupted = true }
            wake.signal()
        }
        let abandonToken = control.onAbandonRun { [self] message, onceFound in
            abandonRun(onThread: Self.currentThread, message: message, onceFound: onceFound)
        }
        defer {
            control.removeHandler(token)
            control.removeHandler(abandonToken)
        }
        for _ in 0..<min(jobs, runs.count) {
            startWorker()
        }
        var window = ReorderWindow()
        // The batch taken from the state, in completion order; its storage goes back to the state
        // emptied, to be filled again.
        var results: [CaseResult] = []
        var indices: [Int] = []
        watch: while true {
            let (step, released) = state.withLock { state in
                let advanced = window.firstUndelivered > state.firstUndelivered
                state.firstUndelivered = window.firstUndelivered
                let step = nextStep(&state)
                var released = 0
                // A worker released tries to take its next case again, and may be held back again.
                if case .finish = step {
                    released = state.workersHeldBack
                } else if advanced || state.isStopped {
                    released = state.workersHeldBack
                }
                state.workersHeldBack -= released
                swap(&results, &state.unreported)
                swap(&indices, &state.unreportedIndices)
                return (step, released)
            }
            for _ in 0..<released {
                drained.signal()
            }
            let batchSize = results.count
            if !results.isEmpty {
                progress(results)
                // In completion order, each result moved out of the batch: a copy would retain
                // and release its every field.
                results.withUnsafeMutableBufferPointer { $0.reverse() }
                indices.reverse()
                while let result = results.popLast() {
                    window.add(result, index: indices.removeLast(), deliver: deliver)
                }
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
            case .sleep where batchSize >= Self.largeBatch:
                continue
            case .sleep(let deadline) where batchSize > 0:
                clock.pause(until: min(deadline, clock.now + Self.batchInterval), orUntil: wake)
            case .sleep(let deadline):
                clock.sleep(until: deadline, orUntil: wake)
            }
        }
        window.flush(deliver: deliver)
        let outcome = state.withLock { state in
            (
                made: state.finished, interrupted: state.interrupted,
                stoppedAtFirstFailure: state.stoppedAtFirstFailure, caseFileChanged: state.caseFileChanged
            )
        }
        if let changed = outcome.caseFileChanged { throw changed }
        return (outcome.made, outcome.interrupted, outcome.stoppedAtFirstFailure)
    }

    /// Decides the watchdog's next step; gives up the runs it must (queuing their results).
    private func nextStep(_ state: inout State) -> WatchdogStep {
        if state.interrupted {
            return .finish(interrupting: abandonRunning(&state))
        }
        if isFinished(state) {
            return .finish(interrupting: [])
        }
        let now = clock.now
        var overdue = expireOverdue(&state, now: now)
        overdue += Array(repeating: nil, count: state.abandonedWorkers)
        state.abandonedWorkers = 0
        if !overdue.isEmpty {
            return .replace(overdue: overdue)
        }
        state.watchdogWaits = state.unreported.isEmpty
        state.watchdogPauses = !state.unreported.isEmpty && state.unreported.count < Self.largeBatch
        // A run started later has a later deadline, so sleeping until the nearest one known now
        // (or one timeout from now, when nothing runs) never misses a deadline.
        return .sleep(until: state.running.values.map(\.deadline).min() ?? now + timeout)
    }

    private func isFinished(_ state: State) -> Bool {
        state.finished == state.runs.count
            || ((state.stoppedAtFirstFailure || state.caseFileChanged != nil) && state.running.isEmpty)
    }

    private func startWorker() {
        DetachedThread.start(named: "iamspec worker") { [self] in work() }
    }

    /// A worker: runs the next case's runs until none is left, the run is interrupted or stopped,
    /// or its own run was given up as overdue (a replacement worker has taken its place then).
    private func work() {
        var memo = CaseExecutor.Memo()
        var uninterruptibleEngineType: ObjectIdentifier?
        while let runs = takeNextCase() {
            var earlier: CaseRun?
            for index in runs {
                guard let run = begin(index, caseEnd: runs.upperBound, sharingCaseWith: earlier) else { return }
                earlier = run
                // Read once: each read of a run's case copies it (and retains what it holds).
                let specCase = run.specCase
                let planned = plannedSkip(run)
                let result = executor.execute(
                    specCase,
                    profile: run.profile,
                    repeats: repeats,
                    plannedSkip: planned,
                    keepsTimelineWhenPassed: keepsTimelineWhenPassed(run),
                    memo: &memo,
                    beforeRepeat: { restartClock(of: index) },
                    engineMade: { engine in
                        self.engineMade(engine, index: index, uninterruptibleType: &uninterruptibleEngineType)
                    }
                )
                if let capabilityTally,
                    planned == nil && executor.skipReason(for: specCase, profile: run.profile) == nil
                {
                    capabilityTally.record(result, of: specCase)
                }
                guard record(result, index: index) else { return }
            }
        }
    }

    /// What a worker gets when it asks for a case.
    private enum NextCase {
        case runs(Range<Int>)
        /// Too far ahead of the results handed on (``maximumUndelivered``): wait, then ask again.
        case heldBack(wakingWatchdog: Bool)
        case none
    }

    /// The runs of the next case to run: those an overdue worker left first, else the next case,
    /// once it is no more than ``maximumUndelivered`` runs past the earliest result not handed on.
    private func takeNextCase() -> Range<Int>? {
        while true {
            let next = state.withLock { state -> NextCase in
                guard !state.isStopped else { return .none }
                if !state.orphaned.isEmpty {
                    return .runs(state.orphaned.removeFirst())
                }
                let start = state.nextCase
                guard start < state.runs.count else { return .none }
                guard start < state.firstUndelivered + Self.maximumUndelivered else {
                    state.workersHeldBack += 1
                    // A pausing watchdog is woken to hand results on now; one waiting for a
                    // result is not: it has nothing to hand on before the next result comes.
                    let wakes = state.watchdogPauses
                    state.watchdogPauses = false
                    return .heldBack(wakingWatchdog: wakes)
                }
                var end = start + 1
                while end < state.runs.count && state.runs[end].isOfSameCase(as: state.runs[start]) {
                    end += 1
                }
                state.nextCase = end
                return .runs(start..<end)
            }
            switch next {
            case .runs(let runs):
                return runs
            case .none:
                return nil
            case .heldBack(let wakingWatchdog):
                if wakingWatchdog {
                    wake.signal()
                }
                drained.wait()
            }
        }
    }

    /// Starts the timing of the run at `index`; nil when no run may start any more. The run's
    /// case is read (outside the lock), or shared with `earlier`, the case's run before it; nil
    /// too when its file changed since the suite was loaded, which stops the run.
    private func begin(_ index: Int, caseEnd: Int, sharingCaseWith earlier: CaseRun?) -> CaseRun? {
        let now = clock.now
        let run = state.withLock { state -> CaseRun? in
            guard !state.isStopped else { return nil }
            state.running[index] = RunningSlot(
                deadline: now + timeout,
                started: now,
                thread: Self.currentThread,
                caseEnd: caseEnd
            )
            return state.runs[index]
        }
        guard let run else { return nil }
        do {
            return try run.withCaseDecoded(sharingWith: earlier)
        } catch {
            state.withLock { state in
                state.running[index] = nil
                state.caseFileChanged = state.caseFileChanged ?? error
            }
            wake.signal()
            return nil
        }
    }

    /// Gives the run at `index` its whole timeout again, for its next repeat; false when it was
    /// given up meanwhile (overdue or interrupted), so that no repeat starts.
    private func restartClock(of index: Int) -> Bool {
        let now = clock.now
        return state.withLock { state in
            guard !state.interrupted, state.running[index] != nil else { return false }
            state.running[index]?.deadline = now + timeout
            state.running[index]?.engine = nil
            return true
        }
    }

    /// Lets the watchdog interrupt the run's engine, when it can be; `uninterruptibleType` is the
    /// type of an engine the worker made before that could not (a dynamic cast to a protocol costs
    /// more than a step, and a provider makes engines of one type).
    private func engineMade(_ engine: any DeliveryEngine, index: Int, uninterruptibleType: inout ObjectIdentifier?) {
        let engineType = ObjectIdentifier(type(of: engine))
        guard engineType != uninterruptibleType else { return }
        guard let interruptible = engine as? any InterruptibleEngine else {
            uninterruptibleType = engineType
            return
        }
        let stillRunning = state.withLock { state in
            guard state.running[index] != nil else { return false }
            state.running[index]?.engine = interruptible
            return true
        }
        if !stillRunning {
            interruptible.interrupt()
        }
    }

    /// Queues the result of a run still in time and wakes the watchdog when it sleeps, or when it
    /// pauses and this was the last run (a small run ends as its last result comes, not a pause
    /// later: `iamspec migrate` runs each behaviour of the catalogue on a few cases); false
    /// when the run was already given up (overdue or interrupted), so the worker must stop.
    private func record(_ result: consuming CaseResult, index: Int) -> Bool {
        // Moved into the queue under the lock, not copied.
        var pending = Optional(result)
        let (kept, wakesWatchdog) = state.withLock { state in
            guard state.running.removeValue(forKey: index) != nil else { return (false, false) }
            queue(pending.take()!, index: index, in: &state)
            // The last result wakes a pausing watchdog too: nothing more will gather.
            let wakes = state.watchdogWaits || (state.watchdogPauses && isFinished(state))
            state.watchdogWaits = false
            if wakes { state.watchdogPauses = false }
            return (true, wakes)
        }
        if wakesWatchdog {
            wake.signal()
        }
        return kept
    }

    /// Counts a result and queues it for the watchdog; under `failFast`, a result it picks stops
    /// the starting of runs.
    private func queue(_ result: consuming CaseResult, index: Int, in state: inout State) {
        state.finished += 1
        if let failFast, !state.interrupted, failFast(result) {
            state.stoppedAtFirstFailure = true
        }
        state.unreported.append(result)
        state.unreportedIndices.append(index)
    }

    /// Gives up the run `thread` is making, as an engine error with `message`, and has the
    /// watchdog start a worker in that thread's place (the thread must never come back); calls
    /// `onceFound` first, under the lock. Returns the run as `case "id" (profile)`, or nil when
    /// `thread` makes no run.
    private func abandonRun(onThread thread: UInt, message: String, onceFound: () -> Void) -> String? {
        let run = state.withLock { state -> String? in
            guard let (index, slot) = state.running.first(where: { $0.value.thread == thread }) else { return nil }
            onceFound()
            state.running[index] = nil
            orphanRest(of: index, slot: slot, in: &state)
            giveUp(
                index,
                as: .engine,
                message: message,
                after: clock.now - slot.started,
                diagnostics: slot.engine?.diagnostics ?? "",
                in: &state
            )
            state.abandonedWorkers += 1
            let run = state.runs[index]
            return "case \"\(QuotedText.line(run.caseID))\" (\(run.profile.rawValue))"
        }
        if run != nil {
            wake.signal()
        }
        return run
    }

    /// Leaves the runs of the slot's case after `index`, not started, to the next worker.
    private func orphanRest(of index: Int, slot: RunningSlot, in state: inout State) {
        if index + 1 < slot.caseEnd {
            state.orphaned.append((index + 1)..<slot.caseEnd)
            state.orphaned.sort { $0.lowerBound < $1.lowerBound }
        }
    }

    /// The calling thread, as running slots tell workers apart.
    private static var currentThread: UInt {
        UInt(bitPattern: Int(bitPattern: pthread_self()))
    }

    /// Gives up every overdue run: records it as timed out, frees its slot, and leaves the runs
    /// of its case not started to the next worker; returns, per overdue run, the engine to
    /// interrupt (nil when it is not interruptible).
    private func expireOverdue(_ state: inout State, now: Duration) -> [(any InterruptibleEngine)?] {
        var overdue: [(any InterruptibleEngine)?] = []
        for (index, slot) in state.running where slot.deadline <= now {
            state.running[index] = nil
            orphanRest(of: index, slot: slot, in: &state)
            giveUp(
                index,
                as: .timeout,
                message: CaseExecutor.timeoutMessage(after: timeout, engine: slot.engine),
                after: now - slot.started,
                diagnostics: slot.engine?.diagnostics ?? "",
                in: &state
            )
            overdue.append(slot.engine)
        }
        return overdue
    }

    /// Gives up every running run as interrupted, and frees all slots; returns the engines to
    /// interrupt.
    private func abandonRunning(_ state: inout State) -> [any InterruptibleEngine] {
        let now = clock.now
        var engines: [any InterruptibleEngine] = []
        for (index, slot) in state.running.sorted(by: { $0.key < $1.key }) {
            giveUp(
                index,
                as: .interrupted,
                message: CaseExecutor.interruptedMessage(engine: slot.engine),
                after: now - slot.started,
                diagnostics: slot.engine?.diagnostics ?? "",
                in: &state
            )
            engines += slot.engine.map { [$0] } ?? []
        }
        state.running = [:]
        return engines
    }

    /// Records the run at `index` as an error that did not finish, and queues it.
    private func giveUp(
        _ index: Int,
        as kind: CaseResult.Kind,
        message: String,
        after elapsed: Duration,
        diagnostics: String,
        in state: inout State
    ) {
        let result = executor.unfinished(
            state.runs[index].specCase,
            profile: state.runs[index].profile,
            kind: kind,
            message: message,
            milliseconds: elapsed.wholeMilliseconds,
            diagnostics: diagnostics
        )
        queue(result, index: index, in: &state)
    }
}
