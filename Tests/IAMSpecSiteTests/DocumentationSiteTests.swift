import Foundation
import IAMSpec
import IAMSpecRunner
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

    @Test func aCasesTitleAndNamesAreDataNotMarkup() throws {
        var specCase = SiteFixtures.specCase("ticks", title: "Uses `code` and *stars*", rules: ["stack.lifo"], line: 3)
        specCase.messages[0].id = "x`y`"
        specCase.steps.insert(
            Step(.stimulus(.customEvent(CustomEvent(name: "`a` b`"))), location: SiteFixtures.location),
            at: 1
        )
        let files = try DocumentationSite.files(
            cases: [specCase],
            rules: SiteFixtures.rules,
            suitePaths: ["Specs"],
            results: []
        )
        let html = try #require(files.first { $0.path == "areas/stack.html" }?.contents)
        #expect(html.contains("<h3>Uses `code` and *stars*</h3>"))
        #expect(html.contains("<li><code>x`y`</code>: a slide-up message; priority 2;"))
        #expect(html.contains("the custom event <code>`a` b`</code> is logged"))
        let markdown = try #require(files.first { $0.path == "markdown/areas/stack.md" }?.contents)
        #expect(markdown.contains("### Uses \\`code\\` and \\*stars\\*"))
        #expect(markdown.contains("- `` x`y` ``: a slide-up message; priority 2;"))
        #expect(markdown.contains("the custom event `` `a` b` `` is logged"))
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

    @Test func aRuleShowsWhetherBrazesWebSDKFollowsIt() throws {
        let files = try SiteFixtures.files()
        let stack = try #require(files["areas/stack.html"])
        #expect(
            stack.contains(
                "<p class=\"platforms\"><span class=\"label\">Braze Web SDK:</span> differs by design. No stack: "
                    + "<code>showInAppMessage</code> shows them &lt;side&gt; by side.</p>"
            )
        )
        let markdown = try #require(files["markdown/areas/stack.md"])
        #expect(markdown.contains("**Braze Web SDK:** differs by design. No stack: `showInAppMessage` shows them"))
        let interval = try #require(files["areas/interval.html"])
        #expect(!interval.contains("Braze Web SDK:</span>"))
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

    @Test func resultsAddAMatrixAPageAndABadgePerEngine() throws {
        let files = try SiteFixtures.files(results: [Self.reference, Self.other])
        let matrix = try #require(files["matrix.html"])
        #expect(
            matrix.contains(
                "<th scope=\"col\"><a href=\"engines/reference.html\">reference 1.0</a></th>"
                    + "<th scope=\"col\"><a href=\"engines/other-engine.html\">Other Engine 1.0</a></th>"
            )
        )
        #expect(matrix.contains("<td data-label=\"Passed\">3 of 4 supported</td><td data-label=\"Failed\">1</td>"))
        #expect(matrix.contains("<td data-label=\"Errors\">0</td><td data-label=\"Skipped\">1 of 5 runs</td>"))
        #expect(matrix.contains("alt=\"reference conformance: 75% · 1 failed · 1 skipped\""))
        #expect(matrix.contains("<code>not-in-suite</code>"))
        let badge = try #require(files["badges/reference.svg"])
        #expect(badge.contains(">reference conformance</text>") && badge.contains(">75% · 1 failed · 1 skipped</text>"))
        #expect(badge.contains("fill=\"#e05d44\""), "a failure makes the badge red")
        let other = try #require(files["badges/other-engine.svg"])
        #expect(other.contains(">0% · 1 error</text>") && other.contains("fill=\"#e05d44\""))
        #expect(files["index.html"]?.contains("<img src=\"badges/reference.svg\"") == true)
        #expect(files["index.html"]?.contains("<a href=\"engines/reference.html\">reference 1.0</a>") == true)
        #expect(files["markdown/README.md"]?.contains("(../badges/reference.svg)") == true)
        #expect(files["markdown/README.md"]?.contains("| 3 of 4 supported | 1 | 0 | 1 of 5 runs |") == true)
        #expect(files["markdown/README.md"]?.contains("| [reference 1.0](engines/reference.md) |") == true)
        #expect(files["engines/reference.html"] != nil && files["engines/other-engine.html"] != nil)
        #expect(files["markdown/engines/reference.md"] != nil && files["markdown/engines/other-engine.md"] != nil)
        let page = try #require(files["engines/reference.html"])
        #expect(page.contains("<img src=\"../badges/reference.svg\""))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"../style.css\">"))
        #expect(!page.contains("Other Engine"), "an engine's page is about that engine alone")
    }

    @Test func theSummaryHasARowPerRuleByAreaEachCellLinkingToTheEnginesPage() throws {
        let files = try SiteFixtures.files(results: [Self.reference, Self.other])
        let matrix = try #require(files["matrix.html"])
        #expect(!matrix.contains("title="), "no reason may hide in a tooltip")
        let stack = try #require(matrix.range(of: "<section class=\"area\" id=\"area-stack\">"))
        let interval = try #require(matrix.range(of: "<section class=\"area\" id=\"area-interval\">"))
        #expect(stack.lowerBound < interval.lowerBound, "areas in catalogue order")
        #expect(matrix.components(separatedBy: "<th scope=\"row\"><a href=\"areas/").count - 1 == 3, "one row per rule")
        #expect(
            matrix.contains(
                "<td class=\"fail\" data-label=\"reference 1.0\"><a href=\"engines/reference.html#rule-stack.lifo\">"
                    + "<strong>fail</strong></a> <span class=\"counts\">1 of 2 pass, 1 fail</span></td>"
            )
        )
        #expect(
            matrix.contains(
                "<td class=\"error\" data-label=\"Other Engine 1.0\"><a href=\"engines/other-engine.html#rule-stack.lifo\">"
                    + "<strong>error</strong></a> <span class=\"counts\">0 of 2 pass, 1 error, 1 not run</span></td>"
            )
        )
        #expect(
            matrix.contains(
                "<td class=\"not-run\" data-label=\"reference 1.0\"><a href=\"engines/reference.html#rule-interval.unused\">"
                    + "<strong>not run</strong></a> <span class=\"counts\">no case</span></td>"
            )
        )
        #expect(!matrix.contains("<caption>"), "two engines fit one table")
        let markdown = try #require(files["markdown/matrix.md"])
        #expect(
            markdown.contains(
                "| [`stack.lifo`](areas/stack.md#rule-stack.lifo) | [❌ fail](engines/reference.md#rule-stack.lifo) 1 of 2 pass, 1 fail "
                    + "| [⚠️ error](engines/other-engine.md#rule-stack.lifo) 0 of 2 pass, 1 error, 1 not run |"
            )
        )
    }

    @Test func anEnginesPageWritesOutEveryRunThatDidNotPassWithItsReason() throws {
        let files = try SiteFixtures.files(results: [Self.reference, Self.other])
        let reference = try #require(files["engines/reference.html"])
        #expect(!reference.contains("title="), "no reason may hide in a tooltip")
        #expect(reference.contains("<tr id=\"rule-stack.lifo\"><th scope=\"row\">"))
        #expect(
            reference.contains(
                "<span class=\"cases\">Checked by: <a href=\"../areas/interval.html#case-interval-two\"><code>interval-two</code></a>, "
                    + "<a href=\"../areas/stack.html#case-stack-one\"><code>stack-one</code></a></span>"
            )
        )
        #expect(
            reference.contains(
                "<td class=\"fail\" data-label=\"Outcome\"><strong>fail</strong> <span class=\"counts\">1 of 2 cases pass, 1 fail</span></td>"
            )
        )
        #expect(
            reference.contains(
                "<li class=\"fail\"><strong>fail</strong> <a href=\"../areas/interval.html#case-interval-two\"><code>interval-two</code></a> "
                    + "[braze-swift]: <span class=\"reason\">expected &lt;promo&gt; displayed</span></li>"
            )
        )
        #expect(
            reference.contains(
                "<strong>skip</strong> <a href=\"../areas/interval.html#case-interval-two\"><code>interval-two</code></a> "
                    + "[appboy-legacy]: <span class=\"reason\">needs stack_inspection</span>"
            )
        )
        let other = try #require(files["markdown/engines/other-engine.md"])
        #expect(
            other.contains(
                "- <a id=\"rule-stack.lifo\"></a>[`stack.lifo`](../areas/stack.md#rule-stack.lifo): **⚠️ error**, "
                    + "0 of 2 cases pass, 1 error, 1 not run"
            )
        )
        #expect(
            other.contains(
                "  - **error** [`stack-one`](../areas/stack.md#case-stack-one) [braze-swift]: the engine exited with status 3"
            )
        )
        let casePage = try #require(files["areas/interval.html"])
        #expect(
            casePage.contains(
                "<li class=\"fail\"><strong>reference 1.0: fail</strong> appboy-legacy: skip (needs stack_inspection); braze-swift: fail (expected &lt;promo&gt; displayed)</li>"
            )
        )
    }

    @Test func aFailureCountsAgainstTheRulesOfItsFailingStepAndTheDifferencesComeFirst() throws {
        var results = SiteFixtures.results(
            engine: "drainer",
            [
                ("stack-one", .brazeSwift, .passed), ("interval-two", .brazeSwift, .failed),
                ("interval-two", .appboyLegacy, .failed), ("not-in-suite", .brazeSwift, .failed),
            ]
        )
        // interval-two checks interval.default and stack.lifo; its failing step checks only the first.
        for index in results.results.indices where results.results[index].status == .failed {
            let rules = results.results[index].caseID == "not-in-suite" ? ["x.<b>|unknown"] : ["interval.default"]
            results.results[index].difference = Difference(rules: rules, mismatch: "sequence: a missing displayed")
        }
        let files = try SiteFixtures.files(results: [results])
        let matrix = try #require(files["matrix.html"])
        #expect(
            matrix.contains(
                "<td class=\"blocked\" data-label=\"drainer 1.0\"><a href=\"engines/drainer.html#rule-stack.lifo\">"
                    + "<strong>blocked</strong></a> <span class=\"counts\">1 of 2 pass, 1 blocked</span></td>"
            )
        )
        let page = try #require(files["engines/drainer.html"])
        #expect(
            page.contains(
                "<strong>blocked</strong> <span class=\"counts\">1 of 2 cases pass, 1 blocked by another rule&#39;s failure</span>"
            )
        )
        #expect(
            page.contains(
                "<li class=\"blocked\"><strong>blocked</strong> <a href=\"../areas/interval.html#case-interval-two\"><code>interval-two</code></a> "
                    + "[appboy-legacy, braze-swift]: <span class=\"reason\">failed under interval.default: sequence: a missing displayed</span></li>"
            )
        )
        #expect(
            page.contains(
                "<td class=\"fail\" data-label=\"Outcome\"><strong>fail</strong> <span class=\"counts\">0 of 1 case pass, 1 fail</span>"
            )
        )
        // One row per difference, before the rules' rows; a rule or case the suite lacks is not linked.
        let differences = try #require(page.range(of: "<h2 id=\"differences\">Differences</h2>"))
        let firstArea = try #require(page.range(of: "<section class=\"area\""))
        #expect(differences.lowerBound < firstArea.lowerBound)
        #expect(
            page.contains(
                "<tr><th scope=\"row\"><a href=\"../areas/interval.html#rule-interval.default\"><code>interval.default</code></a></th>"
                    + "<td data-label=\"Mismatch\">sequence: a missing displayed</td><td data-label=\"Cases\">"
                    + "<a href=\"../areas/interval.html#case-interval-two\"><code>interval-two</code></a></td><td data-label=\"Runs\">2</td>"
            )
        )
        #expect(page.contains("<th scope=\"row\"><code>x.&lt;b&gt;|unknown</code></th>"))
        #expect(page.contains("<td data-label=\"Cases\"><code>not-in-suite</code></td>"))
        let markdown = try #require(files["markdown/engines/drainer.md"])
        #expect(
            markdown.contains(
                "| [`interval.default`](../areas/interval.md#rule-interval.default) | sequence: a missing displayed "
                    + "| [`interval-two`](../areas/interval.md#case-interval-two) | 2 | `through the library, "
            )
        )
        #expect(markdown.contains("**⛔ blocked**, 1 of 2 cases pass, 1 blocked by another rule's failure"))
        #expect(markdown.contains("| `x.<b>\\|unknown` | sequence: a missing displayed | `not-in-suite` | 1 |"))
    }

    @Test func aFailureABehaviourExplainsCountsAgainstTheBehavioursRuleAsTheReportFilesIt() throws {
        var results = SiteFixtures.results(
            engine: "drainer",
            [("stack-one", .brazeSwift, .passed), ("interval-two", .brazeSwift, .failed)]
        )
        // The failing step checks stack.lifo; the report's behaviour section files the run under interval.default.
        results.results[1].difference = Difference(rules: ["stack.lifo"], mismatch: "sequence: a missing displayed")
        results.behaviours = [
            ExplainedBehaviour(
                behaviour: "interval-ignored",
                summary: "enforces no minimum interval",
                rule: "interval.default",
                runs: [ExplainedBehaviour.Run(caseID: "interval-two", profile: .brazeSwift)]
            )
        ]
        let files = try SiteFixtures.files(results: [results])
        let matrix = try #require(files["matrix.html"])
        #expect(
            matrix.contains(
                "<td class=\"blocked\" data-label=\"drainer 1.0\"><a href=\"engines/drainer.html#rule-stack.lifo\">"
                    + "<strong>blocked</strong></a> <span class=\"counts\">1 of 2 pass, 1 blocked</span></td>"
            )
        )
        #expect(
            matrix.contains(
                "<td class=\"fail\" data-label=\"drainer 1.0\"><a href=\"engines/drainer.html#rule-interval.default\">"
                    + "<strong>fail</strong></a>"
            )
        )
        #expect(matrix.contains("the rule of the behaviour that explains the run"))
        let page = try #require(files["engines/drainer.html"])
        #expect(page.contains("failed under interval.default: sequence: a missing displayed"))
        let markdown = try #require(files["markdown/matrix.md"])
        #expect(markdown.contains("the rule of the behaviour that explains the run"))
    }

    @Test func aRuleThatOnlyAnExpectStepNamesListsTheCaseAsCheckingIt() throws {
        var cases = SiteFixtures.cases
        cases[0].steps.append(
            Step(.expectation(Expectation(sequence: [], rules: ["interval.unused"])), location: SiteFixtures.location)
        )
        let files = try DocumentationSite.files(
            cases: cases,
            rules: SiteFixtures.rules,
            suitePaths: ["Specs"],
            results: []
        )
        let page = try #require(files.first { $0.path == "areas/stack.html" }?.contents)
        #expect(page.contains("<a href=\"interval.html#rule-interval.unused\"><code>interval.unused</code></a>"))
        #expect(page.contains("nothing is displayed, put on the stack or discarded (checks interval.unused)"))
        // The rule is checked now: its section no longer says that no case does.
        let interval = try #require(files.first { $0.path == "areas/interval.html" }?.contents)
        let section = try #require(interval.range(of: "<article class=\"rule\" id=\"rule-interval.unused\">"))
        #expect(!interval[section.upperBound...].prefix { $0 != "/" }.contains("No case checks this rule yet."))
        #expect(!interval.contains("No case checks this rule yet."))
    }

    /// Fails one case on one profile, skips it on the other, passes the other case and one the
    /// suite does not have.
    static let reference = SiteFixtures.results(
        engine: "reference",
        [
            ("stack-one", .brazeSwift, .passed), ("stack-one", .appboyLegacy, .passed),
            ("interval-two", .brazeSwift, .failed), ("interval-two", .appboyLegacy, .skipped),
            ("not-in-suite", .brazeSwift, .passed),
        ],
        messages: [
            "interval-two@braze-swift": "expected <promo> displayed",
            "interval-two@appboy-legacy": "needs stack_inspection",
        ]
    )

    /// Could not finish its one run.
    static let other = SiteFixtures.results(
        engine: "Other Engine",
        [("stack-one", .brazeSwift, .error)],
        messages: ["stack-one@braze-swift": "the engine exited with status 3"]
    )

    /// A cell whose outcome is `pass` says how many of its cases the engine skipped, and the
    /// index no longer names the host the run was made on.
    @Test func aPassingCellSaysHowManyOfItsCasesWereSkipped() throws {
        let partial = SiteFixtures.results(
            engine: "partial",
            [("stack-one", .brazeSwift, .passed), ("interval-two", .brazeSwift, .skipped)],
            messages: ["interval-two@braze-swift": "needs stack-inspection"]
        )
        let files = try SiteFixtures.files(results: [partial])
        let matrix = try #require(files["matrix.html"])
        #expect(
            matrix.contains(
                "<strong>pass</strong></a> <span class=\"counts\">1 of 2 pass, 1 skipped</span></td>"
            )
        )
        #expect(files["markdown/matrix.md"]?.contains(" 1 of 2 pass, 1 skipped |") == true)
        for page in ["index.html", "matrix.html", "markdown/README.md", "markdown/matrix.md"] {
            #expect(files[page]?.contains("ci-runner") == false, "\(page) names the run's host")
        }
    }

    /// The Differences table keeps a rule id on one line on a wide screen (its column does not
    /// wrap), and lets it wrap on a phone, where the table is a card per row.
    @Test func theDifferencesTablesRuleColumnDoesNotWrapOnAWideScreen() throws {
        let css = try #require(try SiteFixtures.files()["style.css"])
        let phone = try #require(css.range(of: "@media (max-width: 40rem)"))
        let wide = try #require(css.range(of: "table.differences th[scope=\"row\"] { white-space: nowrap; }"))
        let narrow = try #require(css.range(of: "table.differences th[scope=\"row\"] { white-space: normal; }"))
        #expect(wide.upperBound < phone.lowerBound && phone.upperBound < narrow.lowerBound)
    }

    @Test func twoResultsForOneEngineAreAnError() {
        let one = SiteFixtures.results(engine: "e", [])
        #expect(throws: SiteError.self) { try SiteFixtures.files(results: [one, one]) }
        let newer = SiteFixtures.results(engine: "e", version: "2.0", [])
        let files = try? SiteFixtures.files(results: [one, newer])
        #expect(files?["badges/e-1-0.svg"] != nil && files?["badges/e-2-0.svg"] != nil)
    }

    @Test func twoEnginesWhoseNamesGiveOneSlugGetABadgeFileEach() throws {
        let first = SiteFixtures.results(engine: "Engine A", [("stack-one", .brazeSwift, .passed)])
        let second = SiteFixtures.results(engine: "engine-a", [("stack-one", .brazeSwift, .failed)])
        let files = try SiteFixtures.files(results: [first, second])
        let firstBadge = "badges/engine-a-\(DerivedFileNames.hash(of: "Engine A")).svg"
        let secondBadge = "badges/engine-a-\(DerivedFileNames.hash(of: "engine-a")).svg"
        #expect(files[firstBadge]?.contains(">Engine A conformance</text>") == true)
        #expect(files[secondBadge]?.contains(">engine-a conformance</text>") == true)
        #expect(files["index.html"]?.contains("<img src=\"\(firstBadge)\"") == true)
        #expect(files["index.html"]?.contains("<img src=\"\(secondBadge)\"") == true)
        #expect(files["markdown/README.md"]?.contains("(../\(secondBadge))") == true)
    }

    @Test func aLongEngineNameGetsABadgeFileNameWithinTheBound() throws {
        let name = String(repeating: "e", count: 250)
        let files = try SiteFixtures.files(results: [SiteFixtures.results(engine: name, [])])
        let badges = files.keys.filter { $0.hasPrefix("badges/") }
        #expect(badges == ["badges/\(String(repeating: "e", count: 55))-\(DerivedFileNames.hash(of: name)).svg"])
        #expect(badges.allSatisfy { $0.count - "badges/.svg".count <= DerivedFileNames.maximumLength })
        #expect(files["index.html"]?.contains("<img src=\"\(badges[0])\"") == true)
    }

    @Test func aLongAreaNameGetsAPageNameWithinTheBoundAndLinksToIt() throws {
        let area = String(repeating: "a", count: 250)
        let rules = RuleCatalogue(rules: [
            Rule(id: "\(area).rule", title: "A rule", kind: .documented, location: SiteFixtures.location)
        ])
        let cases = [SiteFixtures.specCase("long-one", title: "One", rules: ["\(area).rule"], line: 1)]
        let files = try DocumentationSite.files(cases: cases, rules: rules, suitePaths: ["Specs"])
        let page = "\(String(repeating: "a", count: 55))-\(DerivedFileNames.hash(of: area))"
        let html = try #require(files.first { $0.path == "areas/\(page).html" })
        #expect(html.contents.contains("id=\"case-long-one\""))
        #expect(files.contains { $0.path == "markdown/areas/\(page).md" })
        let index = try #require(files.first { $0.path == "index.html" })
        #expect(index.contents.contains("href=\"areas/\(page).html#rule-\(area).rule\""))
    }
}
