import Dispatch
import IAMSpec
import IAMSpecRunner

/// Replays of runs, one after another, each given a timeout: each runs on a serial queue of its
/// own (a thread of its own) while this waits for it, and one that overruns is an error (a
/// timeout, as `iamspec run` reports one) whose queue and thread are left to finish or to end
/// with the process; the next replays get a fresh queue, so a stuck replay holds up none of them.
/// A replay's engine is the reference engine, whose rules may backtrack without end on a hostile
/// pattern; a run of `iamspec run` has the same timeout.
struct TimedReplays {
    /// What a replay's thread writes and the waiter reads once it has signalled: one replay at a
    /// time uses a box, and a box whose replay overran is never read again (the next replay gets
    /// a fresh one), so no two threads touch it at once.
    private final class Box: @unchecked Sendable {
        var memo = CaseExecutor.Memo()
        var result: CaseResult?
    }

    let executor: CaseExecutor
    let timeout: Duration
    private var box = Box()
    private var queue = Self.freshQueue()

    init(executor: CaseExecutor, timeout: Duration) {
        self.executor = executor
        self.timeout = timeout
    }

    /// The run's result, or a timeout error when it took longer than ``timeout``.
    ///
    /// - Throws: `CaseFileChanged` when the run's case is read again from its file (a large
    ///   suite's) and the file changed since the suite was loaded: the case is not replayed.
    mutating func run(_ run: CaseRun) throws(CaseFileChanged) -> CaseResult {
        let run = try run.withCaseDecoded(sharingWith: nil)
        let box = box
        let executor = executor
        let done = DispatchSemaphore(value: 0)
        queue.async {
            box.result = executor.execute(run.specCase, profile: run.profile, memo: &box.memo)
            done.signal()
        }
        let milliseconds = Int(clamping: timeout.wholeMilliseconds)
        if done.wait(timeout: .now() + .milliseconds(milliseconds)) == .success, let result = box.result {
            box.result = nil
            return result
        }
        self.box = Box()
        queue = Self.freshQueue()
        return executor.unfinished(
            run.specCase,
            profile: run.profile,
            kind: .timeout,
            message: CaseExecutor.timeoutMessage(after: timeout, engine: nil),
            milliseconds: timeout.wholeMilliseconds,
            diagnostics: ""
        )
    }

    /// A serial queue, which Dispatch gives a thread of its own even when its pool is busy.
    private static func freshQueue() -> DispatchQueue {
        DispatchQueue(label: "iamspec.replays")
    }
}
