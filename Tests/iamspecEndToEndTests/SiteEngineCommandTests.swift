import Foundation
import Testing

/// A long engine command is set once on an engine's page, and its tables' re-run lines name it
/// `"$ENGINE"`, so that no cell wraps over many lines; a short one is written in each line. Each
/// line gives the results stream the site was made from as the whole run (`--whole-run`), by no
/// absolute path of the machine that made the site: outside its working directory, by its name.
@Suite("The site's re-run lines and a long engine command")
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

    @Test func aLongEngineCommandIsSetOnceAndNamedInEachReRunLine() throws {
        let command = "python3 Fixtures/engines/reference_variant.py strict '\(Self.iamspec)' engine --stdio"
        let (html, markdown) = try site(engineCommand: command)
        let assignment =
            "ENGINE='python3 Fixtures/engines/reference_variant.py strict '\\''\(Self.iamspec)'\\'' engine --stdio' "
            + "# not carried: the environment the engine command inherited (set its variables as in the run)"
        #expect(
            html.contains("set it first: <code>\(assignment.replacingOccurrences(of: "'", with: "&#39;"))</code></p>")
        )
        #expect(
            html.contains(
                "--filter baseline.fails --profile appboy-legacy --engine-command &quot;$ENGINE&quot; "
                    + "--whole-run results.jsonl</code>"
            )
        )
        #expect(!html.contains("<td class=\"rerun\" data-label=\"Re-run one\"><code>\(Self.iamspec)"))
        #expect(
            markdown.contains(
                "The re-run lines name the engine command `$ENGINE`; set it first:\n\n```sh\n\(assignment)\n```"
            )
        )
        #expect(markdown.contains("--engine-command \"$ENGINE\""))
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
