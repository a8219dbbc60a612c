/// A whole run's results stream that is not of the run it was to judge
/// (``WholeRunStream/requireRun(of:engineCommand:)``): a run of other suite paths, or of another
/// engine, says nothing of this one.
public struct WholeRunMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// What differs between the run the stream's header records and the run it was to judge.
    public enum Difference: Sendable, Hashable {
        /// The suite paths each run was given.
        case suitePaths(found: [String], expected: [String])
        /// The engine command each run started (nil: the reference engine).
        case engineCommand(found: String?, expected: String?)
    }

    /// The stream's path, as it was given.
    public let path: String
    /// What differs.
    public let difference: Difference

    /// `'PATH' is a run of another suite: found the suite paths 'A', expected 'B', 'C'`, or of
    /// another engine (`found the engine command '...', expected the reference engine`): every
    /// path and command as `QuotedText` shows text.
    public var description: String {
        let quoted = "'\(QuotedText.line(path))'"
        switch difference {
        case .suitePaths(let found, let expected):
            return "\(quoted) is a run of another suite: found the suite paths \(Self.listed(found)), "
                + "expected \(Self.listed(expected))"
        case .engineCommand(let found, let expected):
            return
                "\(quoted) is a run of another engine: found \(Self.engine(found)), expected \(Self.engine(expected))"
        }
    }

    private static func listed(_ paths: [String]) -> String {
        paths.isEmpty ? "none" : paths.map { "'\(QuotedText.line($0))'" }.joined(separator: ", ")
    }

    private static func engine(_ command: String?) -> String {
        command.map { "the engine command '\(QuotedText.line($0))'" } ?? "the reference engine"
    }
}
