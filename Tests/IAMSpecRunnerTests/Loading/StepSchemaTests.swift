import Foundation
import IAMSpec
import Testing

/// `Specs/schema.json` says of each step exactly what its description (`StimulusKind`) says: the
/// steps written bare, the forms of the others, each field's key and values, which fields a
/// mapping must hold; and its `capability` names exactly the capabilities there are.
@Suite struct StepSchemaTests {
    static func definitions() throws -> [String: Any] {
        try SchemaAgreementTests.definitions("schema.json")
    }

    /// What a field's value must be in a case, as the schema says it: a `$ref`, an `enum`, or a `type`.
    static func expectedShape(of field: StepField) -> String {
        switch field.content {
        case .text: "type string"
        case .message: "$ref #/definitions/messageId"
        case .choice(let choice): "enum " + choice.options.map(\.word).joined(separator: ",")
        case .span: "type number"
        case .number: "type number"
        case .properties: "$ref #/definitions/properties"
        case .localMessage: "$ref #/definitions/localMessage"
        }
    }

    static func shape(of schema: [String: Any]) -> String {
        if let reference = schema["$ref"] as? String { return "$ref " + reference }
        if let words = schema["enum"] as? [String] { return "enum " + words.joined(separator: ",") }
        return "type " + (schema["type"] as? String ?? "?")
    }

    /// The mapping form's schema: the fields' keys, the ones without a default required.
    static func checkMapping(_ schema: [String: Any], of kind: StimulusKind) {
        let properties = schema["properties"] as? [String: Any] ?? [:]
        #expect(Set(properties.keys) == Set(kind.fields.map { $0.key.description }), "\(kind.nameText)")
        let required = kind.fields.filter { $0.fallback == nil }.map { $0.key.description }
        #expect(Set(schema["required"] as? [String] ?? []) == Set(required), "\(kind.nameText): required keys")
        #expect(schema["additionalProperties"] as? Bool == false, "\(kind.nameText)")
        for field in kind.fields {
            let actual = shape(of: properties[field.key.description] as? [String: Any] ?? [:])
            #expect(actual == expectedShape(of: field), "\(kind.nameText).\(field.key)")
        }
    }

    @Test func eachStepHasTheFormsItsDescriptionGives() throws {
        let step = try #require(try Self.definitions()["step"] as? [String: Any])
        let forms = try #require(step["anyOf"] as? [[String: Any]])
        let bare = Set(try #require(forms.first?["enum"] as? [String]))
        let valued = try #require(forms.dropFirst().first?["properties"] as? [String: Any])
        let writtenBare = StimulusKind.steps.filter { kind in
            kind.fields.allSatisfy { $0.fallback != nil }
        }
        #expect(bare == Set(writtenBare.map(\.nameText)))
        #expect(Set(valued.keys) == Set(StimulusKind.steps.filter { !$0.fields.isEmpty }.map(\.nameText) + ["expect"]))
        for kind in StimulusKind.steps where !kind.fields.isEmpty {
            let schema = try #require(valued[kind.nameText] as? [String: Any], "\(kind.nameText)")
            switch kind.argument {
            case .none:
                Issue.record("\(kind.nameText) has fields but takes no argument")
            case .value:
                #expect(Self.shape(of: schema) == Self.expectedShape(of: kind.fields[0]), "\(kind.nameText)")
            case .fields:
                #expect(schema["type"] as? String == "object", "\(kind.nameText)")
                Self.checkMapping(schema, of: kind)
            case .valueOrFields:
                let alternatives = schema["anyOf"] as? [[String: Any]] ?? []
                #expect(alternatives.count == 2, "\(kind.nameText): a value or a mapping")
                if alternatives.count == 2 {
                    #expect(Self.shape(of: alternatives[0]) == Self.expectedShape(of: kind.fields[0]))
                    Self.checkMapping(alternatives[1], of: kind)
                }
            }
        }
    }

    @Test func theCapabilitiesAreExactlyTheOnesThereAre() throws {
        let capability = try #require(try Self.definitions()["capability"] as? [String: Any])
        #expect(Set(capability["enum"] as? [String] ?? []) == Set(Capability.allCases.map(\.rawValue)))
    }
}
