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
            guard let (value, column) = Self.located(context.codingPath, in: line), !context.codingPath.isEmpty else {
                self.init(message: "\(unfit): \(context.debugDescription)", column: 1)
                return
            }
            self.init(
                message: "found \(value.excerpt) for \(Self.text(of: context.codingPath)) in \(record), which the "
                    + "format does not allow there: \(context.debugDescription)",
                column: column
            )
        @unknown default:
            self.init(message: "\(unfit): \(error)", column: 1)
        }
    }

    private init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// The value a decoding path leads to in `line`, and its column.
    private static func located(_ path: [any CodingKey], in line: [UInt8]) -> (value: JSONValue, column: Int)? {
        JSONParser.value(at: path.map(step), in: line)
    }

    /// A coding key as a step into JSON: an array's position (the decoder names it `Index N`),
    /// else an object's key.
    private static func step(_ key: any CodingKey) -> JSONParser.PathStep {
        if let position = key.intValue, key.stringValue == "Index \(position)" { return .index(position) }
        return .key(key.stringValue)
    }

    /// A path as the format's fields read: `timeline[2].observations`.
    private static func text(of path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            switch step(key) {
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
