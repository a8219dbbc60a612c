import IAMSpec

/// A message iamspec sends an engine (one line on the engine's stdin).
package enum EngineRequest: Sendable, Hashable {
    /// `hello`: the first message to every engine process; answered by ``EngineReply/hello(protocolVersion:description:)``.
    case hello(protocolVersion: Int64)
    /// `case`: set up a fresh run of one case; answered by ``EngineReply/ready`` or ``EngineReply/skipped(reason:)``.
    case startCase(EngineSetup)
    /// `stimulus`: apply one stimulus; answered by ``EngineReply/observations(_:)`` (or, in
    /// protocol 2, ``EngineReply/unsupported(reason:)``).
    case stimulus(Stimulus)
    /// `end_case`: the run is over; forget it. Answered by ``EngineReply/ended`` in protocol 2, not
    /// answered in protocol 1.
    case endCase
    /// `shutdown`: exit now. Not answered.
    case shutdown

    /// The message's `type`.
    package var type: String {
        switch self {
        case .hello: "hello"
        case .startCase: "case"
        case .stimulus: "stimulus"
        case .endCase: "end_case"
        case .shutdown: "shutdown"
        }
    }

    /// The reply types that may answer this request in `version`; empty when it is not answered.
    package func replyTypes(in version: ProtocolVersion) -> [String] {
        switch self {
        case .hello: ["hello_reply", "error"]
        case .startCase: ["ready", "skipped", "error"]
        case .stimulus: version.declinesStimuli ? ["observations", "unsupported", "error"] : ["observations", "error"]
        case .endCase: version.answersEndCase ? ["ended"] : []
        case .shutdown: []
        }
    }

    /// A short name for messages: `hello`, `case "x"`, `stimulus advance`.
    package var summary: String {
        switch self {
        case .startCase(let setup): "case \"\(setup.caseID)\""
        case .stimulus(let stimulus): "stimulus \(stimulus.kind.nameText)"
        case .hello, .endCase, .shutdown: type
        }
    }
}
