/// A place in a file: 1-based line and column.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path, as the loader was given it.
    public var file: String
    /// The line, counted from 1.
    public var line: Int
    /// The column, counted from 1.
    public var column: Int

    /// The place at `line` and `column` of `file`.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `path:line:col`, the form editors and CI annotators jump to.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders places by file, then line, then column: the order in which diagnostics are listed.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
