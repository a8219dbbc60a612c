import Foundation
import Testing

/// `iamspec run` and `run-compiled` whose standard output is a pipe nobody reads (`| head -0`):
/// the reports are written and the process ends with its documented status, not by SIGPIPE. One
/// whose standard output cannot be written (a full disk) says so and ends with status 2.
@Suite("iamspec with its output closed")
struct ClosedOutputTests {
    /// Runs iamspec with stdout a pipe whose read end is closed before it starts (so its first
    /// write fails with EPIPE, deterministically), SIGPIPE at its default action as a shell
    /// leaves it; returns the exit status as Python's subprocess gives it (negative: a signal).
    private static func statusWithOutputClosed(_ arguments: [String]) throws -> String {
        let launcher = """
            import os, subprocess, sys
            r, w = os.pipe()
            os.close(r)
            print(subprocess.run(sys.argv[1:], stdout=w, restore_signals=True).returncode)
            """
        let executable = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let shell = (["python3", "-c", launcher, executable] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let outcome = try IAMSpecExecutable.runInShell(shell)
        return outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func runAndRunCompiledEndWithTheirStatusNotSIGPIPE() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = folder.appendingPathComponent("suite.json").path
        #expect(try IAMSpecExecutable.run("compile", "Fixtures/specs/passing", "-o", suite).status == 0)
        for (name, arguments, status) in [
            ("run", ["run", "Fixtures/specs/passing"], "0"),
            ("failing", ["run", "Fixtures/specs/failing"], "1"),
            ("run-compiled", ["run-compiled", suite], "0"),
        ] {
            let results = folder.appendingPathComponent("\(name).jsonl").path
            #expect(try Self.statusWithOutputClosed(arguments + ["--json", results]) == status, "\(name)")
            let records = try IAMSpecExecutable.resultsRecords(at: results)
            #expect(records.last?["record"] as? String == "footer", "\(name)")
        }
    }

    @Test(arguments: [
        ["list", "Fixtures/specs/passing"], ["run", "Fixtures/specs/passing"],
        ["lint", "--no-proof", "Fixtures/specs/passing"],
    ])
    func standardOutputThatCannotBeWrittenIsAnError(arguments: [String]) throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let executable = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let outcome = try IAMSpecExecutable.runInShell(
            ([executable] + arguments).map { "'\($0)'" }.joined(separator: " ") + " > /dev/full"
        )
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.hasSuffix("error: cannot write standard output: No space left on device\n"))
    }
}
