/// How ``StdioEngineProvider`` talks to engine programs.
public struct StdioEngineSettings: Sendable, Hashable {
    /// Refuse, besides everything `Specs/PROTOCOL.md` refuses, keys it does not define in what the
    /// engine sends, so that every message must be exactly as `Specs/schemas/protocol` describes it
    /// (`--validate-protocol`); such a key makes the case an error naming it.
    public var validatesProtocol: Bool
    /// The longest iamspec waits for any one answer to `case` or `stimulus`. A safety net: the
    /// runner's per-case timeout normally stops a stuck engine first.
    public var replyTimeout: Duration
    /// The longest iamspec waits for the answer to `hello` when an engine process starts.
    public var startTimeout: Duration
    /// How much of the end of an engine's stderr is kept for error reports.
    public var stderrTailBytes: Int
    /// After this many engine starts fail in a row, the run stops with `EngineError`.
    public var startFailureLimit: Int

    /// Settings; by default keys the protocol does not define are ignored, an answer may take 60 s
    /// and a start 30 s, 64 KiB of stderr are kept, and three failed starts in a row stop the run.
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
