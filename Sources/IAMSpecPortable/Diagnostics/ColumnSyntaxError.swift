/// A text that does not parse, said at the 1-based column where the problem is: a tag expression
/// (``TagExpressionError``, its columns in characters) or a JSON text (`JSONSyntaxError`, in bytes).
public struct ColumnSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based column of the problem in the text.
    public var column: Int
    /// What was found and what was expected.
    public var message: String

    /// The problem at `column`.
    package init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    /// `column N: found ..., expected ...`.
    public var description: String { "column \(column): \(message)" }
}
