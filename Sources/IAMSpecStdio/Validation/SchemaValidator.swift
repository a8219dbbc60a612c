/// A schema file that uses JSON Schema beyond what ``SchemaValidator`` implements, or that is
/// not valid JSON.
struct SchemaDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    var document: String
    var problem: String

    var description: String { "\(document): \(problem)" }
}

/// Validates JSON values against a set of JSON Schema (2020-12) documents, implementing the
/// subset of keywords iamspec's protocol schemas use.
///
/// Supported: `$ref` (to `#/...` in the same document or `other.json#/...`), `type`, `const`,
/// `enum`, `properties`, `required`, `additionalProperties`, `items`, `minItems`,
/// `uniqueItems`, `minimum`, `minLength`, `oneOf`; annotations (`$schema`, `$id`, `$defs`,
/// `title`, `description`, `$comment`, `examples`) are ignored. A document using any other
/// keyword is refused when the validator is made, so no rule is silently skipped.
///
/// For `oneOf` whose alternatives each fix a discriminator (`properties.kind.const` or
/// `properties.type.const`), a value matching none is reported against the alternative its
/// discriminator selects, so the message names the actual problem.
struct SchemaValidator: Sendable {
    private let documents: [String: JSONValue]

    static let supportedKeywords: Set<String> = [
        "$ref", "type", "const", "enum", "properties", "required", "additionalProperties", "items", "minItems",
        "uniqueItems", "minimum", "minLength", "oneOf",
    ]
    static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description", "$comment", "examples"]

    /// Parses the documents (file name to JSON text) and checks they use only supported keywords.
    init(documents texts: [String: String]) throws(SchemaDocumentError) {
        var documents: [String: JSONValue] = [:]
        for (name, text) in texts {
            do {
                documents[name] = try JSONParser.parse(text)
            } catch {
                throw SchemaDocumentError(document: name, problem: "not JSON: \(error)")
            }
        }
        self.documents = documents
        for (name, document) in documents {
            try Self.checkKeywords(document, document: name, pointer: "#")
        }
    }

    private static func checkKeywords(
        _ schema: JSONValue,
        document: String,
        pointer: String
    ) throws(SchemaDocumentError) {
        guard case .object(let fields) = schema else {
            if case .boolean = schema { return }
            throw SchemaDocumentError(
                document: document,
                problem: "\(pointer): a schema must be an object or a boolean"
            )
        }
        for (keyword, value) in fields {
            let here = "\(pointer)/\(keyword)"
            switch keyword {
            case "properties", "$defs":
                guard case .object(let members) = value else {
                    throw SchemaDocumentError(document: document, problem: "\(here): expected an object")
                }
                for (name, member) in members {
                    try checkKeywords(member, document: document, pointer: "\(here)/\(name)")
                }
            case "items", "additionalProperties":
                try checkKeywords(value, document: document, pointer: here)
            case "oneOf":
                guard case .array(let alternatives) = value else {
                    throw SchemaDocumentError(document: document, problem: "\(here): expected an array")
                }
                for (index, alternative) in alternatives.enumerated() {
                    try checkKeywords(alternative, document: document, pointer: "\(here)/\(index)")
                }
            default:
                guard supportedKeywords.contains(keyword) || annotations.contains(keyword) else {
                    throw SchemaDocumentError(
                        document: document,
                        problem: "\(here): the keyword \"\(keyword)\" is not supported by iamspec's validator"
                    )
                }
            }
        }
    }

    /// Every way `value` violates the document's schema, as `PATH: problem`; empty when valid.
    func violations(of value: JSONValue, document name: String) -> [String] {
        guard let document = documents[name] else { return ["$: no schema named \(name)"] }
        var found: [String] = []
        check(value, against: document, document: name, path: "$", into: &found)
        return found
    }

    private func check(
        _ value: JSONValue,
        against schema: JSONValue,
        document: String,
        path: String,
        into found: inout [String]
    ) {
        guard case .object(let keywords) = schema else {
            if case .boolean(false) = schema { found.append("\(path): no value is allowed here") }
            return
        }
        if case .string(let reference)? = keywords["$ref"] {
            guard let (target, targetDocument) = resolve(reference, from: document) else {
                found.append("\(path): the schema reference \(reference) does not resolve")
                return
            }
            check(value, against: target, document: targetDocument, path: path, into: &found)
        }
        if let type = keywords["type"], !matchesType(value, type) {
            found.append("\(path): expected \(describeType(type)), found \(value.typeName) \(value.excerpt)")
            return
        }
        if let constant = keywords["const"], !sameValue(constant, value) {
            found.append("\(path): expected \(constant.excerpt), found \(value.excerpt)")
        }
        if case .array(let allowed)? = keywords["enum"], !allowed.contains(where: { sameValue($0, value) }) {
            let list = allowed.map(\.excerpt).joined(separator: ", ")
            found.append("\(path): expected one of \(list), found \(value.excerpt)")
        }
        checkObject(value, keywords, document: document, path: path, into: &found)
        checkArray(value, keywords, document: document, path: path, into: &found)
        checkScalar(value, keywords, path: path, into: &found)
        if case .array(let alternatives)? = keywords["oneOf"] {
            checkOneOf(value, alternatives, document: document, path: path, into: &found)
        }
    }

    private func checkObject(
        _ value: JSONValue,
        _ keywords: [String: JSONValue],
        document: String,
        path: String,
        into found: inout [String]
    ) {
        guard case .object(let fields) = value else { return }
        if case .array(let required)? = keywords["required"] {
            for case .string(let key) in required where fields[key] == nil {
                found.append("\(path): the required key \"\(key)\" is missing")
            }
        }
        var properties: [String: JSONValue] = [:]
        if case .object(let declared)? = keywords["properties"] { properties = declared }
        for key in fields.keys.sorted() {
            let fieldPath = "\(path).\(key)"
            if let property = properties[key] {
                check(fields[key] ?? .null, against: property, document: document, path: fieldPath, into: &found)
            } else if let additional = keywords["additionalProperties"] {
                if case .boolean(false) = additional {
                    found.append("\(path): unexpected key \"\(key)\"")
                } else {
                    check(fields[key] ?? .null, against: additional, document: document, path: fieldPath, into: &found)
                }
            }
        }
    }

    private func checkArray(
        _ value: JSONValue,
        _ keywords: [String: JSONValue],
        document: String,
        path: String,
        into found: inout [String]
    ) {
        guard case .array(let elements) = value else { return }
        if case .integer(let minimum)? = keywords["minItems"], elements.count < minimum {
            found.append("\(path): expected at least \(minimum) elements, found \(elements.count)")
        }
        if case .boolean(true)? = keywords["uniqueItems"] {
            for (index, element) in elements.enumerated() where elements[..<index].contains(element) {
                found.append("\(path)[\(index)]: \(element.excerpt) appears more than once")
            }
        }
        if let items = keywords["items"] {
            for (index, element) in elements.enumerated() {
                check(element, against: items, document: document, path: "\(path)[\(index)]", into: &found)
            }
        }
    }

    private func checkScalar(
        _ value: JSONValue,
        _ keywords: [String: JSONValue],
        path: String,
        into found: inout [String]
    ) {
        if let minimum = keywords["minimum"]?.numericValue, let number = value.numericValue, number < minimum {
            found.append("\(path): expected at least \(keywords["minimum"]?.excerpt ?? ""), found \(value.excerpt)")
        }
        if case .integer(let minimum)? = keywords["minLength"], case .string(let text) = value,
            text.unicodeScalars.count < minimum
        {
            found.append("\(path): expected at least \(minimum) characters, found \(value.excerpt)")
        }
    }

    private func checkOneOf(
        _ value: JSONValue,
        _ alternatives: [JSONValue],
        document: String,
        path: String,
        into found: inout [String]
    ) {
        var results: [[String]] = []
        for alternative in alternatives {
            var problems: [String] = []
            check(value, against: alternative, document: document, path: path, into: &problems)
            results.append(problems)
        }
        let matching = results.filter(\.isEmpty).count
        if matching == 1 { return }
        if matching > 1 {
            found.append("\(path): matches \(matching) of the alternatives, expected exactly one")
            return
        }
        for discriminator in ["kind", "type"] {
            let constants = alternatives.map { discriminatorConstant(of: $0, key: discriminator, document: document) }
            guard constants.allSatisfy({ $0 != nil }) else { continue }
            guard case .object(let fields) = value, let actual = fields[discriminator] else {
                found.append("\(path): the required key \"\(discriminator)\" is missing")
                return
            }
            if let index = constants.firstIndex(where: { $0.map { sameValue($0, actual) } ?? false }) {
                found.append(contentsOf: results[index])
            } else {
                let list = constants.compactMap { $0?.excerpt }.joined(separator: ", ")
                found.append("\(path).\(discriminator): expected one of \(list), found \(actual.excerpt)")
            }
            return
        }
        found.append("\(path): matches none of the \(alternatives.count) alternatives")
    }

    /// The `const` an alternative fixes for a discriminator key, following `$ref`s.
    private func discriminatorConstant(of schema: JSONValue, key: String, document: String) -> JSONValue? {
        guard case .object(let keywords) = schema else { return nil }
        if case .object(let properties)? = keywords["properties"], case .object(let property)? = properties[key],
            let constant = property["const"]
        {
            return constant
        }
        if case .string(let reference)? = keywords["$ref"],
            let (target, targetDocument) = resolve(reference, from: document)
        {
            return discriminatorConstant(of: target, key: key, document: targetDocument)
        }
        return nil
    }

    private func resolve(_ reference: String, from document: String) -> (JSONValue, String)? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let documentName = parts[0].isEmpty ? document : String(parts[0])
        guard var target = documents[documentName] else { return nil }
        let pointer = parts.count > 1 ? parts[1] : ""
        for token in pointer.split(separator: "/") {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard case .object(let fields) = target, let next = fields[key] else { return nil }
            target = next
        }
        return (target, documentName)
    }

    private func matchesType(_ value: JSONValue, _ type: JSONValue) -> Bool {
        switch type {
        case .string(let name): return matchesType(value, named: name)
        case .array(let names):
            return names.contains { if case .string(let name) = $0 { matchesType(value, named: name) } else { false } }
        default: return false
        }
    }

    private func matchesType(_ value: JSONValue, named name: String) -> Bool {
        switch (name, value) {
        case ("null", .null), ("boolean", .boolean), ("string", .string), ("array", .array), ("object", .object),
            ("integer", .integer), ("number", .integer), ("number", .number):
            true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }

    private func describeType(_ type: JSONValue) -> String {
        switch type {
        case .string(let name): article(name)
        case .array(let names):
            names.compactMap { if case .string(let name) = $0 { article(name) } else { nil } }
                .joined(separator: " or ")
        default: type.excerpt
        }
    }

    private func article(_ name: String) -> String {
        ["integer", "array", "object"].contains(name) ? "an \(name)" : "a \(name)"
    }

    /// JSON equality, with integers and other numbers compared by value.
    private func sameValue(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if let left = lhs.numericValue, let right = rhs.numericValue { return left == right }
        return lhs == rhs
    }
}
