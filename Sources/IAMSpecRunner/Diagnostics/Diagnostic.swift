import IAMSpec

/// A problem found in a spec file, the rule catalogue, or the command line's inputs.
public struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Where the problem is: the file, and the line and column in it.
    public var location: SourceLocation
    /// What was found and what was expected, in one sentence.
    public var message: String
    /// Whether a report may show the line of ``location``'s file under it: false for a file that
    /// was refused (a link leading elsewhere) or is not text, which is named, never quoted.
    package var quotesSource = true

    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `path:line:col: error: message`, the path and the message (which may quote a spec's text)
    /// on one line, as `QuotedText` shows them.
    public var description: String {
        "\(QuotedText.line(location.description)): error: \(QuotedText.line(message))"
    }

    /// Orders diagnostics by location, then message: the order a loaded suite lists them in.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.location, lhs.message) < (rhs.location, rhs.message)
    }
}
