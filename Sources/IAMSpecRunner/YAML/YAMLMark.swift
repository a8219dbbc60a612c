import IAMSpec

/// A position in YAML source text: 1-based line and column (columns count Unicode scalars).
struct YAMLMark: Sendable, Hashable {
    var line: Int
    var column: Int

    /// The source location of this mark in a file.
    func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }
}
