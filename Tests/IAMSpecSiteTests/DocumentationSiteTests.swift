import IAMSpec
import Testing

@testable import IAMSpecSite

@Suite("The documentation site")
struct DocumentationSiteTests {
    @Test func writesAnIndexAPagePerAreaAStylesheetAndMarkdown() throws {
        let files = try SiteFixtures.files()
        #expect(
            files.keys.sorted() == [
                "areas/interval.html", "areas/stack.html", "index.html", "markdown/README.md",
                "markdown/areas/interval.md", "markdown/areas/stack.md", "style.css",
            ]
        )
    }

    @Test func everyRuleAndCaseHasItsSectionInHTMLAndMarkdown() throws {
        let files = try SiteFixtures.files()
        let html = files.filter { $0.key.hasSuffix(".html") }.values.joined()
        let markdown = files.filter { $0.key.hasSuffix(".md") }.values.joined()
        for rule in SiteFixtures.rules.rules {
            #expect(html.contains("id=\"rule-\(rule.id)\""))
            #expect(markdown.contains("<a id=\"rule-\(rule.id)\"></a>"))
            #expect(files["index.html"]?.contains(rule.id) == true)
        }
        for specCase in SiteFixtures.cases {
            #expect(html.contains("id=\"case-\(specCase.id)\""))
            #expect(markdown.contains("<a id=\"case-\(specCase.id)\"></a>"))
        }
        #expect(files["areas/interval.html"]?.contains("No case checks this rule yet.") == true)
    }

    @Test func everyTextIsEscaped() throws {
        let files = try SiteFixtures.files()
        let html = files.filter { $0.key.hasSuffix(".html") }.values.joined()
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("Shows &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more"))
        #expect(html.contains("Waiting messages show &lt;last&gt; in &amp; first out"))
        #expect(html.contains("<code>LIFO</code> &lt;b&gt;sempre&lt;/b&gt;"))
        let interval = try #require(files["markdown/areas/interval.md"])
        #expect(interval.contains("### Interval \\| pipes \\* and \\_stars\\_"))
        let stack = try #require(files["markdown/areas/stack.md"])
        #expect(!stack.contains("<script") && !stack.contains("<b>"))
        #expect(stack.contains("> A pilha é `LIFO` &lt;b&gt;sempre&lt;/b&gt;"))
        #expect(stack.contains("**English translation:** The stack is `LIFO` &lt;b&gt;always&lt;/b&gt;"))
    }

    @Test func rulesShowTheirSeedLanguageTranslationAndClarificationSource() throws {
        let stack = try #require(try SiteFixtures.files()["areas/stack.html"])
        #expect(stack.contains("<blockquote lang=\"pt\">"))
        #expect(stack.contains("Seed <code>000_seed.txt</code> (Portuguese)"))
        #expect(stack.contains("English translation:</span> The stack is <code>LIFO</code>"))
        let interval = try #require(try SiteFixtures.files()["areas/interval.html"])
        #expect(
            interval.contains("Settled by the semantics notes, from:</span> Braze Web SDK &quot;trigger manager&quot;")
        )
    }

    @Test func casesReadAsATimeline() throws {
        let stack = try #require(try SiteFixtures.files()["areas/stack.html"])
        #expect(
            stack.contains(
                "Given a phone held in portrait, a 30 s minimum interval between triggered messages, no display delegate, and this message from the server:"
            )
        )
        #expect(
            stack.contains(
                "<span class=\"time\">0 s</span> <span class=\"step\"><strong>When</strong> a session starts</span>"
            )
        )
        #expect(stack.contains("<strong>and</strong> 31 s pass"))
        #expect(
            stack.contains(
                "<span class=\"time\">31 s</span> <span class=\"step\"><strong>Then</strong> <code>promo</code> is displayed, and nothing else"
            )
        )
    }

    @Test func pagesAreOfflineResponsiveAndPrintable() throws {
        let files = try SiteFixtures.files(results: [SiteFixtures.results(engine: "e", [])])
        for (path, page) in files where path.hasSuffix(".html") {
            #expect(
                page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"),
                "\(path)"
            )
            #expect(page.contains("default-src 'none'"), "\(path)")
            #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("<script"), "\(path)")
        }
        let css = try #require(files["style.css"])
        #expect(css.contains("@media print") && css.contains("@media (max-width: 40rem)"))
        #expect(!css.contains("@import") && !css.contains("url("))
    }

    @Test func theSameInputsGiveTheSameBytes() throws {
        let results = [SiteFixtures.results(engine: "e", [("stack-one", .brazeSwift, .passed)])]
        #expect(try SiteFixtures.files(results: results) == SiteFixtures.files(results: results))
    }

    @Test func resultsAddAMatrixConformanceAndABadgePerEngine() throws {
        let reference = SiteFixtures.results(
            engine: "reference",
            [
                ("stack-one", .brazeSwift, .passed), ("stack-one", .appboyLegacy, .passed),
                ("interval-two", .brazeSwift, .failed), ("interval-two", .appboyLegacy, .skipped),
                ("not-in-suite", .brazeSwift, .passed),
            ]
        )
        let other = SiteFixtures.results(engine: "Other Engine", [("stack-one", .brazeSwift, .skipped)])
        let files = try SiteFixtures.files(results: [reference, other])
        let matrix = try #require(files["matrix.html"])
        #expect(matrix.contains("<th scope=\"col\">reference 1.0</th><th scope=\"col\">Other Engine 1.0</th>"))
        #expect(matrix.contains("<td>3 of 4 runs passed, 1 skipped</td>"))
        #expect(matrix.contains("alt=\"reference conformance: 75%\""))
        #expect(matrix.contains("<code>not-in-suite</code>"))
        #expect(matrix.contains("title=\"appboy-legacy: skip; braze-swift: fail\">fail</td>"))
        #expect(
            files["markdown/matrix.md"]?.contains(
                "| [`interval-two`](areas/interval.md#case-interval-two) | ❌ fail | — not run |"
            ) == true
        )
        let badge = try #require(files["badges/reference.svg"])
        #expect(badge.contains(">reference conformance</text>") && badge.contains(">75%</text>"))
        #expect(badge.contains("fill=\"#dfb317\""))
        #expect(files["badges/other-engine.svg"]?.contains(">no runs</text>") == true)
        #expect(files["index.html"]?.contains("<img src=\"badges/reference.svg\"") == true)
        #expect(files["markdown/README.md"]?.contains("(../badges/reference.svg)") == true)
    }

    @Test func twoResultsForOneEngineAreAnError() {
        let one = SiteFixtures.results(engine: "e", [])
        #expect(throws: SiteError.self) { try SiteFixtures.files(results: [one, one]) }
        let newer = SiteFixtures.results(engine: "e", version: "2.0", [])
        let files = try? SiteFixtures.files(results: [one, newer])
        #expect(files?["badges/e-1-0.svg"] != nil && files?["badges/e-2-0.svg"] != nil)
    }
}
