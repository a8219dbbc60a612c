import Foundation

/// Stops a run early, from any thread: the CLI triggers it on SIGINT and SIGTERM.
///
/// After ``interrupt()`` the runner starts no more cases, interrupts the running engines that
/// conform to ``InterruptibleEngine``, and returns the results it has, with
/// ``RunSummary/interrupted`` set. The runs that were under way are reported as errors.
///
/// Thread-safety: every member may be called from any thread; the state is guarded by a lock.
public final class RunControl: @unchecked Sendable {
    private let lock = NSLock()
    private var interrupted = false
    private var nextToken = 0
    private var handlers: [Int: @Sendable () -> Void] = [:]

    public init() {}

    /// Whether ``interrupt()`` has been called.
    public var isInterrupted: Bool {
        lock.withLock { interrupted }
    }

    /// Asks the run to stop; harmless to call more than once.
    public func interrupt() {
        let toNotify: [@Sendable () -> Void] = lock.withLock {
            guard !interrupted else { return [] }
            interrupted = true
            return Array(handlers.values)
        }
        for handler in toNotify {
            handler()
        }
    }

    /// Calls `handler` once on interruption (at once when already interrupted); returns a token
    /// for ``removeHandler(_:)`` (0 when it was called at once).
    func onInterrupt(_ handler: @escaping @Sendable () -> Void) -> Int {
        let token: Int? = lock.withLock {
            guard !interrupted else { return nil }
            nextToken += 1
            handlers[nextToken] = handler
            return nextToken
        }
        guard let token else {
            handler()
            return 0
        }
        return token
    }

    func removeHandler(_ token: Int) {
        lock.withLock { _ = handlers.removeValue(forKey: token) }
    }
}
