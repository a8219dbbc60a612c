import IAMSpec

/// An engine object standing for one engine process's connection, as the runner's watchdog sees
/// it: stopping the engine stops the connection, and what it awaits and wrote on stderr are the
/// connection's.
protocol ConnectionBackedEngine: AwaitingEngine {
    /// The connection to the engine process.
    var connection: EngineConnection { get }
}

extension ConnectionBackedEngine {
    func interrupt() {
        connection.interrupt()
    }

    /// The request whose answer the engine is waiting for, if any (``EngineConnection/awaitedDescription``).
    var awaited: String? {
        connection.awaitedDescription
    }

    /// The engine's stderr since the case began, everything the pipe holds read first.
    var diagnostics: String {
        connection.diagnostics
    }
}
