import IAMSpec
import IAMSpecRunner
import Testing

@testable import IAMSpecSite

/// The field: public engines' results with their provenance, as a page with a matrix of rules by
/// engine (one column per engine, however many), each rule saying which engines follow it and
/// which differ by what name with the code of that engine's vendor it cites, and an engine whose
/// results ran other Specs marked so.
@Suite("The field's pages")
struct FieldTests {
    static let digest = "fnv1a64:0123456789abcdef"

    /// Engine `number` of the field: engine 2 fails `interval-two` under `interval.default`, named
    /// `interval-ignored` (whose citation is given); engine 3 skips every run; engine 4 fails
    /// `stack-one` under `stack.lifo`, by no name.
    static func engine(_ number: Int, digest: String = FieldTests.digest) -> FieldResults.Engine {
        let statuses: [(String, Profile, CaseStatus)] =
            switch number {
            case 2: [("stack-one", .brazeSwift, .passed), ("interval-two", .brazeSwift, .failed)]
            case 3: [("stack-one", .brazeSwift, .skipped), ("interval-two", .brazeSwift, .skipped)]
            case 4: [("stack-one", .brazeSwift, .failed), ("interval-two", .brazeSwift, .passed)]
            default: [("stack-one", .brazeSwift, .passed), ("interval-two", .brazeSwift, .passed)]
            }
        var summary = SiteFixtures.results(engine: "vendor-\(number)", statuses)
        if number == 4 {
            summary.results[0].difference = Difference(rules: ["stack.lifo"], mismatch: "sequence: a <missing> shown")
        }
        if number == 2 {
            summary.results[1].difference = Difference(rules: ["interval.default"], mismatch: "sequence: extra")
            summary.behaviours = [
                ExplainedBehaviour(
                    behaviour: "interval-ignored",
                    summary: "enforces <no> minimum interval",
                    rule: "interval.default",
                    runs: [ExplainedBehaviour.Run(caseID: "interval-two", profile: .brazeSwift)]
                )
            ]
        }
        return FieldResults.Engine(
            provenance: FieldResults.Provenance(
                adapter: "adapter-\(number)",
                vendor: "Vendor <\(number)> SDK",
                repository: "vendor/sdk-\(number)",
                vendorCommit: "abcdef0123456789abcdef0123456789abcdef0\(number)",
                iamspecCommit: "0123456789abcdef0123456789abcdef01234567",
                specsDigest: digest,
                stream: "adapter-\(number).jsonl"
            ),
            summary: summary
        )
    }

    static func files(
        _ engines: [FieldResults.Engine],
        citations: [String: String] = ["interval-ignored": "vendor/sdk-2@abcdef0, Timer.java, `schedule` & <more>"]
    ) throws -> [String: String] {
        let field = FieldResults(engines: engines, specsDigest: digest, citations: citations)
        let files = try DocumentationSite.files(
            cases: SiteFixtures.cases,
            rules: SiteFixtures.rules,
            suitePaths: ["Specs"],
            field: field
        )
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    @Test func nineEnginesMakeOneMatrixOfNineColumnsPerArea() throws {
        let files = try Self.files((1...9).map { Self.engine($0) })
        let page = try #require(files["field.html"])
        // The provenance table (five headings), then an area's matrix each: the rule and nine engines.
        #expect(ManyEnginesTests.htmlColumns(page) == [5, 10, 10])
        #expect(ManyEnginesTests.markdownColumns(try #require(files["markdown/field.md"])) == [5, 10, 10])
        #expect(page.contains("<td data-label=\"Vendor's code\">Vendor &lt;2&gt; SDK: <code>vendor/sdk-2</code> at "))
        #expect(page.contains("<code>abcdef012345</code>"))
        #expect(page.contains("iamspec <code>0123456789ab</code>, 2026-02-03T04:05:06Z"))
        #expect(page.contains("1 passed, 1 failed, 0 skipped of 2 runs"))
        #expect(page.contains("<td class=\"fail\" data-label=\"adapter-2\">differs</td>"))
        #expect(page.contains("<td class=\"skip\" data-label=\"adapter-3\">not bound</td>"))
        #expect(page.contains("<td class=\"pass\" data-label=\"adapter-1\">follows</td>"))
        #expect(!page.contains("class=\"stale\""), "no engine is marked older than these Specs")
        #expect(try #require(files["index.html"]).contains("<a href=\"field.html\">The field</a>"))
        let stack = try #require(files["areas/stack.html"])
        #expect(
            stack.contains(
                "<li><span class=\"label\">adapter-4</span> by no name of the catalogue: <span class=\"reason\">"
                    + "sequence: a &lt;missing&gt; shown</span> (1 run: <a href=\"stack.html#case-stack-one\"><code>stack-one</code></a>).</li>"
            )
        )
    }

    @Test func aRuleSaysWhichEnginesFollowItAndWhichDifferByWhatNameAndVendorCode() throws {
        let files = try Self.files((1...3).map { Self.engine($0) })
        let area = try #require(files["areas/interval.html"])
        #expect(
            area.contains(
                "<span class=\"label\">In the field:</span> follows: <a href=\"../field.html#engine-adapter-1\">adapter-1</a>; "
                    + "differs: <a href=\"../field.html#engine-adapter-2\">adapter-2</a>; "
                    + "not bound: <a href=\"../field.html#engine-adapter-3\">adapter-3</a>.</p>"
            )
        )
        #expect(
            area.contains(
                "by <code>interval-ignored</code>: enforces &lt;no&gt; minimum interval (1 run); vendor code: "
                    + "vendor/sdk-2@abcdef0, Timer.java, `schedule` &amp; &lt;more&gt;."
            )
        )
        let markdown = try #require(files["markdown/areas/interval.md"])
        #expect(
            markdown.contains("**In the field:** follows: `adapter-1`; differs: `adapter-2`; not bound: `adapter-3`.")
        )
        #expect(
            markdown.contains(
                "- `adapter-2` by `interval-ignored`: enforces &lt;no&gt; minimum interval (1 run); vendor code: "
                    + "vendor/sdk-2@abcdef0, Timer.java, \\`schedule\\` &amp; &lt;more&gt;."
            )
        )
    }

    @Test func anEngineIsShownOnlyTheCodeOfItsOwnVendorThatItsNameCites() throws {
        // Engine 2's repository is vendor/sdk-2: its citation (the repository spelt in another case)
        // with the file after it in the same repository, not the other vendor's before and after it.
        let both = try Self.files(
            (1...3).map { Self.engine($0) },
            citations: [
                "interval-ignored": "other/sdk-9@1234567, Other.java, `elsewhere`; "
                    + "Vendor/SDK-2@abcdef0, Timer.java, `schedule`; Clock.java, `tick <now>`; "
                    + "third/sdk-8@7654321, Third.java, `later`"
            ]
        )
        let shown = try Self.intervalPages(
            of: both,
            html: "by <code>interval-ignored</code>: enforces &lt;no&gt; minimum interval (1 run); vendor code: "
                + "Vendor/SDK-2@abcdef0, Timer.java, `schedule`; Clock.java, `tick &lt;now&gt;`.</li>",
            markdown: "- `adapter-2` by `interval-ignored`: enforces &lt;no&gt; minimum interval (1 run); vendor code: "
                + "Vendor/SDK-2@abcdef0, Timer.java, \\`schedule\\`; Clock.java, \\`tick &lt;now&gt;\\`.\n"
        )
        for page in shown {
            #expect(!page.contains("other/sdk-9") && !page.contains("Other.java"), "another vendor's code is not shown")
            #expect(!page.contains("third/sdk-8") && !page.contains("Third.java"), "another vendor's code is not shown")
        }
        // A name whose behaviour cites only another vendor's code: it is not shown, and the page
        // says that no code of this engine's vendor is cited.
        let other = try Self.files(
            (1...3).map { Self.engine($0) },
            citations: ["interval-ignored": "other/sdk-9@1234567, Other.java, `elsewhere`; Later.java, `then`"]
        )
        let uncited = try Self.intervalPages(
            of: other,
            html: "by <code>interval-ignored</code>: enforces &lt;no&gt; minimum interval (1 run); "
                + "no code of this vendor cited for this name.</li>",
            markdown: "- `adapter-2` by `interval-ignored`: enforces &lt;no&gt; minimum interval (1 run); "
                + "no code of this vendor cited for this name.\n"
        )
        for page in uncited {
            #expect(!page.contains("other/sdk-9") && !page.contains("Other.java") && !page.contains("Later.java"))
        }
    }

    @Test func aNameOfSeveralBehavioursShowsTheEnginesVendorCodeOfEachPart() throws {
        var engine = Self.engine(2)
        engine.summary.behaviours[0].behaviour = "interval-ignored+timer-late"
        let files = try Self.files(
            [Self.engine(1), engine],
            citations: [
                "interval-ignored": "other/sdk-9@1234567, Other.java, `elsewhere`",
                "timer-late": "vendor/sdk-2@abcdef0, Timer.java, `late`; other/sdk-9@1234567, Late.java, `late`",
            ]
        )
        try Self.intervalPages(
            of: files,
            html: "(1 run); vendor code: <code>interval-ignored</code>: no code of this vendor cited; "
                + "<code>timer-late</code>: vendor/sdk-2@abcdef0, Timer.java, `late`.</li>",
            markdown: "(1 run); vendor code: `interval-ignored`: no code of this vendor cited; "
                + "`timer-late`: vendor/sdk-2@abcdef0, Timer.java, \\`late\\`.\n"
        )
    }

    /// The interval area's HTML and Markdown pages of `files`, each expected to hold its text.
    @discardableResult
    private static func intervalPages(
        of files: [String: String],
        html: String,
        markdown: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let pages = [
            try #require(files["areas/interval.html"], sourceLocation: sourceLocation),
            try #require(files["markdown/areas/interval.md"], sourceLocation: sourceLocation),
        ]
        #expect(pages[0].contains(html), sourceLocation: sourceLocation)
        #expect(pages[1].contains(markdown), sourceLocation: sourceLocation)
        return pages
    }

    @Test func anEngineWhoseResultsRanOtherSpecsIsMarkedOlderThanThem() throws {
        let files = try Self.files([Self.engine(1), Self.engine(2, digest: "fnv1a64:ffffffffffffffff")])
        let page = try #require(files["field.html"])
        #expect(
            page.contains(
                "<td class=\"stale\" data-label=\"Specs\"><strong>older than these Specs</strong>: "
                    + "<code>fnv1a64:ffffffffffffffff</code>, these are <code>\(Self.digest)</code></td>"
            )
        )
        #expect(page.contains("adapter-2</a> <span class=\"stale\">(older than these Specs)</span></th>"))
        #expect(!page.contains("adapter-1</a> <span class=\"stale\">"))
        let area = try #require(files["areas/interval.html"])
        #expect(area.contains("adapter-2</a> <span class=\"stale\">(older than these Specs)</span>"))
        #expect(try #require(files["markdown/field.md"]).contains("| `adapter-2` (older than these Specs) |"))
    }

    @Test func provenanceLinesAreReadWithWhereEachProblemIs() throws {
        let line =
            #"{"adapter":"a","iamspec_commit":"c","repository":"r","specs_digest":"d","stream":"a.jsonl","vendor":"v","vendor_commit":"k"}"#
        let entries = try FieldResults.provenance(parsing: line + "\n\n", path: "p.jsonl")
        #expect(entries.map(\.adapter) == ["a"])
        #expect(entries.first?.stream == "a.jsonl")
        let missing = #expect(throws: SiteError.self) {
            try FieldResults.provenance(parsing: line + "\n{\"adapter\":\"b\"}\n", path: "p.jsonl")
        }
        #expect(
            missing?.description
                == "p.jsonl:2:1: error: found no \"vendor\", expected \"vendor\" a string that is not empty"
        )
        let broken = #expect(throws: SiteError.self) {
            try FieldResults.provenance(parsing: "{\"adapter\":", path: "p.jsonl")
        }
        #expect(broken?.description.hasPrefix("p.jsonl:1:12: error: ") == true)
        let outside = #expect(throws: SiteError.self) {
            try FieldResults.provenance(parsing: line.replacing("a.jsonl", with: "../a.jsonl"), path: "p.jsonl")
        }
        #expect(outside?.description.contains("expected a file name in the field's folder") == true)
        let twice = #expect(throws: SiteError.self) {
            try FieldResults.provenance(parsing: line + "\n" + line, path: "p.jsonl")
        }
        #expect(twice?.description.hasPrefix("p.jsonl:2:1: error: found the adapter a again") == true)
    }
}
