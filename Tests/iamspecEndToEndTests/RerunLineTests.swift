import Foundation
import Testing

/// The `re-run:` line of a failure, executed exactly as printed, reproduces the failure from any
/// directory: it changes to the run's working directory, and carries the engine command, the
/// suite, the profile, the timeout and the baseline.
@Suite("The re-run line")
struct RerunLineTests {
    @Test func aForeignEnginesFailureIsReproducedByItsRerunLineFromAnotherDirectory() throws {
        let scratch = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Everything the run names is relative to its directory: the program, the suite, the
        // engine program and the program it starts, and the baseline.
        let directory = scratch.appendingPathComponent("the run's folder")
        let links = [
            "bin": IAMSpecExecutable.productsDirectory,
            "suite": IAMSpecExecutable.packageRoot.appendingPathComponent("Specs"),
            "engines": IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/engines"),
        ]
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(
                at: directory.appendingPathComponent(name),
                withDestinationURL: target
            )
        }
        // One known failure, so the run is judged against a baseline the re-run must carry too.
        try """
        engine: iamspec-reference
        cases:
          analytics-impression-on-display@appboy-legacy:
            status: fail
            reason: "the engine logs no impressions"
        """.write(to: directory.appendingPathComponent("known.baseline.yaml"), atomically: true, encoding: .utf8)
        let outcome = try IAMSpecExecutable.runInShell(
            "bin/iamspec run suite --filter 'analytics-*' "
                + "--engine-command 'python3 engines/reference_variant.py no-impressions bin/iamspec engine --stdio' "
                + "--timeout 20 --baseline known.baseline.yaml --jobs 2 --color never",
            in: directory
        )
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let failure = try #require(lines.firstIndex { $0.hasPrefix("FAILED ") })
        let rerun = try #require(lines[failure...].first { $0.hasPrefix("  re-run: ") })
            .dropFirst("  re-run: ".count)
        let quotedDirectory = "'" + directory.resolvingSymlinksInPath().path.replacing("'", with: #"'\''"#) + "'"
        #expect(rerun.hasPrefix("cd \(quotedDirectory) && bin/iamspec run suite --filter "), "\(rerun)")
        #expect(rerun.contains(" --timeout 20 "))
        #expect(rerun.contains(" --baseline known.baseline.yaml"))

        let again = try IAMSpecExecutable.runInShell(String(rerun), in: URL(fileURLWithPath: "/"))
        #expect(again.status == 1, "\(again.standardError)")
        let againLines = again.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let entry = try #require(lines[failure...].firstIndex { $0.hasPrefix("  re-run: ") })
        let againFailure = try #require(againLines.firstIndex { $0.hasPrefix("FAILED ") })
        #expect(
            Array(againLines[againFailure...].prefix(entry - failure + 1)) == Array(lines[failure...entry]),
            "the same failure entry: case, profile, rule, given, step, message, timeline and re-run line"
        )
        #expect(again.lastLine == "0 passed, 1 failed, 0 skipped")
    }
}
