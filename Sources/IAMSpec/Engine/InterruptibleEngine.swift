/// An engine that can be stopped from another thread, for example an engine in a child process.
///
/// When a case overruns its wall-clock timeout, or iamspec is interrupted, the runner calls
/// ``interrupt()`` from another thread. The engine must then make its pending
/// ``DeliveryEngine/handle(_:)`` call return promptly (throwing ``EngineError``) and release what
/// it holds (for example, kill its child process). An in-process engine that is not interruptible
/// and hangs is abandoned on its thread.
public protocol InterruptibleEngine: DeliveryEngine, Sendable {
    /// Stops the engine; thread-safe, and harmless to call more than once.
    func interrupt()

    /// What the engine has written on the side during the current case (a child process's
    /// stderr, say), for a run the runner gives up on (it timed out, or the run was interrupted),
    /// which no ``EngineError`` reports; read from the watchdog's thread. Empty by default.
    var diagnostics: String { get }
}

extension InterruptibleEngine {
    /// Empty: an engine that writes nothing on the side need not write it.
    public var diagnostics: String { "" }
}
