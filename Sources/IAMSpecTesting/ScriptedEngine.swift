import Foundation
public import IAMSpec

/// The engine a ``ScriptedEngineProvider`` makes: it answers from the provider's closure and
/// records each stimulus in the provider's ``ScriptedEngineRecorder``.
///
/// It is interruptible: ``interrupt()`` makes a pending ``ScriptedAnswer/hang`` (and any later
/// stimulus) throw ``EngineError``, so watchdog tests leave no thread behind.
///
/// Thread-safety: ``handle(_:)`` is called from one thread; ``interrupt()`` from any, and the
/// interruption flag is guarded by a condition.
public final class ScriptedEngine: InterruptibleEngine, @unchecked Sendable {
    /// The run this engine was made for.
    public let setup: EngineSetup
    private let respond: ScriptedEngineProvider.Responder
    private let recorder: ScriptedEngineRecorder
    private let condition = NSCondition()
    private var interrupted = false

    init(setup: EngineSetup, respond: @escaping ScriptedEngineProvider.Responder, recorder: ScriptedEngineRecorder) {
        self.setup = setup
        self.respond = respond
        self.recorder = recorder
    }

    public func handle(_ stimulus: Stimulus) throws -> [Observation] {
        recorder.recordReceived(stimulus, by: setup)
        if condition.withLock({ interrupted }) {
            throw EngineError("the engine was interrupted")
        }
        switch try respond(stimulus, setup) {
        case .observations(let observations):
            return observations
        case .hang:
            condition.withLock {
                while !interrupted {
                    condition.wait()
                }
            }
            throw EngineError("the engine was interrupted while it hung on `\(stimulus)`")
        }
    }

    public func interrupt() {
        let first = condition.withLock {
            defer { interrupted = true }
            condition.broadcast()
            return !interrupted
        }
        if first {
            recorder.recordInterrupted(setup)
        }
    }
}
