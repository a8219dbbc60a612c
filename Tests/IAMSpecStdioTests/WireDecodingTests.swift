import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecStdio

/// Each kind of violation the decoder refuses, with the error an engine author reads: the place,
/// what was found there and what was expected. (``SchemaAgreementTests`` checks every place of
/// every message against the published schemas; this shows the words.)
@Suite struct WireDecodingTests {
    private func replyError(_ line: String, unknownKeys: UnknownKeys = .ignored) throws -> String? {
        let message = try JSONParser.parse(line)
        do {
            _ = try WireCodec.decodeReply(message, unknownKeys: unknownKeys)
            return nil
        } catch {
            return error.description
        }
    }

    private func requestError(_ message: JSONValue, unknownKeys: UnknownKeys = .ignored) -> String? {
        do {
            _ = try WireCodec.decodeRequest(message, unknownKeys: unknownKeys)
            return nil
        } catch {
            return error.description
        }
    }

    /// `observations` with one observation.
    private static func observing(_ observation: String) -> String {
        #"{"seq":1,"type":"observations","observations":[{"kind":"displayed","message":"a"},"# + observation + "]}"
    }

    @Test func aMisspeltCapabilityIsToldTheNearestName() throws {
        let line =
            #"{"type":"hello_reply","protocol":2,"name":"e","version":"1","profiles":[],"capabilities":["triggers-custom-event"]}"#
        let names: [String] = Capability.allCases.map { "\"\($0.rawValue)\"" }
        let expected: String =
            #"capabilities[0]: found "triggers-custom-event", expected one of "# + names.joined(separator: ", ")
            + #"; did you mean "trigger-custom-event"?"#
        #expect(try replyError(line) == expected)
        // Protocol 1 is told among the names it knows.
        let v1 = Self.helloReply.replacingOccurrences(
            of: #""capabilities":[]"#,
            with: #""capabilities":["stack_inspection"]"#
        )
        let v1Names: [String] = Capability.allCases.filter { ProtocolVersion.v1.knows($0) }.map {
            "\"\($0.rawValue)\""
        }
        let v1Expected: String =
            #"capabilities[0]: found "stack_inspection", expected one of "# + v1Names.joined(separator: ", ")
            + #"; did you mean "stack-inspection"?"#
        #expect(try replyError(v1) == v1Expected)
        #expect(try replyError(v1, unknownKeys: .refused) == v1Expected)
    }

    private static let helloReply =
        #"{"type":"hello_reply","protocol":1,"name":"e","version":"1","profiles":["braze-swift"],"capabilities":[]}"#

    /// An engine's `extras` (or a request's `properties`) whose keys differ only in Unicode
    /// normalisation are refused at the later key, as the loader refuses them in a spec: the
    /// model's dictionaries would keep one value and drop the other without a word.
    @Test func keysThatDifferOnlyInNormalisationAreRefused() throws {
        let line =
            #"{"seq":1,"type":"observations","observations":[{"kind":"displayed","message":"a","extras":"#
            + #"{"caf\u00e9":"1","k":"v","cafe\u0301":"2"}}]}"#
        let error = try #require(try replyError(line))
        #expect(
            error == "observations[0].extras.cafe\u{301}: found a key that differs from the key \"caf\u{e9}\" only in "
                + "Unicode normalisation, expected names that stay distinct when normalised (the model compares names "
                + "as Swift strings do, canonically)",
            "\(error)"
        )
        let request = try JSONParser.parse(
            #"{"kind":"custom_event","name":"e","properties":{"cafe\u0301":1,"caf\u00e9":2},"source":"sdk"}"#
        )
        #expect(throws: WireFormatError.self) {
            _ = try WireCodec.decodeProperties(
                WireValue(message: request, unknownKeys: .ignored).object().field("properties")
            )
        }
    }

    @Test(arguments: [
        (
            observing(#"{"kind":"stacked","message":"a","reason":"later"}"#),
            #"observations[1].reason: found "later", expected one of "background", "message_visible", "delegate_later", "keyboard""#
        ),
        (
            observing(#"{"kind":"discarded","message":"a"}"#),
            #"observations[1].reason: found nothing (the key is missing), expected one of "delegate", "asset_failed", "timeout", "orientation", "missing_image""#
        ),
        (
            observing(#"{"kind":"shown","message":"a"}"#),
            #"observations[1].kind: found "shown", expected one of "displayed", "stacked", "discarded", "rolled_back", "dismissed", "no_matching_trigger", "impression_logged", "click_logged", "stack""#
        ),
        (
            observing(#"{"kind":"rolled_back","message":""}"#),
            #"observations[1].message: found "", expected a non-empty string"#
        ),
        (
            observing(#"{"kind":"click_logged","message":7}"#),
            #"observations[1].message: found 7, expected a non-empty string"#
        ),
        (
            observing(#"{"kind":"displayed","message":"a","extras":null}"#),
            "observations[1].extras: found null, expected an object of strings"
        ),
        (
            observing(#"{"kind":"displayed","message":"a","extras":{"k":true}}"#),
            "observations[1].extras.k: found true, expected a string"
        ),
        (observing(#"{"kind":"stack","messages":"a"}"#), #"observations[1].messages: found "a", expected an array"#),
        (
            observing(#"{"kind":"stack","messages":["a",""]}"#),
            #"observations[1].messages[1]: found "", expected a non-empty string"#
        ),
        (
            observing(#"{"kind":"no_matching_trigger","event":{"kind":"push_click"}}"#),
            "observations[1].event.campaign: found nothing (the key is missing), expected a string, or null"
        ),
        (
            observing(#"{"kind":"no_matching_trigger","event":{"kind":"purchase","product":["gem"]}}"#),
            #"observations[1].event.product: found an array ["gem"], expected a string"#
        ),
        (observing(#""displayed""#), #"observations[1]: found "displayed", expected an object"#),
        // A misspelt name is told the name it is nearest to.
        (
            observing(#"{"kind":"display","message":"a"}"#),
            #"observations[1].kind: found "display", expected one of "displayed", "stacked", "discarded", "rolled_back", "dismissed", "no_matching_trigger", "impression_logged", "click_logged", "stack"; did you mean "displayed"?"#
        ),
        (#"{"seq":1,"type":"observations","observations":{}}"#, "observations: found an object {}, expected an array"),
        (#"{"seq":1,"type":"observations"}"#, "observations: found nothing (the key is missing), expected an array"),
        ("[1, 2]", "the message: found an array [1,2], expected an object"),
        (
            #"{"type":"readied"}"#,
            #"type: found "readied", expected one of "hello_reply", "ready", "skipped", "observations", "unsupported", "error", "ended""#
        ),
        (#"{"seq":1,"type":"unsupported","reason":""}"#, #"reason: found "", expected a non-empty string"#),
        (
            #"{"type":"unsupported","reason":"no delay"}"#,
            "seq: found nothing (the key is missing), expected an integer of at least 1"
        ),
        (#"{"seq":1,"type":"skipped"}"#, "reason: found nothing (the key is missing), expected a non-empty string"),
        (#"{"seq":1,"type":"error","message":""}"#, #"message: found "", expected a non-empty string"#),
        (
            helloReply.replacingOccurrences(of: #""protocol":1"#, with: #""protocol":1.5"#),
            "protocol: found 1.5, expected an integer of at least 1"
        ),
        (
            helloReply.replacingOccurrences(of: #""protocol":1"#, with: #""protocol":0"#),
            "protocol: found 0, expected an integer of at least 1"
        ),
        (
            helloReply.replacingOccurrences(of: #""name":"e""#, with: #""name":"""#),
            #"name: found "", expected a non-empty string"#
        ),
        (
            helloReply.replacingOccurrences(of: #"["braze-swift"]"#, with: #"["braze-swift","braze-swift"]"#),
            #"profiles[1]: found "braze-swift" again (as at [0]), expected each item once"#
        ),
    ])
    func aBrokenReplyNamesThePlaceWhatWasFoundAndWhatWasExpected(line: String, error: String) throws {
        #expect(try replyError(line) == error)
        #expect(try replyError(line, unknownKeys: .refused) == error)
    }

    @Test func protocol1HasNoUnsupportedAnswer() throws {
        let message = try JSONParser.parse(#"{"type":"unsupported","reason":"no delay"}"#)
        let error = #expect(throws: WireFormatError.self) {
            try WireCodec.decodeReply(message, unknownKeys: .ignored, version: .v1)
        }
        #expect(
            error?.description
                == #"type: found "unsupported", expected one of "hello_reply", "ready", "skipped", "observations", "error""#
        )
        let declined = try JSONParser.parse(#"{"seq":4,"type":"unsupported","reason":"no delay"}"#)
        #expect(
            try WireCodec.decodeReply(declined, unknownKeys: .refused, version: .v2) == .unsupported(reason: "no delay")
        )
    }

    @Test func aKeyTheProtocolDoesNotDefineIsRefusedOnlyWhenAsked() throws {
        let line = Self.observing(#"{"kind":"displayed","message":"a","shown_at":"now"}"#)
        #expect(try replyError(line) == nil)
        #expect(
            try replyError(line, unknownKeys: .refused)
                == #"observations[1].shown_at: found a key the protocol does not define here, expected only the keys "kind", "message", "extras""#
        )
        #expect(try replyError(#"{"seq":1,"type":"ready","at":1}"#) == nil)
        #expect(
            try replyError(#"{"seq":1,"type":"ready","at":1}"#, unknownKeys: .refused)
                == #"at: found a key the protocol does not define here, expected only the keys "type", "seq""#
        )
    }

    @Test func anIntegerMayBeWrittenWithAZeroFractionAsInJSONSchema() throws {
        let reply = try WireCodec.decodeReply(
            try JSONParser.parse(Self.helloReply.replacingOccurrences(of: #""protocol":1"#, with: #""protocol":1.0"#)),
            unknownKeys: .refused
        )
        guard case .hello(let version, _, _, _) = reply else {
            Issue.record("not a hello_reply: \(reply)")
            return
        }
        #expect(version == 1)
        #expect(
            try replyError(Self.helloReply.replacingOccurrences(of: #""protocol":1"#, with: #""protocol":1e19"#))
                == "protocol: found 1e+19, expected an integer of at least 1"
        )
    }

    @Test func protocol2TiesEveryAnswerButHelloReplyToItsRequest() throws {
        #expect(
            try replyError(#"{"type":"ready"}"#)
                == "seq: found nothing (the key is missing), expected an integer of at least 1"
        )
        #expect(try replyError(#"{"seq":0,"type":"ready"}"#) == "seq: found 0, expected an integer of at least 1")
        #expect(try replyError(Self.helloReply) == nil)
        #expect(
            try replyError(Self.helloReply.replacingOccurrences(of: "{", with: #"{"seq":1,"#), unknownKeys: .refused)
                == #"seq: found a key the protocol does not define here, expected only the keys "type", "protocol", "name", "version", "profiles", "capabilities""#
        )
        #expect(WireCodec.sequenceNumber(of: try JSONParser.parse(#"{"seq":7.0,"type":"ready"}"#)) == 7)
        #expect(WireCodec.sequenceNumber(of: try JSONParser.parse(#"{"seq":"7","type":"ready"}"#)) == nil)
    }

    @Test func protocol1NeedsNoSeq() throws {
        #expect(
            try WireCodec.decodeReply(try JSONParser.parse(#"{"type":"ready"}"#), unknownKeys: .refused, version: .v1)
                == .ready
        )
        let request = try WireCodec.decodeRequest(
            try JSONParser.parse(#"{"type":"end_case"}"#),
            unknownKeys: .refused,
            version: .v1
        )
        #expect(request == .endCase)
        #expect(WireLines.text(EngineRequest.endCase, seq: 4, version: .v1) == #"{"type":"end_case"}"#)
        #expect(
            WireLines.text(EngineRequest.endCase, seq: 4, version: .v2) == #"{"type":"end_case","seq":4}"#
        )
        #expect(
            WireLines.text(EngineRequest.hello(protocolVersion: 2), seq: 4, version: .v2)
                == #"{"type":"hello","protocol":2}"#
        )
    }

    /// A `case` with one message, as iamspec writes it.
    private static let caseMessage = WireLines.message(
        .startCase(
            EngineSetup(
                caseID: "c",
                profile: .brazeSwift,
                configuration: EngineConfiguration(),
                messages: [
                    InAppMessage(
                        id: "m",
                        triggers: [
                            .customEvent(
                                name: "e",
                                filters: PropertyFilters(groups: [
                                    [PropertyCondition(property: "p", comparison: .exists)]
                                ])
                            )
                        ]
                    )
                ]
            )
        ),
        seq: 1
    )

    private static let firstMessage = JSONPath().appending("messages").appending(0)
    private static let firstCondition = firstMessage.appending("triggers").appending(0).appending("filters")
        .appending(0).appending(0)

    @Test(arguments: [
        (
            firstMessage.appending("timeout_ms"), nil,
            "messages[0].timeout_ms: found nothing (the key is missing), expected an integer of at least 0, or null"
        ),
        (
            firstMessage.appending("delay_ms"), JSONValue.integer(-1),
            "messages[0].delay_ms: found -1, expected an integer of at least 0"
        ),
        (
            firstMessage.appending("image"), "maybe",
            #"messages[0].image: found "maybe", expected one of "succeeds", "fails", "pending", or null"#
        ),
        (firstMessage.appending("test_send"), .integer(1), "messages[0].test_send: found 1, expected true or false"),
        (firstMessage.appending("priority"), "high", #"messages[0].priority: found "high", expected a number"#),
        (
            firstMessage.appending("triggers").appending(0).appending("filters").appending(0), .object([:]),
            "messages[0].triggers[0].filters[0]: found an object {}, expected an array"
        ),
        (
            firstCondition.appending("operator"), "like",
            #"messages[0].triggers[0].filters[0][0].operator: found "like", expected one of "equals", "not_equals", "greater_than", "less_than", "at_least", "at_most", "matches", "does_not_match", "exists", "does_not_exist", "within_last", "more_than_ago", "less_than_in_future", "more_than_in_future""#
        ),
        (
            JSONPath().appending("config").appending("device"), "watch",
            #"config.device: found "watch", expected one of "phone", "tablet""#
        ),
        (
            JSONPath().appending("profile"), .null,
            #"profile: found null, expected one of "braze-swift", "appboy-legacy""#
        ),
    ])
    func aBrokenCaseNamesThePlace(place: JSONPath, value: JSONValue?, error: String) {
        #expect(requestError(Self.caseMessage.setting(place, to: value)) == error)
    }

    @Test func aConditionTakesOnlyTheOperandItsOperatorNeeds() {
        let place = Self.firstCondition
        let comparison = Self.caseMessage.setting(place.appending("operator"), to: "greater_than")
        #expect(
            requestError(comparison)
                == "messages[0].triggers[0].filters[0][0].value: found nothing (the key is missing), expected a number"
        )
        #expect(
            requestError(comparison.setting(place.appending("value"), to: "5"))
                == #"messages[0].triggers[0].filters[0][0].value: found "5", expected a number"#
        )
        let exists = Self.caseMessage.setting(place.appending("value"), to: .integer(5))
        #expect(requestError(exists) == nil)
        #expect(
            requestError(exists, unknownKeys: .refused)
                == #"messages[0].triggers[0].filters[0][0].value: found a key the protocol does not define here, expected only the keys "property", "operator""#
        )
    }

    @Test(arguments: [
        (#"{"kind":"advance","by_ms":2.5}"#, "stimulus.by_ms: found 2.5, expected an integer of at least 1"),
        (#"{"kind":"advance","by_ms":0}"#, "stimulus.by_ms: found 0, expected an integer of at least 1"),
        (
            #"{"kind":"custom_event","name":"e","properties":{"at":null},"source":"sdk"}"#,
            #"stimulus.properties.at: found null, expected a string, a number, true or false, or {"time_ms": N}"#
        ),
        (
            #"{"kind":"custom_event","name":"e","properties":{"at":{"time_ms":-5}},"source":"sdk"}"#,
            "stimulus.properties.at.time_ms: found -5, expected an integer of at least 0"
        ),
        (
            #"{"kind":"purchase","product":"p","price":1,"properties":[],"source":"sdk"}"#,
            "stimulus.properties: found an array [], expected an object of property values"
        ),
        (
            #"{"kind":"session_start","sync":"later"}"#,
            #"stimulus.sync: found "later", expected one of "complete", "pending""#
        ),
        (
            #"{"kind":"asset_download","message":"m","outcome":"pending"}"#,
            #"stimulus.outcome: found "pending", expected one of "succeeds", "fails""#
        ),
    ])
    func aBrokenStimulusNamesThePlace(stimulus: String, error: String) throws {
        let message = JSONValue.object([
            "type": "stimulus", "seq": .integer(1), "stimulus": try JSONParser.parse(stimulus),
        ])
        #expect(requestError(message) == error)
    }
}
