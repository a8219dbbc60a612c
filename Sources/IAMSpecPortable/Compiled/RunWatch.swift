import Dispatch
import IAMSpec

/// One portable run under a watchdog: the run on a dispatch queue of its own, its deadline on
/// another, and whichever ends first gives the result; the caller's cancellation ends it too.
///
/// As with the runner's watchdog (`RunScheduler`): a run past its deadline is an error
/// (`timeout`), as is one whose caller was cancelled (`interrupted`); the engine is then
/// interrupted if it is an `InterruptibleEngine`, and otherwise left to finish on its own, its
/// result ignored. The run never takes a thread of Swift's cooperative pool, which has one a
/// processor: an engine that hangs, or waits for the main actor, would otherwise hold one, and a
/// few at once would starve the deadlines and the tests themselves.
enum RunWatch {
    /// The result of `specCase` under `profile`, made by `executor` within `timeout` (each of
    /// `repeats` times, within `timeout` each: a run made several times, compared as
    /// `Nondeterminism` says).
    static func run(
        _ specCase: SpecCase,
        profile: Profile,
        executor: CaseExecutor,
        timeout: Duration,
        repeats: Int = 1,
        plannedSkip: String? = nil
    ) async -> CaseResult {
        let race = RunRace { kind, message, milliseconds, diagnostics in
            executor.unfinished(
                specCase,
                profile: profile,
                kind: kind,
                message: message,
                milliseconds: milliseconds,
                diagnostics: diagnostics
            )
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard race.start(continuation) else { return }
                // A serial queue of its own gets a thread of its own, however busy the others are.
                DispatchQueue(label: "iamspec portable run").async {
                    var memo = CaseExecutor.Memo()
                    let result = executor.execute(
                        specCase,
                        profile: profile,
                        repeats: repeats,
                        plannedSkip: plannedSkip,
                        memo: &memo,
                        beforeRepeat: {
                            race.unwatch()
                            return true
                        },
                        engineMade: { engine in
                            guard let engine = engine as? any InterruptibleEngine else { return }
                            race.watch(engine)
                        }
                    )
                    race.finish(result)
                }
                let limit = timeout * max(1, repeats)
                race.expire(after: limit) { CaseExecutor.timeoutMessage(after: limit, engine: $0) }
            }
        } onCancel: {
            race.giveUp(as: .interrupted) { CaseExecutor.interruptedMessage(engine: $0) }
        }
    }
}

/// Who ends a watched run first: the run itself, its deadline, or its caller's cancellation.
///
/// Thread-safety: its state is read and written on `lock` only; the engine is interrupted, and the
/// caller resumed, outside it.
private final class RunRace: @unchecked Sendable {
    /// The result of a run given up: its kind and message, how long it ran, what its engine wrote
    /// on the side.
    typealias Unfinished = @Sendable (CaseResult.Kind, String, Int64, String) -> CaseResult

    private let unfinished: Unfinished
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private let lock = DispatchQueue(label: "iamspec portable run race")
    /// Resumed once, by whoever ends the run first; nil before the run starts and once it ended.
    private var continuation: CheckedContinuation<CaseResult, Never>?
    private var ended = false
    /// The result of a run given up before it started (its caller was cancelled at once).
    private var early: CaseResult?
    private var deadline: (any DispatchSourceTimer)?
    private var engine: (any InterruptibleEngine)?

    init(unfinished: @escaping Unfinished) {
        self.unfinished = unfinished
        self.started = clock.now
    }

    /// The run starts, to end by resuming `continuation`; false when it was given up already
    /// (`continuation` has its result then, and the run is not made).
    func start(_ continuation: CheckedContinuation<CaseResult, Never>) -> Bool {
        let given: CaseResult? = lock.sync {
            if early == nil { self.continuation = continuation }
            return early
        }
        guard let given else { return true }
        continuation.resume(returning: given)
        return false
    }

    /// Gives the run up as timed out once `timeout` has passed, unless it ended before, with the
    /// message `message` makes for its engine.
    func expire(after timeout: Duration, message: @escaping @Sendable ((any InterruptibleEngine)?) -> String) {
        // A timer source, not `asyncAfter`: a cancelled source is freed at once, where a cancelled
        // work item waits for its time, and a suite's runs that end before it would all be kept
        // until then. Weakly, so that the timer keeps neither the race nor, through it, an engine
        // (which a stdio provider takes back only when it is freed).
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.setEventHandler { [weak self] in self?.giveUp(as: .timeout, message: message) }
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds))
        let armed = lock.sync { () -> Bool in
            guard !ended else { return false }
            deadline = timer
            return true
        }
        // A source is never freed suspended (libdispatch traps): one not armed is resumed cancelled.
        if !armed { timer.cancel() }
        timer.resume()
    }

    /// The run's engine, to interrupt should the run be given up (at once if it already was).
    func watch(_ engine: any InterruptibleEngine) {
        let alreadyEnded = lock.sync { () -> Bool in
            if !ended { self.engine = engine }
            return ended
        }
        if alreadyEnded { engine.interrupt() }
    }

    /// Lets the last engine go before the run's next repeat makes another: a stdio provider takes
    /// a process back only once its engine is freed, and the repeat should get that process.
    func unwatch() {
        lock.sync { engine = nil }
    }

    /// The run ended by itself with `result`.
    func finish(_ result: CaseResult) {
        end(interrupting: false) { _ in result }
    }

    /// The run is given up: an error of `kind` with the message `message` makes for its engine,
    /// the engine interrupted.
    func giveUp(as kind: CaseResult.Kind, message: ((any InterruptibleEngine)?) -> String) {
        let elapsed = (clock.now - started).wholeMilliseconds
        end(interrupting: true) { engine in self.unfinished(kind, message(engine), elapsed, engine?.diagnostics ?? "") }
    }

    /// Ends the run, unless it ended already, with the result `make` gives for its engine; the
    /// engine is interrupted when `interrupting`, and let go before the caller resumes (a stdio
    /// provider takes its process back when the engine is freed, for the next run).
    private func end(interrupting: Bool, with make: ((any InterruptibleEngine)?) -> CaseResult) {
        // Taken out of the race under the lock, interrupted and freed outside it.
        var released: (any InterruptibleEngine)?
        var resumption: (CheckedContinuation<CaseResult, Never>, CaseResult)?
        lock.sync {
            guard !ended else { return }
            ended = true
            deadline?.cancel()
            deadline = nil
            let result = make(engine)
            released = engine
            engine = nil
            if let continuation {
                resumption = (continuation, result)
            } else {
                early = result
            }
            continuation = nil
        }
        if interrupting { released?.interrupt() }
        released = nil
        if let (continuation, result) = resumption { continuation.resume(returning: result) }
    }
}
