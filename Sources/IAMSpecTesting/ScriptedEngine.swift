public import IAMSpec

/// The engine a ``ScriptedEngineProvider`` makes: it answers from the provider's closure and
/// records each stimulus in the provider's ``ScriptedEngineRecorder``.
///
/// It is interruptible: ``interrupt()`` makes a pending ``ScriptedAnswer/hang`` (and any later
/// stimulus) throw `EngineError`, so watchdog tests leave no thread behind.
///
/// Thread-safety: ``handle(_:)`` is called from one thread; ``interrupt()`` from any. The engine
/// keeps no state of its own: whether it was interrupted is in the recorder.
public final class ScriptedEngine: InterruptibleEngine {
    /// The run this engine was made for.
    public let setup: EngineSetup
    private let respond: ScriptedEngineProvider.Responder
    private let recorder: ScriptedEngineRecorder
    /// This engine's index in the recorder's runs.
    private let index: Int

    init(setup: EngineSetup, respond: @escaping ScriptedEngineProvider.Responder, recorder: ScriptedEngineRecorder) {
        self.setup = setup
        self.respond = respond
        self.recorder = recorder
        self.index = recorder.recordMade(setup)
    }

    /// Records the stimulus, then answers with the provider's closure: observations, a
    /// `CaseSkipped` for ``ScriptedAnswer/unsupported(reason:)``, or, for ``ScriptedAnswer/hang``,
    /// nothing until ``interrupt()``, then `EngineError`; or what the closure throws. Throws
    /// `EngineError` at once when the engine was interrupted before.
    public func handle(_ stimulus: Stimulus) throws -> [Observation] {
        if recorder.recordReceived(stimulus, byEngine: index) {
            throw EngineError("the engine was interrupted")
        }
        switch try respond(stimulus, setup) {
        case .observations(let observations):
            return observations
        case .unsupported(let reason):
            throw CaseSkipped(reason: reason)
        case .hang:
            recorder.waitUntilInterrupted(engine: index)
            throw EngineError("the engine was interrupted while it hung on `\(stimulus)`")
        }
    }

    /// Marks the engine interrupted in the recorder: a pending ``ScriptedAnswer/hang`` and every
    /// later stimulus throw `EngineError`.
    public func interrupt() {
        recorder.recordInterrupted(engine: index)
    }
}
