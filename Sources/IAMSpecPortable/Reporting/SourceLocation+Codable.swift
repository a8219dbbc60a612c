import IAMSpec

/// A location in results files: `{"file": ..., "line": ..., "column": ...}`.
extension SourceLocation: Codable {
    private enum CodingKeys: String, CodingKey {
        case file
        case line
        case column
    }

    /// Reads a location written as `{"file": ..., "line": ..., "column": ...}`; a line or a column
    /// below 1, which no file has, is refused at its key (`results.schema.json` says `minimum: 1`),
    /// so that no report shows a place such as `x.yaml:0:-1`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let file = try container.decode(String.self, forKey: .file)
        var place: [Int] = []
        for key in [CodingKeys.line, .column] {
            let number = try container.decode(Int.self, forKey: key)
            guard number >= 1 else {
                throw DecodingError.dataCorruptedError(
                    forKey: key,
                    in: container,
                    debugDescription: "expected an integer of at least 1"
                )
            }
            place.append(number)
        }
        self.init(file: file, line: place[0], column: place[1])
    }

    /// Writes the location as `{"file": ..., "line": ..., "column": ...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}
