import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecStdio

/// The settings protocol 2 added (message keys, `push_open`, `dismissed`, their capabilities) travel
/// in protocol 2 only: a protocol-1 conversation is exactly as before.
@Suite struct ProtocolSettingsTests {
    private static let message = InAppMessage(
        id: "m",
        triggers: [.sessionStart],
        image: .fails,
        minimumTriggerInterval: .seconds(5),
        start: .seconds(1),
        end: .seconds(2),
        isControl: true,
        imageOnLaterDeliveries: [.succeeds]
    )

    private static func caseRequest(_ version: ProtocolVersion) -> String {
        let setup = EngineSetup(
            caseID: "c",
            profile: .brazeSwift,
            configuration: EngineConfiguration(),
            messages: [message]
        )
        return WireLines.text(.startCase(setup), seq: 1, version: version)
    }

    @Test func protocol2SendsEveryMessageKeyAndReadsItBack() throws {
        let line = Self.caseRequest(.v2)
        for key in WireCodec.campaignSettingKeys { #expect(line.contains("\"\(key)\"")) }
        let request = try WireCodec.decodeRequest(try JSONParser.parse(line), unknownKeys: .refused, version: .v2)
        guard case .startCase(let setup) = request else {
            Issue.record("expected a case request, found \(request)")
            return
        }
        #expect(setup.messages == [Self.message])
    }

    @Test func protocol1SendsNoneOfThemAndRefusesThemUnderValidation() throws {
        let line = Self.caseRequest(.v1)
        // The config has its own `minimum_trigger_interval_ms`; the message has none.
        for key in WireCodec.campaignSettingKeys {
            #expect(line.components(separatedBy: "\"\(key)\"").count == (key == "minimum_trigger_interval_ms" ? 2 : 1))
        }
        let v2Line = Self.caseRequest(.v2).replacingOccurrences(of: #""seq":1,"#, with: "")
        #expect(throws: WireFormatError.self) {
            try WireCodec.decodeRequest(try JSONParser.parse(v2Line), unknownKeys: .refused, version: .v1)
        }
    }

    @Test func protocol1CarriesNoDismissalNorPushOpen() throws {
        let reply = WireLines.text(.observations([.displayed("m", extras: [:]), .dismissed("m")]), version: .v1)
        #expect(
            reply
                == #"{"type":"observations","observations":[{"kind":"displayed","extras":{},"message":"m"}]}"#
        )
        #expect(throws: WireFormatError.self) {
            try WireCodec.decodeReply(
                try JSONParser.parse(#"{"type":"observations","observations":[{"kind":"dismissed","message":"m"}]}"#),
                unknownKeys: .ignored,
                version: .v1
            )
        }
        #expect(throws: WireFormatError.self) {
            try WireCodec.decodeRequest(
                try JSONParser.parse(#"{"type":"stimulus","stimulus":{"kind":"push_open","campaign":null}}"#),
                unknownKeys: .ignored,
                version: .v1
            )
        }
    }

    @Test func aProtocol1EngineCannotDeclareAProtocol2Capability() throws {
        let line =
            #"{"type":"hello_reply","protocol":1,"name":"e","version":"1","profiles":["braze-swift"],"capabilities":["dismissals"]}"#
        #expect(throws: WireFormatError.self) {
            try WireCodec.decodeReply(try JSONParser.parse(line), unknownKeys: .ignored, version: .v1)
        }
        let description = EngineDescription(
            name: "reference",
            version: "1",
            profiles: [.brazeSwift],
            capabilities: Set(Capability.allCases)
        )
        let v1Hello = WireLines.text(EngineReply.hello(protocolVersion: 1, description: description))
        #expect(!v1Hello.contains("dismissals") && v1Hello.contains("stack-inspection"))
        let v2Hello = WireLines.text(EngineReply.hello(protocolVersion: 2, description: description))
        #expect(v2Hello.contains("dismissals"))
    }
}
