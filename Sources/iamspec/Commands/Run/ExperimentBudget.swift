import Dispatch
import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner
import Synchronization

/// The one time budget of a run's experiments on the engine (telling open names apart, testing
/// names as predictions, shrinking differences to their smallest cases), and what standard error
/// says of them while they go on.
///
/// All of them together take at most ``budget`` (``multipleOfTheTimeout`` times `--timeout`): an
/// answer still awaited when it is spent is interrupted, and no experiment starts after it. An
/// engine that did not answer one experiment within `--timeout` is not asked again: every later
/// experiment fails at once, saying why, so that an engine that hangs in experiments costs the run
/// one `--timeout`, not one per experiment. Standard error says when each kind of experiment
/// begins, what it waits for while an answer takes more than ``waitNoticeAfter``, and why the
/// experiments ended early.
///
/// Thread-safety: thread-safe (the engine's calls, the timers' threads).
final class ExperimentBudget: Sendable {
    /// How many times the run's `--timeout` all the experiments may take together.
    static let multipleOfTheTimeout = 10
    /// How long an answer is awaited before standard error says what the run waits for.
    static let waitNoticeAfter: Duration = .seconds(5)

    /// The time all the experiments may take together.
    let budget: Duration
    /// How long one answer may take (`--timeout`).
    let answerTimeout: Duration
    private let deadline: ContinuousClock.Instant
    private let state = Mutex(State())

    private struct State {
        /// The kind of experiments under way, in words (`telling apart the open names`).
        var phase = "experiments"
        /// What the engine did not answer within `--timeout`, once it did not.
        var hung: String?
        /// Whether standard error said that the budget is spent.
        var saidSpent = false
    }

    /// A budget of ``multipleOfTheTimeout`` times `answerTimeout`, from now.
    init(answerTimeout: Duration) {
        self.answerTimeout = answerTimeout
        budget = answerTimeout * Self.multipleOfTheTimeout
        deadline = ContinuousClock.now + budget
    }

    /// Says on standard error that the experiments of `phase` begin, and what bounds them.
    func begin(_ phase: String) {
        state.withLock { $0.phase = phase }
        guard let refusal = refusal() else {
            StandardError.write(
                "experiments: \(phase) on the engine (each answer up to \(ElapsedText.of(answerTimeout)), "
                    + "\(ElapsedText.of(remaining)) left of the experiments' \(ElapsedText.of(budget)))"
            )
            return
        }
        StandardError.write("experiments: \(phase) skipped: \(refusal)")
    }

    /// Why no experiment may start now: the engine hung in one, or the budget is spent; nil when
    /// one may.
    func refusal() -> String? {
        let spent = remaining <= .zero
        return state.withLock { state in
            if let hung = state.hung {
                return "the engine did not answer \(hung) within \(ElapsedText.of(answerTimeout)), "
                    + "and is not asked again"
            }
            return spent ? "the experiments' time budget of \(ElapsedText.of(budget)) is spent" : nil
        }
    }

    /// Runs `call`, one request of an experiment to the engine (`what`: its setup, a step, its
    /// end): `interrupt` stops the engine when the budget is spent before it answers; standard error
    /// says what is awaited once it takes ``waitNoticeAfter``; a call that failed after
    /// `--timeout` marks the engine hung.
    func answer<Answer>(
        _ what: String,
        interrupt: @escaping @Sendable () -> Void,
        call: () throws -> Answer
    ) throws -> Answer {
        if let refusal = refusal() { throw EngineError(refusal) }
        let phase = state.withLock { $0.phase }
        let started = ContinuousClock.now
        let notice = DispatchWorkItem { [self] in
            StandardError.write(
                "experiments: waiting for the engine's answer to \(what) (\(phase)): "
                    + "\(ElapsedText.of(ContinuousClock.now - started)) so far, up to "
                    + "\(ElapsedText.of(answerTimeout)) (--timeout); \(ElapsedText.of(remaining)) left of the "
                    + "experiments' \(ElapsedText.of(budget))"
            )
        }
        let spent = DispatchWorkItem { [self] in
            let first = state.withLock { state in
                defer { state.saidSpent = true }
                return !state.saidSpent
            }
            if first {
                StandardError.write(
                    "experiments: the time budget of \(ElapsedText.of(budget)) is spent: the engine's answer to "
                        + "\(what) is no longer awaited, and no more experiments run"
                )
            }
            interrupt()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.waitNoticeAfter.dispatchInterval, execute: notice)
        DispatchQueue.global().asyncAfter(deadline: .now() + remaining.dispatchInterval, execute: spent)
        defer {
            notice.cancel()
            spent.cancel()
        }
        do {
            return try call()
        } catch {
            if ContinuousClock.now - started >= answerTimeout, remaining > .zero {
                let first = state.withLock { state in
                    defer { state.hung = state.hung ?? what }
                    return state.hung == nil
                }
                if first {
                    StandardError.write(
                        "experiments: the engine did not answer \(what) within \(ElapsedText.of(answerTimeout)) "
                            + "(--timeout): it is not asked again; the names not yet told apart stay open, those "
                            + "not yet tested are given untested"
                    )
                }
            }
            throw error
        }
    }

    /// The budget's time left (negative once spent).
    private var remaining: Duration { deadline - ContinuousClock.now }
}

extension Duration {
    /// The duration for Dispatch's deadlines, whole nanoseconds, never below zero.
    fileprivate var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(max(0, min(seconds, 1 << 30) * 1_000_000_000 + attoseconds / 1_000_000_000)))
    }
}
