import IAMSpec
import IAMSpecPortable

/// A results stream's record that is strict JSON but does not fit the format, in words and at its
/// place: the field, what was found there and what the format expects, at the column where the
/// value starts (`found "5" for duration_ms in a case record, expected an integer`), found again
/// in the line by ``JSONParser/value(at:in:)`` from the decoding error's path.
struct RecordMismatch {
    /// What is wrong, as a diagnostic says it.
    var message: String
    /// The 1-based column (in bytes) of the value at fault, or of the object that lacks a key.
    var column: Int

    /// The mismatch `error` (a `DecodingError`) found in `line`, a record of the kind `record`
    /// names (`a case record`).
    init(_ error: any Error, record: String, line: [UInt8]) {
        let unfit = "found \(record) that does not fit the format"
        guard let decoding = error as? DecodingError else {
            self.init(message: "\(unfit): \(error)", column: 1)
            return
        }
        switch decoding {
        case .keyNotFound(let key, let context):
            let place = context.codingPath.isEmpty ? "" : " in \(Self.text(of: context.codingPath))"
            self.init(
                message: "\(unfit): the key \"\(key.stringValue)\" is missing\(place)",
                column: Self.located(context.codingPath, in: line)?.column ?? 1
            )
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            guard let (value, column) = Self.located(context.codingPath, in: line), !context.codingPath.isEmpty else {
                self.init(message: "found \(record) of another shape, expected \(Self.words(for: type))", column: 1)
                return
            }
            self.init(
                message: "found \(value.excerpt) for \(Self.text(of: context.codingPath)) in \(record), "
                    + "expected \(Self.words(for: type))",
                column: column
            )
        case .dataCorrupted(let context):
            if context.debugDescription == JSONValueDecoder.integerExpectation,
                let (_, column) = Self.located(context.codingPath, in: line)
            {
                self.init(
                    message: "found \(Self.number(at: column, in: line)) for \(Self.text(of: context.codingPath)) "
                        + "in \(record), \(JSONValueDecoder.integerExpectation)",
                    column: column
                )
                return
            }
            guard let (value, column) = Self.located(context.codingPath, in: line), !context.codingPath.isEmpty else {
                self.init(message: "\(unfit): \(context.debugDescription)", column: 1)
                return
            }
            self.init(
                message: "found \(value.excerpt) for \(Self.text(of: context.codingPath)) in \(record), "
                    + Self.expectation(at: context),
                column: column
            )
        @unknown default:
            self.init(message: "\(unfit): \(error)", column: 1)
        }
    }

    /// What the format expects where a value is of the right type but not one it allows: one of
    /// a closed set's names (a profile, a status), in the format's words; what a reader of the
    /// format said (`expected an integer of at least 1`); else the decoder's own words.
    private static func expectation(at context: DecodingError.Context) -> String {
        if context.debugDescription.hasPrefix("expected ") { return context.debugDescription }
        if context.debugDescription.hasPrefix("Cannot initialize "), let key = context.codingPath.last?.stringValue,
            let names = closedSets[key]
        {
            return "expected one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        }
        return "which the format does not allow there: \(context.debugDescription)"
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

    /// The value a decoding path leads to in `line`, and its column.
    private static func located(_ path: [any CodingKey], in line: [UInt8]) -> (value: JSONValue, column: Int)? {
        JSONParser.value(at: path.map(step), in: line)
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

    /// A path as the format's fields read: `timeline[2].observations`.
    private static func text(of path: [any CodingKey]) -> String {
        text(of: path.map(step))
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
