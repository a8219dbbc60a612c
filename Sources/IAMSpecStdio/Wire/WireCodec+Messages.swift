import IAMSpec

extension WireCodec {
    // MARK: Requests (iamspec to engine)

    static func encode(_ request: EngineRequest) -> JSONValue {
        switch request {
        case .hello(let version):
            .object(["type": "hello", "protocol": .integer(version)])
        case .startCase(let setup):
            .object([
                "type": "case",
                "case_id": .string(setup.caseID),
                "profile": .string(setup.profile.rawValue),
                "config": encode(setup.configuration),
                "messages": .array(setup.messages.map(encode)),
            ])
        case .stimulus(let stimulus):
            .object(["type": "stimulus", "stimulus": encode(stimulus)])
        case .endCase:
            .object(["type": "end_case"])
        case .shutdown:
            .object(["type": "shutdown"])
        }
    }

    static func decodeRequest(_ value: JSONValue) throws(WireFormatError) -> EngineRequest {
        let object = try WireObject(value, path: "$")
        switch try object.string("type") {
        case "hello":
            return .hello(protocolVersion: try object.integer("protocol"))
        case "case":
            var messages: [InAppMessage] = []
            for element in try object.array("messages") {
                messages.append(try decodeMessage(try WireObject(element.value, path: element.path)))
            }
            return .startCase(
                EngineSetup(
                    caseID: try object.string("case_id"),
                    profile: try object.choice("profile", Profile.self),
                    configuration: try decodeConfiguration(try object.object("config")),
                    messages: messages
                )
            )
        case "stimulus":
            return .stimulus(try decodeStimulus(try object.object("stimulus")))
        case "end_case":
            return .endCase
        case "shutdown":
            return .shutdown
        case let other:
            throw unknownKind(
                other,
                at: object.childPath("type"),
                known: ["hello", "case", "stimulus", "end_case", "shutdown"]
            )
        }
    }

    // MARK: Replies (engine to iamspec)

    static func encode(_ reply: EngineReply) -> JSONValue {
        switch reply {
        case .hello(let version, let description):
            .object([
                "type": "hello_reply",
                "protocol": .integer(version),
                "name": .string(description.name),
                "version": .string(description.version),
                "profiles": .array(description.profiles.sorted().map { .string($0.rawValue) }),
                "capabilities": .array(description.capabilities.sorted().map { .string($0.rawValue) }),
            ])
        case .ready:
            .object(["type": "ready"])
        case .skipped(let reason):
            .object(["type": "skipped", "reason": .string(reason)])
        case .observations(let observations):
            .object(["type": "observations", "observations": .array(observations.map(encode))])
        case .error(let message):
            .object(["type": "error", "message": .string(message)])
        }
    }

    static func decodeReply(_ value: JSONValue) throws(WireFormatError) -> EngineReply {
        let object = try WireObject(value, path: "$")
        switch try object.string("type") {
        case "hello_reply":
            let version = try object.integer("protocol")
            // The version is checked first: the other keys may mean something else in another version.
            guard version == protocolVersion else {
                return .hello(
                    protocolVersion: version,
                    description: EngineDescription(name: "", version: "", profiles: [], capabilities: [])
                )
            }
            var profiles: Set<Profile> = []
            for element in try object.array("profiles") {
                profiles.insert(try WireObject.choice(element.value, path: element.path, Profile.self))
            }
            var capabilities: Set<Capability> = []
            for element in try object.array("capabilities") {
                capabilities.insert(try WireObject.choice(element.value, path: element.path, Capability.self))
            }
            let description = EngineDescription(
                name: try object.string("name"),
                version: try object.string("version"),
                profiles: profiles,
                capabilities: capabilities
            )
            return .hello(protocolVersion: version, description: description)
        case "ready":
            return .ready
        case "skipped":
            return .skipped(reason: try object.string("reason"))
        case "observations":
            var observations: [Observation] = []
            for element in try object.array("observations") {
                observations.append(try decodeObservation(try WireObject(element.value, path: element.path)))
            }
            return .observations(observations)
        case "error":
            return .error(message: try object.string("message"))
        case let other:
            throw unknownKind(
                other,
                at: object.childPath("type"),
                known: ["hello_reply", "ready", "skipped", "observations", "error"]
            )
        }
    }
}
