import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("XML text")
struct XMLTextTests {
    @Test func markupCharactersAreEscaped() {
        #expect(XMLText.content("a < b && c > \"d\"", limit: 100) == "a &lt; b &amp;&amp; c &gt; &quot;d&quot;")
        #expect(XMLText.attribute("say \"hi\" & <go>", limit: 100) == "say &quot;hi&quot; &amp; &lt;go&gt;")
    }

    @Test func charactersThatWouldActBecomeVisibleEscapes() {
        #expect(
            XMLText.content("bell\u{7} nul\u{0} esc\u{1B} \u{FFFE} \u{9B} \u{202E}", limit: 100)
                == "bell\\u{7} nul\\u{0} esc\\u{1b} \\u{fffe} \\u{9b} \\u{202e}"
        )
        #expect(
            XMLText.content("tab\tline\nreturn\r é 日本 😀", limit: 100) == "tab\\tline\nreturn\\u{d} é 日本 😀"
        )
    }

    @Test func anAttributeIsOneLineWithItsBreaksShown() {
        #expect(XMLText.attribute("one\ntwo\tthree\r", limit: 100) == "one⏎two\\tthree\\u{d}")
    }

    @Test func tokensHaveSingleSpacesAndNoneAtTheEnds() {
        #expect(XMLText.token("  my   host\n name ", limit: 100) == "my host⏎ name")
        #expect(XMLText.token("a b  c", limit: 100) == "a b c")
        #expect(XMLText.token(" a b", limit: 100) == "a b")
        #expect(XMLText.token("a b ", limit: 100) == "a b")
        #expect(XMLText.token("iamspec.braze-swift.delay a b", limit: 100) == "iamspec.braze-swift.delay a b")
        #expect(XMLText.token("", limit: 100) == "")
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
