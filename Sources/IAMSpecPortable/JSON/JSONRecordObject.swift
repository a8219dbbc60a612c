/// An object of a record that ``JSONParser`` has read (a results stream's case line), its members
/// read one at a time as the types the format has there, straight from the parsed value: no
/// decoder, no coding path. A value that does not fit is a ``RecordProblem`` at its JSON path,
/// the path built only when a problem is found. Keys the format does not name are passed over.
package struct JSONRecordObject {
    private let members: JSONObject

    /// The object `value` is.
    ///
    /// - Throws: ``RecordProblem`` when it is not an object.
    package init(_ value: JSONValue) throws(RecordProblem) {
        guard case .object(let members) = value else { throw RecordProblem.mismatch("an object") }
        self.members = members
    }

    /// The string under `key`.
    package func string(_ key: String) throws(RecordProblem) -> String {
        try reading(key, Self.string)
    }

    /// The string under `key`; nil when the key is absent or null.
    package func optionalString(_ key: String) throws(RecordProblem) -> String? {
        try readingIfPresent(key, Self.string)
    }

    /// The integer under `key`, of at least `minimum` when one is given.
    package func integer(_ key: String, atLeast minimum: Int64? = nil) throws(RecordProblem) -> Int64 {
        let integer = try reading(key, Self.integer)
        if let minimum, integer < minimum {
            throw RecordProblem(.unfit("expected an integer of at least \(minimum)"), at: [.key(key)])
        }
        return integer
    }

    /// The array of strings under `key`.
    package func strings(_ key: String) throws(RecordProblem) -> [String] {
        try reading(key, Self.strings)
    }

    /// The array of strings under `key`; nil when the key is absent or null.
    package func optionalStrings(_ key: String) throws(RecordProblem) -> [String]? {
        try readingIfPresent(key, Self.strings)
    }

    /// One of the names of `Name` (`passed`, `failed`, ...) under `key`.
    package func name<Name: RawRepresentable<String> & CaseIterable>(
        _ key: String,
        as type: Name.Type
    ) throws(RecordProblem) -> Name {
        try reading(key) { value throws(RecordProblem) in try Self.name(value, as: type) }
    }

    /// One of the names of `Name` under `key`; nil when the key is absent or null.
    package func optionalName<Name: RawRepresentable<String> & CaseIterable>(
        _ key: String,
        as type: Name.Type
    ) throws(RecordProblem) -> Name? {
        try readingIfPresent(key) { value throws(RecordProblem) in try Self.name(value, as: type) }
    }

    /// What `read` makes of the object under `key`.
    package func object<Value>(
        _ key: String,
        _ read: (JSONRecordObject) throws(RecordProblem) -> Value
    ) throws(RecordProblem) -> Value {
        try reading(key) { value throws(RecordProblem) in try read(JSONRecordObject(value)) }
    }

    /// What `read` makes of the object under `key`; nil when the key is absent or null.
    package func optionalObject<Value>(
        _ key: String,
        _ read: (JSONRecordObject) throws(RecordProblem) -> Value
    ) throws(RecordProblem) -> Value? {
        try readingIfPresent(key) { value throws(RecordProblem) in try read(JSONRecordObject(value)) }
    }

    /// What `read` makes of each object of the array under `key`.
    package func objects<Value>(
        _ key: String,
        _ read: (JSONRecordObject) throws(RecordProblem) -> Value
    ) throws(RecordProblem) -> [Value] {
        try reading(key) { value throws(RecordProblem) in
            try Self.elements(of: value) { element throws(RecordProblem) in try read(JSONRecordObject(element)) }
        }
    }

    /// What `read` makes of each object of the array under `key`; nil when the key is absent or
    /// null.
    package func optionalObjects<Value>(
        _ key: String,
        _ read: (JSONRecordObject) throws(RecordProblem) -> Value
    ) throws(RecordProblem) -> [Value]? {
        try readingIfPresent(key) { value throws(RecordProblem) in
            try Self.elements(of: value) { element throws(RecordProblem) in try read(JSONRecordObject(element)) }
        }
    }

    /// `read` of the value under `key`, which must be there; a problem in it placed under the key.
    private func reading<Value>(
        _ key: String,
        _ read: (JSONValue) throws(RecordProblem) -> Value
    ) throws(RecordProblem) -> Value {
        guard let value = members[key] else { throw RecordProblem(.missingKey(key), at: []) }
        do {
            return try read(value)
        } catch {
            throw error.under(.key(key))
        }
    }

    /// `read` of the value under `key`, nil when the key is absent or null (as `Decodable`'s
    /// `decodeIfPresent` reads an optional field).
    private func readingIfPresent<Value>(
        _ key: String,
        _ read: (JSONValue) throws(RecordProblem) -> Value
    ) throws(RecordProblem) -> Value? {
        guard let value = members[key] else { return nil }
        if case .null = value { return nil }
        do {
            return try read(value)
        } catch {
            throw error.under(.key(key))
        }
    }

    private static func string(_ value: JSONValue) throws(RecordProblem) -> String {
        guard case .string(let text) = value else { throw RecordProblem.mismatch("a string") }
        return text
    }

    private static func integer(_ value: JSONValue) throws(RecordProblem) -> Int64 {
        switch value {
        case .integer(let integer): return integer
        case .number: throw RecordProblem(.unfit(JSONValueDecoder.integerExpectation), at: [])
        default: throw RecordProblem.mismatch("an integer")
        }
    }

    private static func strings(_ value: JSONValue) throws(RecordProblem) -> [String] {
        try elements(of: value, string)
    }

    private static func name<Name: RawRepresentable<String> & CaseIterable>(
        _ value: JSONValue,
        as type: Name.Type
    ) throws(RecordProblem) -> Name {
        guard let name = Name(rawValue: try string(value)) else {
            throw RecordProblem(
                .unfit("expected one of " + Name.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")),
                at: []
            )
        }
        return name
    }

    /// `read` of each element of the array `value`, a problem in one placed at its position.
    private static func elements<Element>(
        of value: JSONValue,
        _ read: (JSONValue) throws(RecordProblem) -> Element
    ) throws(RecordProblem) -> [Element] {
        guard case .array(let items) = value else { throw RecordProblem.mismatch("an array") }
        var elements: [Element] = []
        elements.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            do {
                elements.append(try read(item))
            } catch {
                throw error.under(.index(position))
            }
        }
        return elements
    }
}

/// A value of a record that does not fit the format: how, and where (its JSON path from the
/// record, `timeline[2].observations`).
package struct RecordProblem: Error {
    /// How a value does not fit.
    package enum Kind {
        /// The object at the path lacks the key.
        case missingKey(String)
        /// The value at the path is not of the type the format has there (`a string`), or is null.
        case mismatch(expected: String)
        /// The value at the path is of its type, but not one the format allows there: what it
        /// expects (`expected an integer of at least 1`, ``JSONValueDecoder/integerExpectation``).
        case unfit(String)
    }

    package var kind: Kind
    package var path: [JSONParser.PathStep]

    package init(_ kind: Kind, at path: [JSONParser.PathStep]) {
        self.kind = kind
        self.path = path
    }

    /// A value that is not of the type the format has there, `expected` in JSON's words.
    static func mismatch(_ expected: String) -> RecordProblem {
        RecordProblem(.mismatch(expected: expected), at: [])
    }

    /// The problem, found in a value that is at `step` of its parent.
    func under(_ step: JSONParser.PathStep) -> RecordProblem {
        RecordProblem(kind, at: [step] + path)
    }
}
