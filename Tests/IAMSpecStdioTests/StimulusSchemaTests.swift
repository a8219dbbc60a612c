import Foundation
import IAMSpec
import IAMSpecPortable
import Testing

/// `Specs/schemas/protocol/definitions.json` says of each stimulus exactly what its description
/// (`StimulusKind`) says: its kind, its keys, each key's values, all of them required; and its
/// `capability` names exactly the capabilities there are.
@Suite struct StimulusSchemaTests {
    static func definitions() throws -> [String: Any] {
        let url = PublishedSchemas.directory.appendingPathComponent("definitions.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(schema["$defs"] as? [String: Any])
    }

    /// The schema a field's value must have on the wire.
    static func expectedSchema(of field: StepField) -> [String: Any] {
        switch field.content {
        case .text: field.fallback == .absent ? ["type": ["string", "null"]] : ["type": "string"]
        case .message: ["$ref": "definitions.json#/$defs/message_id"]
        case .choice(let choice): ["enum": choice.options.map(\.word)]
        case .span: ["type": "integer", "minimum": 1]
        case .number: ["type": "number"]
        case .properties: ["$ref": "definitions.json#/$defs/properties"]
        case .localMessage: ["$ref": "definitions.json#/$defs/message"]
        }
    }

    /// The schema as JSON text with its keys sorted, to compare two whatever their numbers' types.
    static func canonical(_ schema: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: schema, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func eachStimulusKindHasItsOwnAlternativeWithItsKeys() throws {
        let alternatives = try #require(
            (try Self.definitions()["stimulus"] as? [String: Any])?["oneOf"] as? [[String: Any]]
        )
        var byKind: [String: [String: Any]] = [:]
        for alternative in alternatives {
            let properties = try #require(alternative["properties"] as? [String: Any])
            let kind = try #require((properties["kind"] as? [String: Any])?["const"] as? String)
            #expect(byKind[kind] == nil, "two alternatives for \(kind)")
            byKind[kind] = alternative
        }
        #expect(Set(byKind.keys) == Set(StimulusKind.all.map(\.nameText)))
        for kind in StimulusKind.all {
            let alternative = try #require(byKind[kind.nameText], "no alternative for \(kind.nameText)")
            let properties = try #require(alternative["properties"] as? [String: Any])
            let keys = ["kind"] + kind.fields.map { $0.wireKey.description }
            #expect(Set(properties.keys) == Set(keys), "\(kind.nameText)")
            #expect(Set(alternative["required"] as? [String] ?? []) == Set(keys), "\(kind.nameText): every key is sent")
            #expect(alternative["additionalProperties"] as? Bool == false, "\(kind.nameText)")
            for field in kind.fields {
                var actual = try #require(properties[field.wireKey.description] as? [String: Any])
                actual["description"] = nil
                let expected = Self.expectedSchema(of: field)
                #expect(
                    try Self.canonical(actual) == Self.canonical(expected),
                    "\(kind.nameText).\(field.wireKey): \(actual) is not \(expected)"
                )
            }
        }
    }

    @Test func theCapabilitiesAreExactlyTheOnesThereAre() throws {
        let capability = try #require(try Self.definitions()["capability"] as? [String: Any])
        #expect(Set(capability["enum"] as? [String] ?? []) == Set(Capability.allCases.map(\.rawValue)))
    }
}
