import Foundation
import Testing

/// A site is published: built from absolute paths (the suite, the results stream, the folder it is
/// written to), it holds none of them, nor any other absolute path of the machine that built it.
/// Its re-run lines stay one line each, scrolled sideways in their cell, and its ids break only
/// where their text allows (after a hyphen), never inside a word.
@Suite("A published site and the builder's paths")
struct PublishedSitePathTests {
    @Test func aSiteBuiltFromAbsolutePathsHoldsNoPathOfTheMachine() throws {
        let scratch = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let results = scratch.appendingPathComponent("results.jsonl").path
        let run = try IAMSpecExecutable.run("run", "Fixtures/specs/failing", "--json", results)
        #expect(run.status == 1, "\(run.standardError)")
        let suite = IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/specs/failing").path
        let site = scratch.appendingPathComponent("site")
        let docs = try IAMSpecExecutable.run("docs", "--out", site.path, suite, "--results", results)
        #expect(docs.status == 0, "\(docs.standardError)")

        let machine = [
            scratch.path, scratch.resolvingSymlinksInPath().path, IAMSpecExecutable.packageRoot.path,
            IAMSpecExecutable.productsDirectory.path,
        ]
        let enumerator = try #require(FileManager.default.enumerator(atPath: site.path))
        var pages: [String: String] = [:]
        for case let file as String in enumerator {
            var isFolder: ObjCBool = false
            let url = site.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            pages[file] = try String(contentsOf: url, encoding: .utf8)
        }
        #expect(pages.count > 10)
        for (file, text) in pages {
            for path in machine where text.contains(path) {
                Issue.record("\(file) holds \(path), a path of the machine that built the site")
            }
        }
        // The stream as the whole run, by its name; each case's file below the working directory.
        let engine = try #require(pages["engines/iamspec-reference.html"])
        #expect(engine.contains(" --whole-run results.jsonl</code></td>"), "\(engine)")
        #expect(pages.values.contains { $0.contains("<code>Fixtures/specs/failing/wrong-expectation.yaml:3:1</code>") })
        #expect(pages.values.contains { $0.contains("docs from Fixtures/specs/failing") })

        let css = try #require(pages["style.css"])
        // In a table cell, code keeps the width its words need (a table never squeezes an id into
        // pieces); in running text it breaks inside a word only where the word is wider than the
        // line (a source's commit and path on a phone). scripts/check-docs-site measures both.
        let cellRule = try #require(css.firstMatch(of: /\n\s*td, th, td code, th code \{[^}]*\}/)).output
        #expect(cellRule.contains("overflow-wrap: break-word"), "an id breaks inside a word: \(cellRule)")
        // An engine's outcome in a case's list wraps to the next line whole before it breaks.
        let resultRule = try #require(css.firstMatch(of: /ul\.results li \{[^}]*\}/)).output
        #expect(!resultRule.contains("anywhere"), "\(resultRule)")
        #expect(css.contains("td.rerun code { display: block; white-space: pre; overflow-x: auto;"))
        #expect(engine.contains("<td class=\"rerun\" data-label=\"Re-run one\"><code>"))
    }
}
