import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("XML text")
struct XMLTextTests {
    @Test func markupCharactersAreEscaped() {
        #expect(XMLText.content("a < b && c > \"d\"", limit: 100) == "a &lt; b &amp;&amp; c &gt; \"d\"")
        #expect(XMLText.attribute("say \"hi\" & <go>", limit: 100) == "say &quot;hi&quot; &amp; &lt;go&gt;")
    }

    @Test func charactersXMLForbidsBecomeVisibleEscapes() {
        #expect(
            XMLText.content("bell\u{7} nul\u{0} esc\u{1B} \u{FFFE}", limit: 100)
                == "bell\\u{7} nul\\u{0} esc\\u{1b} \\u{fffe}"
        )
        #expect(XMLText.content("tab\tline\nreturn\r é 日本 😀", limit: 100) == "tab\tline\nreturn\r é 日本 😀")
    }

    @Test func attributesKeepLineBreaksAndTabsAsReferences() {
        #expect(XMLText.attribute("one\ntwo\tthree\r", limit: 100) == "one&#10;two&#9;three&#13;")
    }

    @Test func tokensHaveSingleSpacesAndNoneAtTheEnds() {
        #expect(XMLText.token("  my \t host\n name ", limit: 100) == "my host name")
    }

    @Test func longTextKeepsHeadAndTailAroundAMarker() {
        let text = String(repeating: "h", count: 5_000) + String(repeating: "t", count: 5_000)
        let cut = XMLText.cut(text, limit: 1_000)
        #expect(cut.count <= 1_000)
        #expect(cut.hasPrefix(String(repeating: "h", count: 400)))
        #expect(cut.hasSuffix(String(repeating: "t", count: 400)))
        #expect(cut.contains("[... iamspec cut 9080 characters here ...]"))
        #expect(XMLText.cut("short", limit: 1_000) == "short")
    }
}
