import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The strings of `Fixtures/hostile/strings.json`: escapes, CI log commands, bidi controls, line
/// breaks and markup, each with the word `FORGED` where it would take effect.
enum HostileStrings {
    struct Entry: Decodable {
        let name: String
        let text: String
    }

    static let all: [Entry] = {
        let path = FixturePaths.root + "/hostile/strings.json"
        return try! JSONDecoder().decode([Entry].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }()

    /// Characters no report may hold as they are: C0 (a line feed aside), DEL, C1, the bidi
    /// controls, the line and paragraph separators, the invisible zero-width characters and the
    /// non-characters XML forbids.
    static func actingCharacters(in text: String, allowingLineFeeds: Bool = false) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            if scalar == "\n" { return !allowingLineFeeds }
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064,
                0x2066...0x2069, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
                return true
            default:
                return false
            }
        }
    }
}

@Suite("Quoted text")
struct QuotedTextTests {
    @Test func everyCharacterThatWouldActIsShownVisibly() {
        #expect(QuotedText.line("red \u{1B}[31mtext\u{1B}[0m") == "red \\u{1b}[31mtext\\u{1b}[0m")
        #expect(QuotedText.line("\u{1B}]0;title\u{7}") == "\\u{1b}]0;title\\u{7}")
        #expect(QuotedText.line("\u{9B}31m") == "\\u{9b}31m")
        #expect(QuotedText.line("one\ntwo\r\nthree\rfour") == "one⏎two⏎three\\u{d}four")
        #expect(QuotedText.line("a\tb\u{0}c\u{7F}d\u{B}e\u{C}") == "a\\tb\\u{0}c\\u{7f}d\\u{b}e\\u{c}")
        #expect(QuotedText.line("one\u{85}two\u{2028}three\u{2029}") == "one\\u{85}two\\u{2028}three\\u{2029}")
        #expect(
            QuotedText.line("\u{202E}abc\u{202C}\u{2066}\u{2069}\u{200E}\u{200F}\u{61C}")
                == "\\u{202e}abc\\u{202c}\\u{2066}\\u{2069}\\u{200e}\\u{200f}\\u{61c}"
        )
        #expect(QuotedText.line("\u{FFFE}\u{FFFF}") == "\\u{fffe}\\u{ffff}")
        // Names that differ by an invisible character only look different.
        #expect(
            QuotedText.line("promo\u{200B} \u{FEFF}name \u{2060}\u{2064}")
                == "promo\\u{200b} \\u{feff}name \\u{2060}\\u{2064}"
        )
    }

    @Test func textThatActsNowhereIsKeptAsItIs() {
        for text in [
            "stack.lifo-basic", "sequence: expected [displayed: promo]", "café 日本 😀 e\u{301}", #"a\u{1b}b"#, "",
        ] {
            #expect(QuotedText.line(text) == text)
        }
    }

    @Test func ciLogCommandsLoseTheirMeaning() {
        #expect(QuotedText.line("see ##[error]boom") == "see #\\u{23}[error]boom")
        #expect(QuotedText.line("see ##VSO[task.setvariable]x") == "see #\\u{23}VSO[task.setvariable]x")
        #expect(QuotedText.line("###[x]") == "##\\u{23}[x]")
        #expect(QuotedText.line("## heading, #1") == "## heading, #1")
        #expect(QuotedText.line("::error::boom") == "\\u{3a}:error::boom")
        #expect(QuotedText.line("  ::add-mask::x") == "  \\u{3a}:add-mask::x")
        #expect(QuotedText.line("a ::error::b") == "a ::error::b")
    }

    @Test func linesEachFollowTheirPrefix() {
        #expect(
            QuotedText.lines("first\n::error::x\r\n\u{1B}[2Jthird\n", after: "    | ")
                == ["    | first", "    | \\u{3a}:error::x", "    | \\u{1b}[2Jthird"]
        )
        #expect(QuotedText.lines("", after: "| ") == ["| "])
    }

    @Test func markdownEscapesItsSyntaxAndWhatStartsABlock() {
        #expect(
            QuotedText.markdown("*a* _b_ [c](d) <e> | # ~ ! {f} + $ & `g`")
                == "\\*a\\* \\_b\\_ \\[c\\]\\(d\\) &lt;e&gt; \\| \\# \\~ \\! \\{f\\} \\+ \\$ &amp; \\`g\\`"
        )
        #expect(QuotedText.markdown("- item") == "\\- item")
        #expect(QuotedText.markdown("=== rule") == "\\=== rule")
        #expect(QuotedText.markdown("12. item, 3.5 s") == "12\\. item, 3.5 s")
        #expect(QuotedText.markdown("> quote") == "&gt; quote")
        #expect(QuotedText.markdown("title\n# heading") == "title⏎\\# heading")
        #expect(QuotedText.markdown("a\u{1B}b") == "a\\\\u\\{1b\\}b")
        #expect(QuotedText.markdown("a-b = c") == "a-b = c")
    }

    @Test func markdownCodeSpansAndBlocksAreFencedPastTheirBackticks() {
        #expect(QuotedText.markdownCode("a`b") == "``a`b``")
        #expect(QuotedText.markdownCode("`x`") == "`` `x` ``")
        #expect(QuotedText.markdownCode("x|y") == "`x|y`")
        #expect(QuotedText.markdownCode("x|y", inTable: true) == "`x\\|y`")
        #expect(QuotedText.markdownCode("one\ntwo") == "`one⏎two`")
        #expect(
            QuotedText.markdownCodeBlock(["plain", "```", "a\nb"], language: "text")
                == ["````text", "plain", "```", "a⏎b", "````"]
        )
    }

    @Test func htmlAndXMLEscapeTheirSyntax() {
        #expect(QuotedText.html("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(QuotedText.html("a\nb\u{1B}") == "a⏎b\\u{1b}")
        #expect(QuotedText.xml("say \"hi\" & <go>\n") == "say &quot;hi&quot; &amp; &lt;go&gt;⏎")
        #expect(QuotedText.xmlLines("one <1>\ntwo\r\nthree\t\u{7}") == "one &lt;1&gt;\ntwo\nthree\\t\\u{7}")
    }

    @Test func aMarkedOffsetCountsWhatIsShownBeforeIt() {
        let scalars = Array("\tab\u{1B}c".unicodeScalars)
        let shown = QuotedText.line(scalars, marking: 4)
        #expect(shown.text == "\\tab\\u{1b}c")
        #expect(shown.marked == "\\tab\\u{1b}".count)
        #expect(QuotedText.line(scalars, marking: 9).marked == shown.text.count)
    }

    /// JSON keeps the value and loses the characters: read back, each string is itself.
    @Test func jsonEscapesWhatWouldActAndReadsBackTheSame() throws {
        let texts = HostileStrings.all.map(\.text) + ["plain", "café ##x #[ \\##[y"]
        let encoded = try JSONEncoder().encode(texts)
        let escaped = QuotedText.json(Array(encoded))
        let text = String(decoding: escaped, as: UTF8.self)
        #expect(HostileStrings.actingCharacters(in: text).isEmpty)
        #expect(!text.lowercased().contains("##[") && !text.lowercased().contains("##vso["))
        #expect(try JSONDecoder().decode([String].self, from: Data(escaped)) == texts)
        #expect(QuotedText.json(Array(#"{"a":"b"}"#.utf8)) == Array(#"{"a":"b"}"#.utf8))
    }

    /// A log command's `##` is found wherever it falls in a line read eight bytes at a time, across
    /// two words too; a single `#` is left as it is.
    @Test func jsonFindsALogCommandAnywhereInTheLine() {
        for place in 0..<20 {
            let padding = String(repeating: "x", count: place)
            let line = Array(#"{"a":"\#(padding)##[error]b #c"}"#.utf8)
            let escaped = String(decoding: QuotedText.json(line), as: UTF8.self)
            #expect(escaped == #"{"a":"\#(padding)#\u0023[error]b #c"}"#, "at \(place)")
            let single = Array(#"{"a":"\#(padding)#[error]b #c"}"#.utf8)
            #expect(QuotedText.json(single) == single)
        }
    }

    /// Every hostile string in every form: nothing that would act is left, no CI log command can
    /// begin or appear, Markdown has no unescaped pipe or block start, and XML parses.
    @Test(arguments: HostileStrings.all.map(\.name))
    func aHostileStringIsInertInEveryForm(name: String) throws {
        let text = try #require(HostileStrings.all.first { $0.name == name }).text
        let forms = [
            QuotedText.line(text), QuotedText.markdown(text), QuotedText.markdownCode(text),
            QuotedText.markdownCode(text, inTable: true), QuotedText.html(text), QuotedText.xml(text),
        ]
        for form in forms {
            #expect(HostileStrings.actingCharacters(in: form).isEmpty, "\(form)")
            #expect(!form.lowercased().contains("##["), "\(form)")
            #expect(!form.lowercased().contains("##vso["), "\(form)")
            #expect(!form.drop { $0 == " " }.hasPrefix("::"), "\(form)")
        }
        for line in QuotedText.lines(text, after: "| ") {
            #expect(line.hasPrefix("| "))
            #expect(HostileStrings.actingCharacters(in: line).isEmpty)
        }
        let markdown = QuotedText.markdown(text)
        #expect(!markdown.contains("<"))
        #expect(!markdown.hasPrefix("-") && !markdown.hasPrefix("#") && !markdown.hasPrefix(">"), "\(markdown)")
        for cell in [markdown, QuotedText.markdownCode(text, inTable: true)] {
            let unescapedPipe = cell.indices.contains { index in
                cell[index] == "|" && (index == cell.startIndex || cell[cell.index(before: index)] != "\\")
            }
            #expect(!unescapedPipe, "\(cell)")
        }
        #if canImport(FoundationXML)
        let document = "<r a=\"\(QuotedText.xml(text))\">\(QuotedText.xmlLines(text))</r>"
        let parser = XMLParser(data: Data(document.utf8))
        #expect(parser.parse(), "\(document): \(String(describing: parser.parserError))")
        #endif
    }
}
