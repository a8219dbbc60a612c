import Foundation
import Testing

/// What `iamspec run` says while a CI job waits (docs/COMMANDS.md, "Progress and duration"), and the shell
/// completions the README documents.
@Suite("Feedback while waiting: progress, duration, completions")
struct RunFeedbackTests {
    @Test func offATerminalProgressIsAboutTenLinesAndEachFailureAndTheDurationComeLast() throws {
        let clean = try IAMSpecExecutable.run("run", "Specs", "--in-process")
        #expect(clean.status == 0)
        let total = try #require(clean.lastLine.flatMap { Int($0.prefix { $0 != " " }) })
        let progress = clean.standardError.split(separator: "\n").filter { $0.hasPrefix("[") }
        #expect((10...11).contains(progress.count), "\(progress.count) progress lines for \(total) runs")
        #expect(progress.last?.hasPrefix("[\(total)/\(total)] \(total) passed, 0 failed, 0 skipped (") == true)
        let closing = try #require(clean.standardError.split(separator: "\n").last)
        #expect(
            closing.wholeMatch(of: /ran \d+ case runs in (\d+\.\d s|\d+ min \d\d s) \(wall time\)/) != nil,
            "\(closing)"
        )
        #expect(closing.hasPrefix("ran \(total) case runs in "))
        #expect(clean.lastLine == "\(total) passed, 0 failed, 0 skipped")

        let failing = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/failing",
            "Fixtures/specs/passing",
            "--jobs",
            "1"
        )
        #expect(failing.status == 1)
        let lines = failing.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("] FAILED   fixture.expects-stacked-wrongly [braze-swift]") })
        #expect(lines.contains { $0.hasPrefix("[7/7] 6 passed, 1 failed, 0 skipped (") })
        #expect(failing.lastLine == "6 passed, 1 failed, 0 skipped")
    }

    /// The install lines of docs/COMMANDS.md, each run with the built tool: each writes a
    /// completion script for its shell that names the subcommands.
    @Test func theDocumentedCompletionCommandsWriteAScriptForEachShell() throws {
        let reference = try String(
            contentsOf: IAMSpecExecutable.packageRoot.appendingPathComponent("docs/COMMANDS.md"),
            encoding: .utf8
        )
        let commands = reference.split(separator: "\n").filter { $0.hasPrefix("iamspec --generate-completion-script ") }
        let shells = commands.compactMap { $0.split(separator: " ").dropFirst(2).first.map(String.init) }
        #expect(shells == ["bash", "zsh", "fish"])
        let markers = [
            "bash": "complete -o filenames -F _iamspec iamspec", "zsh": "#compdef iamspec",
            "fish": "complete -c 'iamspec' -f",
        ]
        for shell in shells {
            let outcome = try IAMSpecExecutable.run("--generate-completion-script", shell)
            #expect(outcome.status == 0)
            let script = outcome.standardOutput
            #expect(script.contains(markers[shell] ?? "?"), "\(shell): \(script.prefix(200))")
            for subcommand in ["run", "lint", "report", "merge", "docs"] {
                #expect(script.contains(subcommand), "\(shell) completes \(subcommand)")
            }
        }
        let bash = try IAMSpecExecutable.run("--generate-completion-script", "bash").standardOutput
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("iamspec.bash")
        try bash.write(to: file, atomically: true, encoding: .utf8)
        let syntax = try IAMSpecExecutable.runInShell("bash -n '\(file.path)'")
        #expect(syntax.status == 0, "bash -n: \(syntax.standardError)")
    }
}
