/// An engine that can say, from another thread, what it is waiting for: the stdio protocol's
/// engine names the request whose answer it reads, its `seq` and case, and how full the
/// pipelining window is.
///
/// It is the tool's own, as ``LookaheadEngine`` is: the runner's watchdog reads ``awaited`` when
/// it gives up a run (overdue, or interrupted), so that the run's error says what was awaited.
package protocol AwaitingEngine: InterruptibleEngine {
    /// What the engine waits for now, in words (`stimulus advance (seq 7) of case "b"
    /// (braze-swift)`), or nil when it waits for nothing; read from the watchdog's thread.
    var awaited: String? { get }
}
