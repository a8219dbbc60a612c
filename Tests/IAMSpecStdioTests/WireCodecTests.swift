import IAMSpec
import Testing

@testable import IAMSpecStdio

/// Every shape the protocol carries survives the trip to JSON text and back, and the text follows
/// the published schemas.
@Suite struct WireCodecTests {
    /// Encodes, writes as a line, parses and decodes a request.
    private func roundTrip(_ request: EngineRequest) throws -> (EngineRequest, JSONValue) {
        let line = JSONSerializer.line(WireCodec.encode(request))
        #expect(!line.contains("\n"))
        let parsed = try JSONParser.parse(line)
        return (try WireCodec.decodeRequest(parsed), parsed)
    }

    private func roundTrip(_ reply: EngineReply) throws -> (EngineReply, JSONValue) {
        let line = JSONSerializer.line(WireCodec.encode(reply))
        #expect(!line.contains("\n"))
        let parsed = try JSONParser.parse(line)
        return (try WireCodec.decodeReply(parsed), parsed)
    }

    private func expectValid(_ message: JSONValue, type: String) {
        let violations = ProtocolValidator.bundled.violations(of: message, messageType: type)
        #expect(violations.isEmpty, "\(type): \(violations)")
    }

    @Test(arguments: WireSamples.setups)
    func setupsRoundTrip(_ setup: EngineSetup) throws {
        let (decoded, parsed) = try roundTrip(.startCase(setup))
        #expect(decoded == .startCase(setup))
        expectValid(parsed, type: "case")
    }

    @Test(arguments: WireSamples.stimuli)
    func stimuliRoundTrip(_ stimulus: Stimulus) throws {
        let (decoded, parsed) = try roundTrip(.stimulus(stimulus))
        #expect(decoded == .stimulus(stimulus))
        expectValid(parsed, type: "stimulus")
    }

    @Test func everyStimulusKindIsSampled() {
        let sampled = Set(
            WireSamples.stimuli.map { stimulus -> String in
                guard case .object(let fields) = WireCodec.encode(stimulus), case .string(let kind)? = fields["kind"]
                else {
                    return ""
                }
                return kind
            }
        )
        #expect(sampled == Set(WireCodec.stimulusKinds))
    }

    @Test(arguments: WireSamples.observations)
    func observationsRoundTrip(_ observation: Observation) throws {
        let (decoded, parsed) = try roundTrip(.observations([observation]))
        #expect(decoded == .observations([observation]))
        expectValid(parsed, type: "observations")
    }

    @Test func otherMessagesRoundTrip() throws {
        let description = EngineDescription(
            name: "engine",
            version: "2.1",
            profiles: Set(Profile.allCases),
            capabilities: Set(Capability.allCases)
        )
        let replies: [EngineReply] = [
            .hello(protocolVersion: 1, description: description), .ready, .skipped(reason: "no legacy rules"),
            .observations([]), .error(message: "out of memory"),
        ]
        for reply in replies {
            let (decoded, parsed) = try roundTrip(reply)
            #expect(decoded == reply)
            expectValid(parsed, type: reply.type)
        }
        for request in [EngineRequest.hello(protocolVersion: 1), .endCase, .shutdown] {
            let (decoded, parsed) = try roundTrip(request)
            #expect(decoded == request)
            expectValid(parsed, type: request.type)
        }
    }

    @Test func integersAndRealsStayApart() throws {
        let line = JSONSerializer.line(
            WireCodec.encode(
                .stimulus(
                    .customEvent(
                        CustomEvent(
                            name: "e",
                            properties: ["i": .integer(5), "r": .real(5)]
                        )
                    )
                )
            )
        )
        #expect(line.contains("\"i\":5,"))
        #expect(line.contains("\"r\":5.0}"))
    }

    @Test func aTimeTravelsAsIntegerMilliseconds() {
        let line = JSONSerializer.line(WireCodec.encode(.stimulus(.timeAdvanced(by: VirtualTime(milliseconds: 1500)))))
        #expect(line == #"{"type":"stimulus","stimulus":{"kind":"advance","by_ms":1500}}"#)
    }

    @Test func aWrongReplyNamesWhereAndWhat() throws {
        let value = try JSONParser.parse(
            #"{"type": "observations", "observations": [{"kind": "stacked", "message": "a", "reason": "shelved"}]}"#
        )
        #expect {
            try WireCodec.decodeReply(value)
        } throws: { error in
            let error = try #require(error as? WireFormatError)
            return error.path == "$.observations[0].reason" && error.problem.contains("found \"shelved\"")
                && error.problem.contains("\"message_visible\"")
        }
    }

    @Test func anUnknownCapabilityIsRefused() throws {
        let value = try JSONParser.parse(
            #"{"type":"hello_reply","protocol":1,"name":"e","version":"1","profiles":[],"capabilities":["stack_inspection"]}"#
        )
        #expect(throws: WireFormatError.self) { try WireCodec.decodeReply(value) }
    }
}
