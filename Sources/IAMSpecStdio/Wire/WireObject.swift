import IAMSpec

/// A JSON object being decoded from the wire, with its path for error messages.
///
/// Keys the protocol does not define are ignored (the `--validate-protocol` schemas refuse them).
struct WireObject {
    let fields: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String) throws(WireFormatError) {
        guard case .object(let fields) = value else {
            throw WireFormatError(path: path, problem: "expected an object, found \(value.typeName) \(value.excerpt)")
        }
        self.fields = fields
        self.path = path
    }

    func childPath(_ key: String) -> String {
        "\(path).\(key)"
    }

    /// The value of a required key.
    func value(_ key: String) throws(WireFormatError) -> JSONValue {
        guard let value = fields[key] else {
            throw WireFormatError(path: path, problem: "expected the key \"\(key)\", which is missing")
        }
        return value
    }

    /// The value of a key that may be missing or `null`.
    func optionalValue(_ key: String) -> JSONValue? {
        switch fields[key] {
        case nil, .null?: nil
        case let value?: value
        }
    }

    func string(_ key: String) throws(WireFormatError) -> String {
        try Self.string(try value(key), path: childPath(key))
    }

    func optionalString(_ key: String) throws(WireFormatError) -> String? {
        guard let value = optionalValue(key) else { return nil }
        return try Self.string(value, path: childPath(key))
    }

    func integer(_ key: String) throws(WireFormatError) -> Int64 {
        guard case .integer(let integer) = try value(key) else {
            throw mismatch(key, expected: "an integer")
        }
        return integer
    }

    func number(_ key: String) throws(WireFormatError) -> Double {
        guard let number = try value(key).numericValue else { throw mismatch(key, expected: "a number") }
        return number
    }

    func boolean(_ key: String) throws(WireFormatError) -> Bool {
        guard case .boolean(let flag) = try value(key) else { throw mismatch(key, expected: "true or false") }
        return flag
    }

    func object(_ key: String) throws(WireFormatError) -> WireObject {
        try WireObject(try value(key), path: childPath(key))
    }

    /// The elements of a required array, each with its path.
    func array(_ key: String) throws(WireFormatError) -> [(value: JSONValue, path: String)] {
        guard case .array(let elements) = try value(key) else { throw mismatch(key, expected: "an array") }
        return elements.enumerated().map { (value: $1, path: "\(childPath(key))[\($0)]") }
    }

    /// A required string that must be one of an enumeration's raw values.
    func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String,
        _ type: Choice.Type
    ) throws(WireFormatError) -> Choice where Choice.RawValue == String {
        try Self.choice(try value(key), path: childPath(key), type)
    }

    /// An optional string that, when present, must be one of an enumeration's raw values.
    func optionalChoice<Choice: RawRepresentable & CaseIterable>(
        _ key: String,
        _ type: Choice.Type
    ) throws(WireFormatError) -> Choice? where Choice.RawValue == String {
        guard let value = optionalValue(key) else { return nil }
        return try Self.choice(value, path: childPath(key), type)
    }

    /// A required span or point of virtual time, written as integer milliseconds.
    func milliseconds(_ key: String) throws(WireFormatError) -> VirtualTime {
        VirtualTime(milliseconds: try integer(key))
    }

    /// An optional span of virtual time, written as integer milliseconds or `null`.
    func optionalMilliseconds(_ key: String) throws(WireFormatError) -> VirtualTime? {
        guard optionalValue(key) != nil else { return nil }
        return try milliseconds(key)
    }

    /// A required object whose values are all strings.
    func stringMap(_ key: String) throws(WireFormatError) -> [String: String] {
        let map = try object(key)
        var result: [String: String] = [:]
        for (name, value) in map.fields {
            result[name] = try Self.string(value, path: map.childPath(name))
        }
        return result
    }

    static func string(_ value: JSONValue, path: String) throws(WireFormatError) -> String {
        guard case .string(let text) = value else {
            throw WireFormatError(path: path, problem: "expected a string, found \(value.typeName) \(value.excerpt)")
        }
        return text
    }

    static func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue,
        path: String,
        _ type: Choice.Type
    ) throws(WireFormatError) -> Choice where Choice.RawValue == String {
        let text = try string(value, path: path)
        guard let choice = Choice(rawValue: text) else {
            let known = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw WireFormatError(path: path, problem: "expected one of \(known), found \"\(text)\"")
        }
        return choice
    }

    private func mismatch(_ key: String, expected: String) -> WireFormatError {
        let found = fields[key] ?? .null
        return WireFormatError(
            path: childPath(key),
            problem: "expected \(expected), found \(found.typeName) \(found.excerpt)"
        )
    }
}
