/// How ``StdioEngineProvider`` talks to engine programs.
public struct StdioEngineSettings: Sendable, Hashable {
    /// Check every message the engine sends against `Specs/schemas/protocol` (`--validate-protocol`);
    /// a violation makes the case an error naming the message and the violation.
    public var validatesProtocol: Bool
    /// The longest iamspec waits for any one answer to `case` or `stimulus`. A safety net: the
    /// runner's per-case timeout normally stops a stuck engine first.
    public var replyTimeout: Duration
    /// The longest iamspec waits for the answer to `hello` when an engine process starts.
    public var startTimeout: Duration
    /// How much of the end of an engine's stderr is kept for error reports.
    public var stderrTailBytes: Int
    /// After this many engine starts fail in a row, the run stops with ``EngineStartupError``.
    public var startFailureLimit: Int

    public init(
        validatesProtocol: Bool = false,
        replyTimeout: Duration = .seconds(60),
        startTimeout: Duration = .seconds(30),
        stderrTailBytes: Int = 64 * 1024,
        startFailureLimit: Int = 3
    ) {
        self.validatesProtocol = validatesProtocol
        self.replyTimeout = replyTimeout
        self.startTimeout = startTimeout
        self.stderrTailBytes = stderrTailBytes
        self.startFailureLimit = startFailureLimit
    }
}
