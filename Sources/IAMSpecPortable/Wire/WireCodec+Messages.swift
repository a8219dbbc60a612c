import IAMSpec

extension WireCodec {
    // MARK: Requests (iamspec to engine)

    /// A request as `version` writes it, as one line with its line end; `seq` numbers it in a
    /// version that numbers messages (`hello` never carries one).
    package static func line(
        _ request: EngineRequest,
        seq: Int64? = nil,
        version: ProtocolVersion = .latest
    ) -> [UInt8] {
        var writer = JSONLineWriter()
        writer.beginObject()
        writer.key("type")
        let seq = version.numbersMessages ? seq : nil
        switch request {
        case .hello(let offered):
            writer.fixedString("hello")
            writer.field("protocol", integer: offered)
        case .startCase(let setup):
            writer.fixedString("case")
            writer.field("case_id", string: setup.caseID)
            writer.key("config")
            write(setup.configuration, to: &writer)
            writer.key("messages")
            writer.beginArray()
            for message in setup.messages { write(message, version: version, to: &writer) }
            writer.endArray()
            writer.field("profile", string: setup.profile.rawValue)
            writeSequenceNumber(seq, to: &writer)
        case .stimulus(let stimulus):
            writer.fixedString("stimulus")
            writeSequenceNumber(seq, to: &writer)
            writer.key("stimulus")
            write(stimulus, version: version, to: &writer)
        case .endCase:
            writer.fixedString("end_case")
            writeSequenceNumber(seq, to: &writer)
        case .shutdown:
            writer.fixedString("shutdown")
            writeSequenceNumber(seq, to: &writer)
        }
        writer.endObject()
        return writer.line()
    }

    /// `"seq": N` when there is one.
    private static func writeSequenceNumber(_ seq: Int64?, to writer: inout JSONLineWriter) {
        guard let seq else { return }
        writer.field("seq", integer: seq)
    }

    /// The message types iamspec sends, in the order `Specs/PROTOCOL.md` lists them.
    package static let requestTypes = ["hello", "case", "stimulus", "end_case", "shutdown"]

    /// The `seq` of a message, when it has one that is a whole number: what ties an answer to its
    /// request, read before anything else is checked.
    package static func sequenceNumber(of message: JSONValue) -> Int64? {
        try? checkedSequenceNumber(of: message)
    }

    /// The `seq` of a message; nil when it has none.
    ///
    /// - Throws: ``WireFormatError`` when it has one that is no sequence number (an integer of at
    ///   least 1): `seq: found "3", expected an integer of at least 1`.
    package static func checkedSequenceNumber(of message: JSONValue) throws(WireFormatError) -> Int64? {
        guard case .object(let fields) = message, let seq = fields["seq"] else { return nil }
        return try WireValue(json: seq, at: .key("seq"), unknownKeys: .ignored).integer(atLeast: 1)
    }

    /// A message's object and its `type`, to switch on; when the type is one of `types` but not
    /// `greeting` (`hello` or `hello_reply`, which come before a version is agreed), its `seq` is
    /// checked: an integer ≥ 1 wherever it is, and required in a version that numbers messages.
    /// (Whether it is the right number is the reader's business.)
    private static func numberedMessage(
        _ message: JSONValue,
        among types: [String],
        greeting: String,
        unknownKeys: UnknownKeys,
        version: ProtocolVersion
    ) throws(WireFormatError) -> (WireObject, type: WireValue) {
        let (object, type) = try WireValue(message: message, unknownKeys: unknownKeys).object(discriminatedBy: "type")
        guard case .string(let name)? = type.json, name != greeting, types.contains(name) else {
            return (object, type)
        }
        if version.numbersMessages {
            _ = try object.field("seq").integer(atLeast: 1)
        } else if let seq = object.optionalField("seq") {
            _ = try seq.integer(atLeast: 1)
        }
        return (object, type)
    }

    /// A request, as an engine (IAMSpecStdio's `StdioEngineServer`) reads it in `version`; `hello` in any.
    package static func decodeRequest(
        _ message: JSONValue,
        unknownKeys: UnknownKeys,
        version: ProtocolVersion = .latest
    ) throws(WireFormatError) -> EngineRequest {
        let (object, type) = try numberedMessage(
            message,
            among: requestTypes,
            greeting: "hello",
            unknownKeys: unknownKeys,
            version: version
        )
        switch type.json {
        case "hello"?:
            try object.allowOnly("type", "protocol")
            return .hello(protocolVersion: try object.field("protocol").integer(atLeast: 1))
        case "case"?:
            try object.allowOnly("type", "seq", "case_id", "profile", "config", "messages")
            var messages: [InAppMessage] = []
            for element in try object.field("messages").array() {
                messages.append(try decodeMessage(element, version: version))
            }
            return .startCase(
                EngineSetup(
                    caseID: try object.string("case_id"),
                    profile: try object.choice("profile", Profile.self),
                    configuration: try decodeConfiguration(object.field("config")),
                    messages: messages
                )
            )
        case "stimulus"?:
            try object.allowOnly("type", "seq", "stimulus")
            return .stimulus(try decodeStimulus(object.field("stimulus"), version: version))
        case "end_case"?:
            try object.allowOnly("type", "seq")
            return .endCase
        case "shutdown"?:
            try object.allowOnly("type", "seq")
            return .shutdown
        default:
            throw type.unknown(among: requestTypes)
        }
    }

    // MARK: Replies (engine to iamspec)

    /// A reply as `version` writes it, as one line with its line end; `seq` is the number of the
    /// request it answers, in a version that numbers messages (`hello_reply` never carries one).
    package static func line(_ reply: EngineReply, seq: Int64? = nil, version: ProtocolVersion = .latest) -> [UInt8] {
        var writer = JSONLineWriter()
        writer.beginObject()
        writer.key("type")
        let seq = version.numbersMessages ? seq : nil
        switch reply {
        case .hello(let spoken, let description, let pipelines, _):
            writer.fixedString("hello_reply")
            // Protocol 1 names only the capabilities it always had.
            writer.key("capabilities")
            writer.beginArray()
            for capability in description.capabilities.sorted()
            where spoken >= ProtocolVersion.v2.rawValue || Capability.declaredSinceProtocol1.contains(capability) {
                writer.string(capability.rawValue)
            }
            writer.endArray()
            writer.field("name", string: description.name)
            // Only a protocol-2 engine may declare it (pipelined answers are told apart by `seq`).
            if pipelines && spoken >= ProtocolVersion.v2.rawValue {
                writer.key("pipelining")
                writer.boolean(true)
            }
            writer.key("profiles")
            writer.beginArray()
            for profile in description.profiles.sorted() { writer.string(profile.rawValue) }
            writer.endArray()
            writer.field("protocol", integer: spoken)
            writer.field("version", string: description.version)
        case .ready:
            writer.fixedString("ready")
            writeSequenceNumber(seq, to: &writer)
        case .skipped(let reason):
            writer.fixedString("skipped")
            writer.field("reason", string: reason)
            writeSequenceNumber(seq, to: &writer)
        case .observations(let observations):
            writer.fixedString("observations")
            writer.key("observations")
            writer.beginArray()
            for observation in observations where version.carries(observation) {
                write(observation, to: &writer)
            }
            writer.endArray()
            writeSequenceNumber(seq, to: &writer)
        case .unsupported(let reason):
            writer.fixedString("unsupported")
            writer.field("reason", string: reason)
            writeSequenceNumber(seq, to: &writer)
        case .error(let message):
            writer.fixedString("error")
            writer.field("message", string: message)
            writeSequenceNumber(seq, to: &writer)
        case .ended:
            writer.fixedString("ended")
            writeSequenceNumber(seq, to: &writer)
        }
        writer.endObject()
        return writer.line()
    }

    /// The message types an engine sends, in the order `Specs/PROTOCOL.md` lists them.
    package static let replyTypes = [
        "hello_reply", "ready", "skipped", "observations", "unsupported", "error", "ended",
    ]

    /// The reply types an engine that speaks `version` may send.
    package static func replyTypes(in version: ProtocolVersion) -> [String] {
        replyTypes.filter {
            ($0 != "unsupported" || version.declinesStimuli) && ($0 != "ended" || version.answersEndCase)
        }
    }

    /// A reply, as iamspec reads it from an engine that speaks `version` (`hello_reply` in any).
    package static func decodeReply(
        _ message: JSONValue,
        unknownKeys: UnknownKeys,
        version: ProtocolVersion = .latest
    ) throws(WireFormatError) -> EngineReply {
        let (object, type) = try numberedMessage(
            message,
            among: replyTypes,
            greeting: "hello_reply",
            unknownKeys: unknownKeys,
            version: version
        )
        switch type.json {
        case "hello_reply"?:
            let version = try object.field("protocol").integer(atLeast: 1)
            // The version is checked first: the other keys may mean something else in another version.
            guard ProtocolVersion(rawValue: Int(version)) != nil else {
                return .hello(
                    protocolVersion: version,
                    description: EngineDescription(name: "", version: "", profiles: [], capabilities: [])
                )
            }
            // `pipelining` is protocol 2's: a protocol-1 engine's is ignored, or refused as a key
            // protocol 1 does not define under `--validate-protocol`.
            let declaresPipelining = version >= ProtocolVersion.v2.rawValue
            if declaresPipelining {
                try object.allowOnly("type", "protocol", "name", "version", "profiles", "capabilities", "pipelining")
            } else {
                try object.allowOnly("type", "protocol", "name", "version", "profiles", "capabilities")
            }
            let pipelines = declaresPipelining ? try object.optionalField("pipelining")?.boolean() ?? false : false
            var profiles: Set<Profile> = []
            for element in try object.field("profiles").array(eachOnce: true) {
                profiles.insert(try element.choice(Profile.self))
            }
            var capabilities: Set<Capability> = []
            let spoken = ProtocolVersion(rawValue: Int(version)) ?? .latest
            for element in try object.field("capabilities").array(eachOnce: true) {
                guard let capability = try? element.choice(Capability.self), spoken.knows(capability) else {
                    throw element.unknown(among: spoken.capabilityNames)
                }
                capabilities.insert(capability)
            }
            // Protocol 2 lists exactly what the engine has; a protocol-1 engine has every capability
            // protocol 1 cannot name (Capability.assumedUnlessLacking).
            let description = EngineDescription(
                name: try object.field("name").nonEmptyString(),
                version: try object.string("version"),
                profiles: profiles,
                capabilities: capabilities,
                lacking: version >= ProtocolVersion.v2.rawValue ? Capability.assumedUnlessLacking : []
            )
            // A protocol-1 engine that names more than protocol 1's eight says what it has, yet is
            // taken to have every one of the others: the run warns of it (CapabilityWarnings).
            let namedBeyondProtocol1 =
                version >= ProtocolVersion.v2.rawValue
                ? [] : capabilities.subtracting(Capability.declaredSinceProtocol1)
            return .hello(
                protocolVersion: version,
                description: description,
                pipelines: pipelines,
                namedBeyondProtocol1: namedBeyondProtocol1
            )
        case "ready"?:
            try object.allowOnly("type", "seq")
            return .ready
        case "skipped"?:
            try object.allowOnly("type", "seq", "reason")
            return .skipped(reason: try object.field("reason").nonEmptyString())
        case "observations"?:
            try object.allowOnly("type", "seq", "observations")
            var observations: [Observation] = []
            for element in try object.field("observations").array() {
                observations.append(try decodeObservation(element, version: version))
            }
            return .observations(observations)
        case "unsupported"? where version.declinesStimuli:
            try object.allowOnly("type", "seq", "reason")
            return .unsupported(reason: try object.field("reason").nonEmptyString())
        case "error"?:
            try object.allowOnly("type", "seq", "message")
            return .error(message: try object.field("message").nonEmptyString())
        case "ended"? where version.answersEndCase:
            try object.allowOnly("type", "seq")
            return .ended
        default:
            throw type.unknown(among: replyTypes(in: version))
        }
    }
}
