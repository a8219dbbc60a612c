import IAMSpec

/// A problem found in a spec file, the rule catalogue, or the command line's inputs.
public struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var location: SourceLocation
    /// What was found and what was expected, in one sentence.
    public var message: String

    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `path:line:col: error: message`.
    public var description: String { "\(location): error: \(message)" }

    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.location, lhs.message) < (rhs.location, rhs.message)
    }
}
