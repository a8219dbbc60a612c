import IAMSpec

/// A message an engine sends iamspec (one line on the engine's stdout), answering a request.
package enum EngineReply: Sendable, Hashable {
    /// `hello_reply`: the protocol version the engine speaks, what it is and can do, whether it
    /// declared `"pipelining": true` (protocol 2 only: see `Specs/PROTOCOL.md`, "Pipelining"), and,
    /// from a protocol-1 engine, the capabilities it named beyond protocol 1's eight, which it is
    /// taken to have whether it names them or not (``Capability/assumedUnlessLacking``).
    case hello(
        protocolVersion: Int64,
        description: EngineDescription,
        pipelines: Bool = false,
        namedBeyondProtocol1: Set<Capability> = []
    )
    /// `ready`: the case is set up; stimuli may follow.
    case ready
    /// `skipped`: the engine declines the case; no `end_case` follows.
    case skipped(reason: String)
    /// `observations`: what the stimulus caused, in order.
    case observations([Observation])
    /// `unsupported` (protocol 2): the engine declines the stimulus; the run is reported as
    /// skipped with the reason, and `end_case` follows.
    case unsupported(reason: String)
    /// `error`: the engine cannot answer; the case is reported as an error with the message.
    case error(message: String)
    /// `ended` (protocol 2): the engine has forgotten the case `end_case` ended.
    case ended

    /// The message's `type`.
    package var type: String {
        switch self {
        case .hello: "hello_reply"
        case .ready: "ready"
        case .skipped: "skipped"
        case .observations: "observations"
        case .unsupported: "unsupported"
        case .error: "error"
        case .ended: "ended"
        }
    }
}
