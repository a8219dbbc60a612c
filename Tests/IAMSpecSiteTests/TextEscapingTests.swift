import IAMSpec
import Testing

@testable import IAMSpecSite

@Suite("HTML and Markdown of phrases and rule text")
struct TextEscapingTests {
    @Test func htmlEscapesEveryMarkupCharacterAndKeepsCodeSpans() {
        #expect(Phrase(markup: "<a href=\"x\">'&'</a>").html == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(Phrase(markup: "a `<b>` c").html == "a <code>&lt;b&gt;</code> c")
        #expect(Phrase(markup: "odd ` backtick <").html == "odd ` backtick &lt;")
        #expect(Phrase(markup: "line\nbreak `\u{1B}[2J`").html == "line⏎break <code>\\u{1b}[2J</code>")
    }

    @Test func markdownEscapesMarkupAndKeepsCodeSpans() {
        #expect(
            Phrase(markup: "*a* _b_ [c](d) <e> | #").markdown() == "\\*a\\* \\_b\\_ \\[c\\]\\(d\\) &lt;e&gt; \\| \\#"
        )
        #expect(Phrase(markup: "use `x|y` here").markdown() == "use `x|y` here")
        #expect(Phrase(markup: "use `x|y` here").markdown(inTable: true) == "use `x\\|y` here")
        #expect(Phrase(markup: "line\n# break").markdown() == "line⏎\\# break")
    }

    @Test func aNameIsDataWhateverItHolds() {
        let phrase: Phrase = "the user taps \(Phrase.name("a`b` *c*")) and \(Phrase.name("`"))"
        #expect(phrase.segments == [.words("the user taps "), .name("a`b` *c*"), .words(" and "), .name("`")])
        #expect(phrase.html == "the user taps <code>a`b` *c*</code> and <code>`</code>")
        #expect(phrase.markdown() == "the user taps ``a`b` *c*`` and `` ` ``")
    }

    @Test func anEmptyNameShowsAsEmptyQuotes() {
        let phrase: Phrase = "the user taps \(Phrase.name(""))"
        #expect(phrase.html == "the user taps “”")
        #expect(phrase.markdown() == "the user taps “”")
    }
}
