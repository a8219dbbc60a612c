import Synchronization

/// Stops a run early, from any thread: the CLI triggers it on SIGINT and SIGTERM.
///
/// After ``interrupt()`` the runner starts no more cases, interrupts the running engines that
/// conform to `InterruptibleEngine`, and returns the results it has, with
/// `RunSummary.interrupted` set. The runs that were under way are reported as errors.
///
/// Thread-safety: every member may be called from any thread; the state is in a `Mutex`.
public final class RunControl: Sendable {
    private struct State {
        var interrupted = false
        var nextToken = 0
        var handlers: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())

    /// A control not yet interrupted.
    public init() {}

    /// Whether ``interrupt()`` has been called.
    public var isInterrupted: Bool {
        state.withLock { $0.interrupted }
    }

    /// Asks the run to stop; harmless to call more than once.
    public func interrupt() {
        let toNotify: [@Sendable () -> Void] = state.withLock { state in
            guard !state.interrupted else { return [] }
            state.interrupted = true
            return Array(state.handlers.values)
        }
        for handler in toNotify {
            handler()
        }
    }

    /// Calls `handler` once on interruption (at once when already interrupted); returns a token
    /// for ``removeHandler(_:)`` (0 when it was called at once).
    package func onInterrupt(_ handler: @escaping @Sendable () -> Void) -> Int {
        let token: Int? = state.withLock { state in
            guard !state.interrupted else { return nil }
            state.nextToken += 1
            state.handlers[state.nextToken] = handler
            return state.nextToken
        }
        guard let token else {
            handler()
            return 0
        }
        return token
    }

    /// Forgets the handler of `token`, which ``onInterrupt(_:)`` gave.
    package func removeHandler(_ token: Int) {
        state.withLock { _ = $0.handlers.removeValue(forKey: token) }
    }
}
