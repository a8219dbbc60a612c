import Foundation
import Testing

/// The engine command a results stream records is shown once on an engine's page, as data, and
/// its tables' re-run lines name it `"$ENGINE"`, for the reader to set: no line of the site runs a
/// command read from a stream, and no cell wraps over many lines. Each line gives the results
/// stream the site was made from as the whole run (`--whole-run`), by no absolute path of the
/// machine that made the site.
@Suite("The site's re-run lines and the recorded engine command")
struct SiteEngineCommandTests {
    private static var iamspec: String {
        IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
    }

    private func site(engineCommand: String?) throws -> (html: String, markdown: String) {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        let site = folder.appendingPathComponent("site").path
        let engine = engineCommand.map { ["--engine-command", $0] } ?? []
        let run = try IAMSpecExecutable.run(["run", "Fixtures/baseline/specs", "--json", results] + engine)
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        #expect(
            try IAMSpecExecutable.run(["docs", "Fixtures/baseline/specs", "--results", results, "--out", site]).status
                == 0
        )
        // The variant relays the reference engine, whose name it keeps.
        return (
            try String(contentsOfFile: "\(site)/engines/iamspec-reference.html", encoding: .utf8),
            try String(contentsOfFile: "\(site)/markdown/engines/iamspec-reference.md", encoding: .utf8)
        )
    }

    @Test func theRecordedEngineCommandIsShownOnceAsDataAndNamedInEachReRunLine() throws {
        let command = "python3 Fixtures/engines/reference_variant.py strict '\(Self.iamspec)' engine --stdio"
        let (html, markdown) = try site(engineCommand: command)
        let note =
            "The re-run lines name the engine command <code>$ENGINE</code>: set it to the engine you test. The "
            + "results stream records this one, shown as data, not as a line to run: "
        #expect(html.contains("<p>\(note)<code>\(command.replacingOccurrences(of: "'", with: "&#39;"))</code></p>"))
        #expect(
            html.contains(
                "<td class=\"rerun\" data-label=\"Re-run one\"><code>"
                    + "\(IAMSpecExecutable.productsDirectoryFromRoot)/iamspec run Fixtures/baseline/specs "
                    + "--filter baseline.fails --profile appboy-legacy --engine-command &quot;$ENGINE&quot; "
                    + "--whole-run results.jsonl</code></td>"
            ),
            "\(html)"
        )
        // No line to paste runs it: neither in a cell nor set for them.
        #expect(!html.contains("--engine-command &#39;python3") && !html.contains("ENGINE="))
        #expect(
            markdown.contains(
                "The re-run lines name the engine command `$ENGINE`: set it to the engine you test. The results "
                    + "stream records this one, shown as data, not as a line to run: `\(command)`"
            )
        )
        #expect(markdown.contains("--engine-command \"$ENGINE\" --whole-run results.jsonl`"))
        #expect(!markdown.contains("--engine-command 'python3") && !markdown.contains("ENGINE="))
    }

    @Test func theReferenceEngineNeedsNoVariable() throws {
        let (html, markdown) = try site(engineCommand: nil)
        #expect(!html.contains("$ENGINE") && !markdown.contains("$ENGINE"))
        #expect(
            html.contains(
                "run Fixtures/baseline/specs --filter baseline.fails --profile appboy-legacy --whole-run results.jsonl</code>"
            )
        )
    }
}
