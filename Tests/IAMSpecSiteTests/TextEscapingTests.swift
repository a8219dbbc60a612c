import IAMSpec
import Testing

@testable import IAMSpecSite

@Suite("HTML and Markdown escaping")
struct TextEscapingTests {
    @Test func htmlEscapesEveryMarkupCharacter() {
        #expect(HTMLText.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTMLText.inline("a `<b>` c") == "a <code>&lt;b&gt;</code> c")
        #expect(HTMLText.inline("odd ` backtick <") == "odd ` backtick &lt;")
    }

    @Test func markdownEscapesMarkupAndKeepsCodeSpans() {
        #expect(MarkdownText.escape("*a* _b_ [c](d) <e> | #") == "\\*a\\* \\_b\\_ \\[c\\]\\(d\\) &lt;e&gt; \\| \\#")
        #expect(MarkdownText.inline("use `x|y` here") == "use `x|y` here")
        #expect(MarkdownText.inline("use `x|y` here", inTable: true) == "use `x\\|y` here")
        #expect(MarkdownText.codeSpan("a`b") == "``a`b``")
        #expect(MarkdownText.inline("line\nbreak") == "line break")
    }

    @Test func namesWithBackticksAreQuotedInsteadOfCoded() {
        #expect(InlineText.name("promo") == "`promo`")
        #expect(InlineText.name("odd`name") == "“odd`name”")
    }
}
