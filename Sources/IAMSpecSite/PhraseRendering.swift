import IAMSpec
import IAMSpecRunner

/// How the site shows a ``Phrase``: its words escaped, its names set in code, each as
/// `QuotedText` shows text; and how it reads the one inline markup of the catalogue's own texts.
extension Phrase {
    /// A text of the rule catalogue (a title, a note, a quote), its code spans written between
    /// backticks (`` `Session Start` ``) read as names. A text with an odd number of backticks has
    /// no code spans: its backticks are plain words.
    ///
    /// Only texts the catalogue documents as marked up are read this way; a case's texts and the
    /// names it chose are never markup.
    init(markup text: String) {
        self.init()
        let parts = text.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1, parts.count % 2 == 1 else {
            append(words: text)
            return
        }
        for (index, part) in parts.enumerated() {
            if index % 2 == 1 { append(.name(part)) } else { append(words: part) }
        }
    }

    /// HTML: the words escaped, each name a `<code>` element (an empty one in curly quotes, so
    /// that it shows).
    var html: String {
        segments.map { segment in
            switch segment {
            case .words(let words): QuotedText.html(words)
            case .name(let name): name.isEmpty ? "“”" : "<code>\(QuotedText.html(name))</code>"
            }
        }.joined()
    }

    /// GitHub-flavoured Markdown: the words escaped, each name a code span whose fence no
    /// backtick inside can end (with its pipes escaped too `inTable`, as a table cell needs).
    func markdown(inTable: Bool = false) -> String {
        segments.map { segment in
            switch segment {
            case .words(let words): QuotedText.markdown(words)
            case .name(let name): name.isEmpty ? "“”" : QuotedText.markdownCode(name, inTable: inTable)
            }
        }.joined()
    }
}
