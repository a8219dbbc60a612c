import Foundation
import IAMSpecPortable

@testable import IAMSpecStdio

/// The protocol's JSON Schemas as published in `Specs/schemas/protocol`, read to find which
/// schema governs each place of a valid message; tests then break that place the way the schema
/// forbids, and expect the decoder to refuse it there.
///
/// Not a validator: it follows `$ref`, picks the `oneOf` alternative a valid value matches, and
/// reports each place with its schema.
struct PublishedSchemas {
    static let directory = EngineFixtures.directory
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Specs/schemas/protocol")

    /// Each schema document by file name (`case.json`, `definitions.json`, ...).
    let documents: [String: JSONValue]

    init() throws {
        var documents: [String: JSONValue] = [:]
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
        for file in files where file.hasSuffix(".json") {
            let data = try Data(contentsOf: Self.directory.appendingPathComponent(file))
            documents[file] = try JSONParser.parse(Array(data))
        }
        self.documents = documents
    }

    /// A place in a valid message, with the schema that governs it.
    struct Place {
        var path: JSONPath
        var value: JSONValue
        /// The schema object, past `$ref`; for a `oneOf`, the alternative the value matches.
        var schema: JSONObject
        /// The JSON types the schema allows here (from `type`, or every `oneOf` alternative's);
        /// nil where it does not say (an `enum`).
        var types: Set<String>?
    }

    /// Every place of `message`, a valid message of type `type`, and the `oneOf` alternatives
    /// it went through (as `definitions.json#/$defs/stimulus/oneOf/3`).
    func places(in message: JSONValue, type: String) throws -> (places: [Place], alternatives: Set<String>) {
        var walk = Walk(schemas: self)
        try walk.visit(
            message,
            schema: .object(["$ref": .string("\(type).json#")]),
            document: type + ".json",
            at: JSONPath()
        )
        return (walk.places, walk.alternatives)
    }

    /// Every `oneOf` alternative of every document, named as ``places(in:type:)`` names them.
    var allAlternatives: Set<String> {
        var names: Set<String> = []
        func collect(_ value: JSONValue, _ pointer: String) {
            switch value {
            case .object(let fields):
                for (key, member) in fields {
                    if key == "oneOf", case .array(let alternatives) = member {
                        for index in alternatives.indices { names.insert("\(pointer)/oneOf/\(index)") }
                    }
                    collect(member, "\(pointer)/\(key)")
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() { collect(element, "\(pointer)/\(index)") }
            default:
                break
            }
        }
        for (name, document) in documents { collect(document, "\(name)#") }
        return names
    }

    /// The JSON Schema type names a value has (`integer` is also a `number`).
    static func typeNames(of value: JSONValue) -> Set<String> {
        switch value {
        case .null: ["null"]
        case .boolean: ["boolean"]
        case .integer: ["integer", "number"]
        case .number(let number): number.rounded() == number ? ["integer", "number"] : ["number"]
        case .string: ["string"]
        case .array: ["array"]
        case .object: ["object"]
        }
    }

    private struct Walk {
        let schemas: PublishedSchemas
        var places: [Place] = []
        var alternatives: Set<String> = []

        /// The schema at `reference` (`other.json#/$defs/x`, `#/$defs/x`) seen from `document`.
        func resolve(
            _ reference: String,
            from document: String
        ) throws -> (JSONValue, document: String, pointer: String) {
            let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let target = parts[0].isEmpty ? document : String(parts[0])
            guard var schema = schemas.documents[target] else {
                throw SchemaReadingError("no schema document \(target)")
            }
            let pointer = parts.count > 1 ? String(parts[1]) : ""
            for token in pointer.split(separator: "/") {
                guard case .object(let fields) = schema, let next = fields[String(token)] else {
                    throw SchemaReadingError("\(reference) points at nothing")
                }
                schema = next
            }
            return (schema, target, "\(target)#\(pointer)")
        }

        mutating func visit(_ value: JSONValue, schema: JSONValue, document: String, at path: JSONPath) throws {
            try visit(value, schema: schema, document: document, pointer: "\(document)#", at: path)
        }

        mutating func visit(
            _ value: JSONValue,
            schema: JSONValue,
            document: String,
            pointer: String,
            at path: JSONPath
        ) throws {
            guard case .object(let fields) = schema else { throw SchemaReadingError("\(pointer) is not an object") }
            if case .string(let reference)? = fields["$ref"] {
                let (target, targetDocument, targetPointer) = try resolve(reference, from: document)
                return try visit(value, schema: target, document: targetDocument, pointer: targetPointer, at: path)
            }
            if case .array(let options)? = fields["oneOf"] {
                var types: Set<String> = []
                var chosen: (Int, JSONObject)?
                for (index, option) in options.enumerated() {
                    guard case .object(let optionFields) = option else { continue }
                    types.formUnion(Self.declaredTypes(optionFields) ?? [])
                    if chosen == nil && Self.matches(value, optionFields) { chosen = (index, optionFields) }
                }
                guard let (index, alternative) = chosen else {
                    throw SchemaReadingError("\(path): no alternative of \(pointer) matches")
                }
                alternatives.insert("\(pointer)/oneOf/\(index)")
                return try record(
                    value,
                    schema: alternative,
                    types: types,
                    document: document,
                    pointer: "\(pointer)/oneOf/\(index)",
                    at: path
                )
            }
            try record(
                value,
                schema: fields,
                types: Self.declaredTypes(fields),
                document: document,
                pointer: pointer,
                at: path
            )
        }

        private mutating func record(
            _ value: JSONValue,
            schema: JSONObject,
            types: Set<String>?,
            document: String,
            pointer: String,
            at path: JSONPath
        ) throws {
            places.append(Place(path: path, value: value, schema: schema, types: types))
            /// Visits what is inside this value, governed by the schema at `place` inside this one.
            func visitMember(_ member: JSONValue, _ memberSchema: JSONValue, _ place: String, _ at: JSONPath) throws {
                try visit(member, schema: memberSchema, document: document, pointer: "\(pointer)/\(place)", at: at)
            }
            switch value {
            case .object(let fields):
                let properties: JSONObject
                if case .object(let declared)? = schema["properties"] {
                    properties = declared
                } else {
                    properties = [:]
                }
                let additional: JSONValue? =
                    if case .object? = schema["additionalProperties"] { schema["additionalProperties"] } else { nil }
                for (key, member) in fields {
                    let declared = properties[key].map { ($0, "properties/\(key)") }
                    guard let (memberSchema, place) = declared ?? additional.map({ ($0, "additionalProperties") })
                    else { continue }
                    try visitMember(member, memberSchema, place, path.appending(key))
                }
            case .array(let elements):
                if let items = schema["items"] {
                    for (index, element) in elements.enumerated() {
                        try visitMember(element, items, "items", path.appending(index))
                    }
                }
            default:
                break
            }
        }

        private static func declaredTypes(_ schema: JSONObject) -> Set<String>? {
            switch schema["type"] {
            case .string(let name)?: [name]
            case .array(let names)?:
                Set(names.compactMap { if case .string(let name) = $0 { name } else { nil } })
            default: nil
            }
        }

        /// Whether a valid value is the one an alternative describes: its type, and every `const`
        /// among its properties (the discriminators `kind`, `operator`).
        private static func matches(_ value: JSONValue, _ alternative: JSONObject) -> Bool {
            if let types = declaredTypes(alternative), typeNames(of: value).isDisjoint(with: types) { return false }
            guard case .object(let properties)? = alternative["properties"], case .object(let fields) = value else {
                return true
            }
            for (key, property) in properties {
                if case .object(let constraint) = property, let constant = constraint["const"], fields[key] != constant
                {
                    return false
                }
            }
            return true
        }
    }
}

/// A schema document that cannot be read as ``PublishedSchemas`` reads them.
struct SchemaReadingError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
