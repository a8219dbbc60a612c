import IAMSpec
import IAMSpecRunner
import Testing

@testable import IAMSpecSite

/// Quotes cited by their seed's title, language and SDK generation (`seeds.yaml`), and, given
/// the seeds' texts, linked to the quoted passage on the seed's own page.
@Suite("Seeds cited by title, language and SDK generation")
struct SeedCitationTests {
    static let seeds = SeedCatalogue(seeds: [
        Seed(
            file: "000_seed.txt",
            title: "Envio de <mensagens>",
            language: "pt",
            profile: .brazeSwift,
            location: SiteFixtures.location
        )
    ])

    /// The fixture's quote (`A pilha é `LIFO` <b>sempre</b>`) across two lines, its `é` decomposed.
    static let text =
        "---\nnav_title: Envio\n---\n\n# Pilha\n\n- Sobre a pilha: A pilha e\u{301} `LIFO`\n<b>sempre</b>, e mais.\n1. fim\n"

    static func files(texts: [String: String] = [:]) throws -> [String: String] {
        let files = try DocumentationSite.files(
            cases: SiteFixtures.cases,
            rules: SiteFixtures.rules,
            suitePaths: ["Specs"],
            seeds: seeds,
            seedTexts: texts
        )
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    @Test func aQuoteIsCitedByItsSeedsTitleLanguageAndGeneration() throws {
        let files = try Self.files()
        let stack = try #require(files["areas/stack.html"])
        #expect(
            stack.contains(
                "<figcaption>From <cite lang=\"pt\">Envio de &lt;mensagens&gt;</cite> (Portuguese, Braze Swift SDK; "
                    + "<code>000_seed.txt</code>)</figcaption>"
            )
        )
        let markdown = try #require(files["markdown/areas/stack.md"])
        #expect(
            markdown.contains("> — from *Envio de &lt;mensagens&gt;* (Portuguese, Braze Swift SDK; `000_seed.txt`)")
        )
        #expect(files.keys.allSatisfy { !$0.hasPrefix("seeds/") }, "no seed page without the seed's text")
        let index = try #require(files["index.html"])
        #expect(index.contains("<h2 id=\"seeds\">Seed documents</h2>"))
        #expect(
            index.contains(
                "<tr><th scope=\"row\"><cite lang=\"pt\">Envio de &lt;mensagens&gt;</cite></th><td data-label=\"Language\">Portuguese</td>"
                    + "<td data-label=\"SDK generation\">Braze Swift SDK</td><td data-label=\"Rules quoting it\">1</td>"
            )
        )
    }

    @Test func aSeedTheCatalogueDoesNotDescribeIsCitedByItsFileName() throws {
        let files = try DocumentationSite.files(
            cases: SiteFixtures.cases,
            rules: SiteFixtures.rules,
            suitePaths: ["Specs"]
        )
        let stack = try #require(files.first { $0.path == "areas/stack.html" }?.contents)
        #expect(stack.contains("<figcaption>Seed <code>000_seed.txt</code> (Portuguese)</figcaption>"))
        #expect(!(files.first { $0.path == "index.html" }?.contents.contains("Seed documents") ?? true))
    }

    @Test func givenItsTextASeedHasAPageWhereEachQuoteLinksToItsPassage() throws {
        let files = try Self.files(texts: ["000_seed.txt": Self.text])
        let anchor = SeedPage.anchor(for: "A pilha é `LIFO` <b>sempre</b>")
        let page = try #require(files["seeds/000-seed-txt.html"])
        #expect(page.contains("<h1>Envio de &lt;mensagens&gt;</h1>"))
        #expect(page.contains("Portuguese · Braze Swift SDK · 1 passage quoted by the rules"))
        #expect(page.contains("<a href=\"../areas/stack.html#rule-stack.lifo\"><code>stack.lifo</code></a>"))
        #expect(
            page.contains(
                "- Sobre a pilha: <span id=\"\(anchor)\"></span><mark>A pilha e\u{301} `LIFO`</mark>\n"
                    + "<mark>&lt;b&gt;sempre&lt;/b&gt;</mark>, e mais."
            )
        )
        #expect(page.contains("<div class=\"seed-text\" lang=\"pt\">---\nnav_title: Envio\n---\n\n# Pilha"))
        let stack = try #require(files["areas/stack.html"])
        #expect(
            stack.contains(
                "From <a href=\"../seeds/000-seed-txt.html#\(anchor)\"><cite lang=\"pt\">Envio de &lt;mensagens&gt;</cite></a>"
            )
        )
        let index = try #require(files["index.html"])
        #expect(
            index.contains(
                "<a href=\"seeds/000-seed-txt.html\"><cite lang=\"pt\">Envio de &lt;mensagens&gt;</cite></a>"
            )
        )
        let markdown = try #require(files["markdown/seeds/000-seed-txt.md"])
        #expect(markdown.contains("\\---<br>\nnav\\_title: Envio<br>\n\\---"))
        #expect(markdown.contains("\\# Pilha"))
        #expect(
            markdown.contains(
                "\\- Sobre a pilha: <a id=\"\(anchor)\"></a>**A pilha e\u{301} \\`LIFO\\`**<br>\n"
                    + "**&lt;b&gt;sempre&lt;/b&gt;**, e mais.<br>\n1\\. fim"
            )
        )
        #expect(
            files["markdown/areas/stack.md"]?.contains(
                "> — from [*Envio de &lt;mensagens&gt;*](../seeds/000-seed-txt.md#\(anchor)) (Portuguese, Braze Swift SDK; `000_seed.txt`)"
            ) == true
        )
    }

    @Test func aQuoteTheTextDoesNotHoldLinksToTheSeedsPageWithoutAnAnchor() throws {
        let files = try Self.files(texts: ["000_seed.txt": "Nothing quoted here."])
        #expect(files["seeds/000-seed-txt.html"]?.contains("0 passages quoted by the rules") == true)
        #expect(files["seeds/000-seed-txt.html"]?.contains("<mark>") == false)
        #expect(files["areas/stack.html"]?.contains("From <a href=\"../seeds/000-seed-txt.html\"><cite") == true)
    }

    @Test func passagesAreFoundWhateverTheWhitespaceAndOverlappingOnesEachGetAnAnchor() {
        let page = SeedPage(
            file: "s.txt",
            pageName: "s",
            text: "One two\n   three four. Five",
            quotes: ["two three", "three  four.", "absent"]
        )
        #expect(page.markedCount == 2)
        #expect(page.anchor(ofQuote: "absent") == nil)
        #expect(page.anchor(ofQuote: "two three") == SeedPage.anchor(for: "two   three"))
        let marked = page.lines.map { $0.filter(\.isQuoted).map(\.text) }
        #expect(marked == [["two"], ["three four."]])
        #expect(page.lines[1].first { $0.text.hasPrefix("three") }?.anchors == [SeedPage.anchor(for: "three four.")])
        #expect(page.lines[0].first { $0.text == "two" }?.anchors == [SeedPage.anchor(for: "two three")])
    }
}
