import Synchronization

/// The engine processes of this process that are in their handshake, so that a signal handler can
/// stop them: a handshake is not a case, and no `RunControl` reaches it.
///
/// `iamspec run` calls ``interruptAll()`` on SIGINT and SIGTERM: every handshake under way fails at
/// once (its engine is killed, whether or not it ignores signals), and so does every later one,
/// so the run ends with its reports instead of waiting for an engine that may never answer.
package enum EngineHandshakes {
    private struct State {
        var isInterrupted = false
        var connections: [ObjectIdentifier: EngineConnection] = [:]
    }

    private static let state = Mutex(State())

    /// Stops every handshake under way, and every later one, for the rest of this process.
    package static func interruptAll() {
        let connections = state.withLock { state in
            state.isInterrupted = true
            return Array(state.connections.values)
        }
        for connection in connections { connection.interrupt() }
    }

    /// Whether ``interruptAll()`` was called: a handshake that failed since was stopped, and says
    /// nothing of the engine.
    static var areInterrupted: Bool {
        state.withLock { $0.isInterrupted }
    }

    /// Runs `handshake` with `connection` listed; it is stopped at once if handshakes are interrupted.
    static func during<Result>(
        _ connection: EngineConnection,
        _ handshake: () throws(ConnectionFailure) -> Result
    ) throws(ConnectionFailure) -> Result {
        let key = ObjectIdentifier(connection)
        let isInterrupted = state.withLock { state in
            state.connections[key] = connection
            return state.isInterrupted
        }
        defer { state.withLock { _ = $0.connections.removeValue(forKey: key) } }
        if isInterrupted { connection.interrupt() }
        return try handshake()
    }
}
