import Foundation
import Testing

/// The `re-run:` line of a failure, executed exactly as printed, reproduces the failure: it
/// carries the engine command, the suite, the profile, the timeout and the baseline.
@Suite("The re-run line")
struct RerunLineTests {
    @Test func aForeignEnginesFailureIsReproducedByItsRerunLine() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // One known failure, so the run is judged against a baseline the re-run must carry too.
        let baseline = folder.appendingPathComponent("broken engine.baseline.yaml")
        try """
        engine: iamspec-reference
        cases:
          analytics-impression-on-display@appboy-legacy:
            status: fail
            reason: "the engine logs no impressions"
        """.write(to: baseline, atomically: true, encoding: .utf8)
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let engine = "python3 Fixtures/engines/reference_variant.py no-impressions '\(iamspec)' engine --stdio"
        let outcome = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            "analytics-*",
            "--engine-command",
            engine,
            "--timeout",
            "20",
            "--baseline",
            baseline.path,
            "--jobs",
            "2",
            "--color",
            "never"
        )
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let failure = try #require(lines.firstIndex { $0.hasPrefix("FAILED ") })
        let rerun = try #require(lines[failure...].first { $0.hasPrefix("  re-run: ") })
            .dropFirst("  re-run: ".count)
        #expect(rerun.contains(" run Specs --filter "))
        #expect(rerun.contains(" --timeout 20 "))
        #expect(rerun.contains(" --baseline '\(baseline.path)'"))

        let again = try IAMSpecExecutable.runInShell(String(rerun))
        #expect(again.status == 1, "\(again.standardError)")
        let againLines = again.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let entry = try #require(lines[failure...].firstIndex { $0.hasPrefix("  re-run: ") })
        #expect(
            Array(againLines.prefix(entry - failure + 1)) == Array(lines[failure...entry]),
            "the same failure entry: case, profile, rule, given, step, message, timeline and re-run line"
        )
        #expect(again.lastLine == "0 passed, 1 failed, 0 skipped")
    }
}
