/// The engine program cannot be started: it dies, answers the handshake wrongly or not at
/// all, every time. The run cannot go on; `iamspec run` reports it and exits with status 2.
///
/// Thrown by ``StdioEngineProvider/init(command:settings:)`` when the first handshake fails,
/// and by ``StdioEngineProvider/makeEngine(for:)`` once restarts have failed
/// ``StdioEngineSettings/startFailureLimit`` times in a row.
public struct EngineStartupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, naming the command.
    public var message: String
    /// The tail of what the engine wrote on stderr.
    public var diagnostics: String

    /// The error `message`, with the tail of the engine's stderr in `diagnostics`.
    public init(_ message: String, diagnostics: String = "") {
        self.message = message
        self.diagnostics = diagnostics
    }

    /// The message alone, without the diagnostics.
    public var description: String { message }
}
