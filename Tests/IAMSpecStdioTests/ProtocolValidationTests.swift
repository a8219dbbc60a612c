import Foundation
import IAMSpec
import Testing

@testable import IAMSpecStdio

/// `--validate-protocol`: the schemas as published, and what a violation turns into.
@Suite struct ProtocolValidationTests {
    private static let schemaDirectory = EngineFixtures.directory
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Specs/schemas/protocol")

    @Test func theCompiledSchemasAreTheFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.schemaDirectory.path)
            .filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(ProtocolSchemas.documents.keys))
        for file in files {
            let text = try String(contentsOf: Self.schemaDirectory.appendingPathComponent(file), encoding: .utf8)
            #expect(
                ProtocolSchemas.documents[file].map { $0 + "\n" } == text,
                "Sources/IAMSpecStdio/Validation/ProtocolSchemas.swift must hold \(file) exactly"
            )
        }
    }

    @Test func everyMessageTypeHasASchema() {
        let types = [
            "hello", "case", "stimulus", "end_case", "shutdown", "hello_reply", "ready", "skipped", "observations",
            "error",
        ]
        for type in types { #expect(ProtocolSchemas.documents["\(type).json"] != nil, "\(type)") }
    }

    @Test func aSchemaWithAnUnsupportedKeywordIsRefused() {
        #expect {
            _ = try SchemaValidator(documents: ["x.json": #"{"type": "object", "patternProperties": {}}"#])
        } throws: { error in
            (error as? SchemaDocumentError)?.problem.contains("\"patternProperties\" is not supported") ?? false
        }
    }

    @Test(arguments: [
        (#"{"type":"observations"}"#, #"$: the required key "observations" is missing"#),
        (#"{"type":"observations","observations":[],"extra":1}"#, #"$: unexpected key "extra""#),
        (
            #"{"type":"observations","observations":[{"kind":"shown","message":"a"}]}"#,
            #"$.observations[0].kind: expected one of "displayed""#
        ),
        (
            #"{"type":"observations","observations":[{"kind":"stacked","message":"a","reason":"shelved"}]}"#,
            #"$.observations[0].reason: expected one of "background", "message_visible", "delegate_later", "keyboard", found "shelved""#
        ),
        (
            #"{"type":"observations","observations":[{"kind":"displayed","message":""}]}"#,
            #"$.observations[0].message: expected at least 1 characters"#
        ),
        (
            #"{"type":"observations","observations":[{"kind":"stack","messages":[1]}]}"#,
            #"$.observations[0].messages[0]: expected a string, found integer 1"#
        ),
    ])
    func violationsNameThePlaceAndTheProblem(message: String, violation: String) throws {
        let violations = ProtocolValidator.bundled.violations(
            of: try JSONParser.parse(message),
            messageType: "observations"
        )
        #expect(violations.contains { $0.hasPrefix(violation) }, "\(violations)")
    }

    @Test func aViolationIsTheCaseError() throws {
        let command = EngineFixtures.command("faults/extra_keys.py")
        let lenient = try StdioEngineProvider(command: command)
        defer { lenient.shutdown() }
        var tolerated = try lenient.makeEngine(for: EngineFixtures.setup("a-fault"))
        #expect(try tolerated.handle(.sessionStarted(syncPending: false)) == [.displayed("promo", extras: [:])])

        let strict = try StdioEngineProvider(command: command, settings: StdioEngineSettings(validatesProtocol: true))
        defer { strict.shutdown() }
        var checked = try strict.makeEngine(for: EngineFixtures.setup("a-fault"))
        #expect {
            try checked.handle(.sessionStarted(syncPending: false))
        } throws: { error in
            (error as? EngineError)?.message
                == "the engine's `observations` answer to stimulus session_start violates the protocol schema "
                + #"observations.json: $.observations[0]: unexpected key "shown_at""#
        }
    }
}
