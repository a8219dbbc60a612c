/// A value a results stream holds as a JSON string, as it is written on the command line
/// (``Shard``'s `I/N`, a ``TagExpression``): read by parsing the string, written as its
/// description; a string that does not parse is refused with the parser's message.
public protocol TextCodable: Codable, CustomStringConvertible {
    /// Parses the value as written; the error's description says what was found and expected.
    init(parsing text: String) throws
}

extension TextCodable {
    /// Reads the value from a JSON string, and parses it.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try Self(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "\(error)")
            )
        }
    }

    /// Writes the value as its description, a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
