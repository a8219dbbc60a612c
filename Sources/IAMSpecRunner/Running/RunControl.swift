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
        /// The runs under way that can give up the run of a thread (``abandonRunOnThisThread(_:)``).
        var abandoners: [Int: @Sendable (String, () -> Void) -> String?] = [:]
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

    /// Gives up the case run the calling thread is making, as an error with `message`: the run
    /// goes on without this thread (a new worker takes its place), which must never return to
    /// the runner. `onceFound` is called once the run is found, before anything else can happen
    /// to it (a new worker cannot start before it returns). Returns the run, as `case "id"
    /// (profile)`, or nil when the calling thread is making no run of a run under way (it may
    /// then go its way).
    ///
    /// The tool calls it when an engine in its process calls `exit` during a run: it refuses the
    /// exit, which would end the run without its reports, and parks that thread for good.
    package func abandonRunOnThisThread(_ message: String, onceFound: () -> Void) -> String? {
        let abandoners = state.withLock { Array($0.abandoners.values) }
        for abandon in abandoners {
            if let run = abandon(message, onceFound) { return run }
        }
        return nil
    }

    /// Calls `abandon` for ``abandonRunOnThisThread(_:onceFound:)`` until the token is removed.
    func onAbandonRun(_ abandon: @escaping @Sendable (String, () -> Void) -> String?) -> Int {
        state.withLock { state in
            state.nextToken += 1
            state.abandoners[state.nextToken] = abandon
            return state.nextToken
        }
    }

    /// Forgets the handler of `token`, which ``onInterrupt(_:)`` or `onAbandonRun(_:)` gave.
    package func removeHandler(_ token: Int) {
        state.withLock {
            _ = $0.handlers.removeValue(forKey: token)
            _ = $0.abandoners.removeValue(forKey: token)
        }
    }
}
