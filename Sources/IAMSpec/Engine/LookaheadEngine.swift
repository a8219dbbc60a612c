/// An engine that is told, once, what the runner will ask it in a run, so that it can send those
/// requests ahead instead of waiting for each answer: the stdio protocol's engine does, for an
/// engine program that declared pipelining (`Specs/PROTOCOL.md`, "Pipelining"), which saves a
/// round trip between two processes per step.
///
/// It is the tool's own: ``DeliveryEngine`` stays what an engine author implements, and an engine
/// never sees a later stimulus through it. The runner calls ``expect(_:)`` once, after
/// ``EngineProvider/makeEngine(for:)`` and before the first ``DeliveryEngine/handle(_:)``; so
/// does the fuzzer, with a scenario's stimuli.
package protocol LookaheadEngine: DeliveryEngine {
    /// What the runner will ask, in order, if every step passes: each stimulus step's stimulus,
    /// and ``Stimulus/stackInspected`` for each `expect` step that checks the stack.
    ///
    /// The caller asks for a prefix of `requests`, in order (it stops at the first step that does
    /// not pass); the runner then calls ``DeliveryEngine/endCase()`` unless the engine threw
    /// ``EngineError``, and the fuzzer just drops the engine: whatever was sent ahead and not asked
    /// for must not outlive the run.
    /// Asked for anything other than the next of `requests`, the engine must never answer wrongly:
    /// it waits for that answer alone, or, if it has sent something else ahead already, throws
    /// ``EngineError``.
    mutating func expect(_ requests: [Stimulus])
}
