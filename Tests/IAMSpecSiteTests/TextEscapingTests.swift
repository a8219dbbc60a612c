import IAMSpec
import Testing

@testable import IAMSpecSite

@Suite("HTML and Markdown of rule text")
struct TextEscapingTests {
    @Test func htmlEscapesEveryMarkupCharacterAndKeepsCodeSpans() {
        #expect(InlineText.html("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(InlineText.html("a `<b>` c") == "a <code>&lt;b&gt;</code> c")
        #expect(InlineText.html("odd ` backtick <") == "odd ` backtick &lt;")
        #expect(InlineText.html("line\nbreak `\u{1B}[2J`") == "line⏎break <code>\\u{1b}[2J</code>")
    }

    @Test func markdownEscapesMarkupAndKeepsCodeSpans() {
        #expect(InlineText.markdown("*a* _b_ [c](d) <e> | #") == "\\*a\\* \\_b\\_ \\[c\\]\\(d\\) &lt;e&gt; \\| \\#")
        #expect(InlineText.markdown("use `x|y` here") == "use `x|y` here")
        #expect(InlineText.markdown("use `x|y` here", inTable: true) == "use `x\\|y` here")
        #expect(InlineText.markdown("line\n# break") == "line⏎\\# break")
    }

    @Test func namesWithBackticksAreQuotedInsteadOfCoded() {
        #expect(InlineText.name("promo") == "`promo`")
        #expect(InlineText.name("odd`name") == "“odd`name”")
    }
}
