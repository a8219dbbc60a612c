import IAMSpec

/// A location in results files: `{"file": ..., "line": ..., "column": ...}`.
extension SourceLocation: Codable {
    private enum CodingKeys: String, CodingKey {
        case file
        case line
        case column
    }

    /// Reads a location written as `{"file": ..., "line": ..., "column": ...}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file),
            line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column)
        )
    }

    /// Writes the location as `{"file": ..., "line": ..., "column": ...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}
