import IAMSpec
import IAMSpecPortable

/// The parts of the published JSON Schemas that the descriptions of the steps (``StimulusKind``)
/// and of the capabilities (``Capability``) make, so that a new kind of step or a new capability
/// is written once, in Swift: `Specs/schema.json`'s steps and the names of its capabilities, and
/// `Specs/schemas/protocol/definitions.json`'s stimuli and the names of its capabilities
/// (`Specs/schemas/rules.schema.json` refers to `Specs/schema.json`'s).
///
/// `scripts/update-schemas` writes them into those files (`iamspec schema-parts` prints them); a
/// test fails while a file holds other parts than these.
package enum StepSchemas {
    /// Each part, by the file it belongs to (its path in the repository) and its place there (a
    /// JSON pointer): `{"Specs/schema.json": {"/definitions/step": {...}, ...}, ...}`.
    package static var parts: JSONValue {
        let capabilities = JSONValue.array(Capability.allCases.map { .string($0.rawValue) })
        return .object([
            "Specs/schema.json": .object([
                "/definitions/step": caseStep,
                "/definitions/capability/enum": capabilities,
            ]),
            "Specs/schemas/protocol/definitions.json": .object([
                "/$defs/stimulus": stimulus,
                "/$defs/capability/enum": capabilities,
            ]),
        ])
    }

    /// ``parts`` as one line of JSON, each object's keys in the order the schemas list them.
    package static var partsLine: String {
        JSONSerializer.line(parts, keepingKeyOrder: true)
    }

    // MARK: The case format (YAML)

    /// `step`: a bare name (every kind whose fields all have a default), or a mapping of one key,
    /// each kind's value as ``StimulusKind/argument`` says a case writes it.
    static var caseStep: JSONValue {
        let steps = StimulusKind.steps
        let bare = steps.filter { kind in kind.fields.allSatisfy { $0.fallback != nil } }
        var valued = JSONObject()
        for kind in steps where !kind.fields.isEmpty {
            var form: JSONObject
            switch kind.argument {
            case .none, .fields: form = caseMapping(of: kind)
            case .value: form = schemas(of: kind.fields[0]).inCase
            case .valueOrFields:
                form = ["anyOf": .array([.object(schemas(of: kind.fields[0]).inCase), .object(caseMapping(of: kind))])]
            }
            form["description"] = .string(kind.about + (kind.argument == .value ? unit(of: kind.fields[0]) : ""))
            valued[kind.nameText] = .object(form)
        }
        valued["expect"] = .object(["$ref": "#/definitions/expectation"])
        return .object([
            "anyOf": .array([
                .object([
                    "enum": .array(bare.map { .string($0.nameText) }),
                    "description": .string(bare.map { "\($0.nameText): \($0.about)" }.joined(separator: " ")),
                ]),
                .object([
                    "type": "object",
                    "minProperties": .integer(1),
                    "maxProperties": .integer(1),
                    "additionalProperties": .boolean(false),
                    "properties": .object(valued),
                    "description": "A step that takes a value.",
                ]),
            ]),
            "description":
                "A step: a bare name, or a mapping with one key. Every step but expect is a stimulus sent to the engine.",
        ])
    }

    /// A kind's mapping form: its fields by key, those without a default required.
    private static func caseMapping(of kind: StimulusKind) -> JSONObject {
        var properties = JSONObject()
        for field in kind.fields {
            var value = schemas(of: field).inCase
            if value["$ref"] == nil {
                value["description"] = .string(field.about + unit(of: field) + fallback(of: field))
            }
            properties[field.name] = .object(value)
        }
        var mapping: JSONObject = ["type": "object"]
        let required = kind.fields.filter { $0.fallback == nil }
        if !required.isEmpty { mapping["required"] = .array(required.map { .string($0.name) }) }
        mapping["additionalProperties"] = .boolean(false)
        mapping["properties"] = .object(properties)
        return mapping
    }

    /// A field's schema in a case and on the wire, side by side: every field is sent on the wire,
    /// an optional text as `null`, a span in whole milliseconds.
    private static func schemas(of field: StepField) -> (inCase: JSONObject, onWire: JSONObject) {
        let optional = field.fallback == .absent
        switch field.content {
        case .text: return (["type": "string"], ["type": optional ? .array(["string", "null"]) : "string"])
        case .message: return (["$ref": "#/definitions/messageId"], ["$ref": "definitions.json#/$defs/message_id"])
        case .choice(let choice):
            let words = JSONValue.array(choice.words.map { .string($0) })
            return (["enum": words], ["enum": words])
        case .span:
            return (["type": "number", "exclusiveMinimum": .integer(0)], ["type": "integer", "minimum": .integer(1)])
        case .number: return (["type": "number"], ["type": "number"])
        case .properties: return (["$ref": "#/definitions/properties"], ["$ref": "definitions.json#/$defs/properties"])
        case .localMessage: return (["$ref": "#/definitions/localMessage"], ["$ref": "definitions.json#/$defs/message"])
        }
    }

    /// ` Default: complete.`: the value a case that leaves out the field gives it, when it is a
    /// word or a number; nothing otherwise.
    private static func fallback(of field: StepField) -> String {
        switch field.fallback {
        case .text(let word)?: " Default: \(word)."
        case .number(let number)?: " Default: \(Int(exactly: number).map(String.init) ?? String(number))."
        case .absent?, .span?, .properties?, .message?, nil: ""
        }
    }

    /// How a case writes a span, after the field's words; nothing for other contents.
    private static func unit(of field: StepField) -> String {
        guard case .span = field.content else { return "" }
        return " Seconds of virtual time: a number above 0 with at most three decimals."
    }

    // MARK: The protocol (JSON)

    /// `stimulus`: one alternative per kind, each with its `kind` and every field's wire key, all
    /// of them required; a kind that came after protocol 1 says from which version.
    static var stimulus: JSONValue {
        .object([
            "description": "One stimulus, named as the case format's step.",
            "oneOf": .array(StimulusKind.all.map(wireForm)),
        ])
    }

    private static func wireForm(of kind: StimulusKind) -> JSONValue {
        var properties: JSONObject = ["kind": .object(["const": .string(kind.nameText)])]
        for field in kind.fields {
            var value = schemas(of: field).onWire
            if value["$ref"] == nil {
                let unit = if case .span = field.content { " In whole milliseconds, above 0." } else { "" }
                value["description"] = .string(field.about + unit)
            }
            properties[field.wireKey.description] = .object(value)
        }
        let since = ProtocolVersion.allCases.first { $0.carries(kind) } ?? .latest
        return .object([
            "type": "object",
            "properties": .object(properties),
            "required": .array((["kind"] + kind.fields.map(\.wireKey.description)).map { .string($0) }),
            "additionalProperties": .boolean(false),
            "description": .string((since == .v1 ? "" : "Protocol \(since.rawValue): ") + kind.about),
        ])
    }
}
