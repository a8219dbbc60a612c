import IAMSpec
import Testing

@testable import IAMSpecStdio

/// Every shape the protocol carries survives the trip to JSON text and back, read as strictly as
/// `--validate-protocol` reads (the recorded-traffic stage of `scripts/test` checks the same text
/// against the published schemas).
@Suite struct WireCodecTests {
    /// Encodes, writes as a line, parses and decodes a request.
    private func roundTrip(_ request: EngineRequest) throws -> EngineRequest {
        let line = JSONSerializer.line(WireCodec.encode(request, seq: 3))
        #expect(!line.contains("\n"))
        return try WireCodec.decodeRequest(try JSONParser.parse(line), unknownKeys: .refused)
    }

    private func roundTrip(_ reply: EngineReply) throws -> EngineReply {
        let line = JSONSerializer.line(WireCodec.encode(reply, seq: 3))
        #expect(!line.contains("\n"))
        return try WireCodec.decodeReply(try JSONParser.parse(line), unknownKeys: .refused)
    }

    @Test(arguments: WireSamples.setups)
    func setupsRoundTrip(_ setup: EngineSetup) throws {
        #expect(try roundTrip(.startCase(setup)) == .startCase(setup))
    }

    @Test(arguments: WireSamples.stimuli)
    func stimuliRoundTrip(_ stimulus: Stimulus) throws {
        #expect(try roundTrip(.stimulus(stimulus)) == .stimulus(stimulus))
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
        #expect(try roundTrip(.observations([observation])) == .observations([observation]))
    }

    @Test func otherMessagesRoundTrip() throws {
        let description = EngineDescription(
            name: "engine",
            version: "2.1",
            profiles: Set(Profile.allCases),
            capabilities: Set(Capability.allCases)
        )
        let replies: [EngineReply] = [
            .hello(protocolVersion: 2, description: description), .ready, .skipped(reason: "no legacy rules"),
            .observations([]), .unsupported(reason: "no display-next"), .error(message: "out of memory"),
        ]
        for reply in replies {
            #expect(try roundTrip(reply) == reply)
        }
        for request in [EngineRequest.hello(protocolVersion: 2), .endCase, .shutdown] {
            #expect(try roundTrip(request) == request)
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
}
