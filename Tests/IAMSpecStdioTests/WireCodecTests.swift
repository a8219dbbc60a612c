import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecStdio

/// Every shape the protocol carries survives the trip to JSON text and back, read as strictly as
/// `--validate-protocol` reads (the recorded-traffic stage of `scripts/test` checks the same text
/// against the published schemas).
@Suite struct WireCodecTests {
    /// Encodes, writes as a line, parses and decodes a request.
    private func roundTrip(_ request: EngineRequest) throws -> EngineRequest {
        let line = WireLines.text(request, seq: 3)
        #expect(!line.contains("\n"))
        return try WireCodec.decodeRequest(try JSONParser.parse(line), unknownKeys: .refused)
    }

    private func roundTrip(_ reply: EngineReply) throws -> EngineReply {
        let line = WireLines.text(reply, seq: 3)
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
        let sampled = Set(WireSamples.stimuli.map(\.kind.nameText))
        #expect(sampled == Set(StimulusKind.all.map(\.nameText)))
    }

    @Test(arguments: WireSamples.observations)
    func observationsRoundTrip(_ observation: Observation) throws {
        #expect(try roundTrip(.observations([observation])) == .observations([observation]))
    }

    @Test func otherMessagesRoundTrip() throws {
        let description = WireSamples.description
        let replies: [EngineReply] = [
            .hello(protocolVersion: 2, description: description, pipelines: true), .ready,
            .skipped(reason: "no legacy rules"),
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
        let line = WireLines.text(
            EngineRequest.stimulus(
                .customEvent(
                    CustomEvent(
                        name: "e",
                        properties: ["i": .integer(5), "r": .real(5)]
                    )
                )
            )
        )
        #expect(line.contains("\"i\":5,"))
        #expect(line.contains("\"r\":5.0}"))
    }

    /// The encoders write every message as ``JSONSerializer`` writes the same value: keys in the
    /// canonical order (`type`, `kind`, then sorted), so lines read the same whatever wrote them.
    @Test(arguments: ProtocolVersion.allCases)
    func linesAreInCanonicalOrder(_ version: ProtocolVersion) throws {
        let description = WireSamples.description
        let requests = WireSamples.requests
        let replies: [EngineReply] = [
            .hello(protocolVersion: Int64(version.rawValue), description: description), .ready,
            .skipped(reason: "no \"legacy\"\nrules\u{2028}"), .observations(WireSamples.observations),
            .observations([]),
            .unsupported(reason: "no display-next"), .error(message: "out of\u{1B} memory\t"), .ended,
        ]
        let lines =
            requests.map { WireLines.text($0, seq: 7, version: version) }
            + replies.map { WireLines.text($0, seq: 7, version: version) }
        for line in lines {
            #expect(JSONSerializer.line(try JSONParser.parse(line)) == line)
        }
    }

    @Test func aTimeTravelsAsIntegerMilliseconds() {
        let line = WireLines.text(EngineRequest.stimulus(.timeAdvanced(by: VirtualTime(milliseconds: 1500))))
        #expect(line == #"{"type":"stimulus","stimulus":{"kind":"advance","by_ms":1500}}"#)
    }
}
