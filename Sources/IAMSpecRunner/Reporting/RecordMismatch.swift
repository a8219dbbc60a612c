import IAMSpec
import IAMSpecPortable

/// A results stream's record that is strict JSON but does not fit the format, in words and at its
/// place: the field, what was found there and what the format expects, at the column where the
/// value starts (`found "5" for duration_ms in a case record, expected an integer`), found again
/// in the line by ``JSONParser/value(at:in:)`` from the problem's path.
struct RecordMismatch {
    /// What is wrong, as a diagnostic says it.
    var message: String
    /// The 1-based column (in bytes) of the value at fault, or of the object that lacks a key.
    var column: Int

    /// The mismatch `error` (a ``RecordProblem``, or a `DecodingError` of a record decoded by
    /// ``JSONValueDecoder``) found in `line`, a record of the kind `record` names (`a case record`).
    init(_ error: any Error, record: String, line: [UInt8]) {
        let unfit = "found \(record) that does not fit the format"
        guard let problem = error as? RecordProblem ?? Self.problem(error) else {
            self.init(message: "\(unfit): \(error)", column: 1)
            return
        }
        let path = problem.path
        let located = JSONParser.value(at: path, in: line)
        switch problem.kind {
        case .missingKey(let key):
            let place = path.isEmpty ? "" : " in \(Self.text(of: path))"
            self.init(message: "\(unfit): the key \"\(key)\" is missing\(place)", column: located?.column ?? 1)
        case .mismatch(let expected):
            guard let (value, column) = located, !path.isEmpty else {
                self.init(message: "found \(record) of another shape, expected \(expected)", column: 1)
                return
            }
            self.init(
                message: "found \(value.excerpt) for \(Self.text(of: path)) in \(record), expected \(expected)",
                column: column
            )
        case .unfit(let description):
            if description == JSONValueDecoder.integerExpectation, let (_, column) = located {
                self.init(
                    message: "found \(Self.number(at: column, in: line)) for \(Self.text(of: path)) "
                        + "in \(record), \(JSONValueDecoder.integerExpectation)",
                    column: column
                )
                return
            }
            guard let (value, column) = located, !path.isEmpty else {
                self.init(message: "\(unfit): \(description)", column: 1)
                return
            }
            self.init(
                message: "found \(value.excerpt) for \(Self.text(of: path)) in \(record), "
                    + Self.expectation(description, at: path),
                column: column
            )
        }
    }

    /// The problem a `DecodingError` says, at the place its coding path names; nil for any other
    /// error.
    private static func problem(_ error: any Error) -> RecordProblem? {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            RecordProblem(.missingKey(key.stringValue), at: context.codingPath.map(step))
        case .typeMismatch(let type, let context)?, .valueNotFound(let type, let context)?:
            RecordProblem(.mismatch(expected: words(for: type)), at: context.codingPath.map(step))
        case .dataCorrupted(let context)?:
            RecordProblem(.unfit(context.debugDescription), at: context.codingPath.map(step))
        default: nil
        }
    }

    /// What the format expects where a value is of the right type but not one it allows: what a
    /// reader of the format said (`expected an integer of at least 1`); one of a closed set's
    /// names (a profile, a status), in the format's words, where `Decodable` said it cannot
    /// initialize one; else the decoder's own words.
    private static func expectation(_ description: String, at path: [JSONParser.PathStep]) -> String {
        if description.hasPrefix("expected ") { return description }
        if description.hasPrefix("Cannot initialize "), case .key(let key)? = path.last, let names = closedSets[key] {
            return "expected one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        }
        return "which the format does not allow there: \(description)"
    }

    /// The names of each field of the format that holds one of a closed set, by the field's key.
    private static let closedSets: [String: [String]] = [
        "profile": Profile.allCases.map(\.rawValue),
        "status": CaseStatus.allCases.map(\.rawValue),
        "kind": CaseResult.Kind.allCases.map(\.rawValue),
        "executor": RunExecutor.allCases.map(\.rawValue),
    ]

    private init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// The number written at `column` of `line`, as written (`1.5`, `1e19`).
    private static func number(at column: Int, in line: [UInt8]) -> String {
        let number = line[(column - 1)...].prefix { byte in
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        return String(decoding: number, as: UTF8.self)
    }

    /// A coding key as a step into JSON: an array's position (the decoder names it `Index N`),
    /// else an object's key.
    private static func step(_ key: any CodingKey) -> JSONParser.PathStep {
        if let position = key.intValue, key.stringValue == "Index \(position)" { return .index(position) }
        return .key(key.stringValue)
    }

    /// Steps into JSON as the format's fields read: `timeline[2].observations`.
    private static func text(of path: [JSONParser.PathStep]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .index(let position): text += "[\(position)]"
            case .key(let name): text += text.isEmpty ? name : ".\(name)"
            }
        }
        return QuotedText.line(text)
    }

    /// What a value of `type` is in JSON's words.
    private static func words(for type: Any.Type) -> String {
        switch type {
        case is any BinaryInteger.Type: "an integer"
        case is any BinaryFloatingPoint.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "a value of the format's \(type)"
        }
    }
}
