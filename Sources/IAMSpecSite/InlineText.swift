/// Text with code spans written between backticks (`` `Session Start` ``), the one inline
/// markup that rule quotes and case narratives use.
///
/// A text with an odd number of backticks has no code spans: its backticks are plain text.
struct InlineText: Sendable, Hashable {
    /// A run of plain text or of code.
    enum Segment: Sendable, Hashable {
        case plain(String)
        case code(String)
    }

    var segments: [Segment]

    init(_ text: String) {
        let flattened = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
        let parts = flattened.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1, parts.count % 2 == 1 else {
            segments = flattened.isEmpty ? [] : [.plain(flattened)]
            return
        }
        segments = parts.enumerated().compactMap { index, part in
            if index % 2 == 1 { return .code(part) }
            return part.isEmpty ? nil : .plain(part)
        }
    }

    /// A name set in code, or in curly quotes when it holds a backtick itself.
    static func name(_ text: String) -> String {
        text.contains("`") || text.isEmpty ? "“\(text)”" : "`\(text)`"
    }
}
