/// A shell-style wildcard pattern (`*`, `?`, `[...]`), matched like `fnmatch(3)` without flags
/// (by `matches(_:)`, which the runner adds: the host selects runs, with the C library).
///
/// `*` also matches `.`, so `triggers.*` selects every case whose id starts with `triggers.`.
public struct GlobPattern: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The pattern as written.
    public var pattern: String

    /// The pattern `pattern`, matched as written.
    public init(_ pattern: String) {
        self.pattern = pattern
    }

    /// The pattern that matches `text` and nothing else: each `*`, `?`, `[` and `\` of `text`
    /// escaped with a backslash, so that `.exactly("a*b")` selects the case `a*b` and not
    /// `a-long-b`.
    public static func exactly(_ text: String) -> GlobPattern {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if "*?[\\".unicodeScalars.contains(scalar) { escaped.append("\\") }
            escaped.append(scalar)
        }
        return GlobPattern(String(escaped))
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Reads a pattern written as a JSON string, as results streams hold it.
    public init(from decoder: any Decoder) throws {
        pattern = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the pattern as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(pattern)
    }
}
