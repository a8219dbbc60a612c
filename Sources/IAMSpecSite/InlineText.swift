import IAMSpecRunner

/// Text with code spans written between backticks (`` `Session Start` ``), the one inline
/// markup that rule quotes and case narratives use, rendered as HTML or Markdown with its plain
/// runs and code spans each as `QuotedText` shows them.
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
        let parts = text.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1, parts.count % 2 == 1 else {
            segments = text.isEmpty ? [] : [.plain(text)]
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

    /// HTML: the plain runs escaped, the code spans as `<code>` elements.
    static func html(_ text: String) -> String {
        InlineText(text).segments.map { segment in
            switch segment {
            case .plain(let plain): QuotedText.html(plain)
            case .code(let code): "<code>\(QuotedText.html(code))</code>"
            }
        }.joined()
    }

    /// GitHub-flavoured Markdown: the plain runs escaped, the code spans kept as code spans
    /// (with their pipes escaped too `inTable`, as a table cell needs).
    static func markdown(_ text: String, inTable: Bool = false) -> String {
        InlineText(text).segments.map { segment in
            switch segment {
            case .plain(let plain): QuotedText.markdown(plain)
            case .code(let code): QuotedText.markdownCode(code, inTable: inTable)
            }
        }.joined()
    }
}
