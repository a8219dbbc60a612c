import Foundation
import Testing

/// Engines written on the Python adapter kit (`Kits/python`, engines in `Fixtures/engines`), run
/// by the built `iamspec` as another team would run its own engine: one with exactly one rule
/// broken, whose every printed `re-run:` line must reproduce its failure when executed as
/// printed, and a deliberately partial one, which must get no failure and no error.
@Suite("Engines on the adapter kits, end to end")
struct KitEngineTests {
    /// The failure entries of a console report: each from its `FAILED` line to its `re-run:` line.
    private static func failureEntries(in report: String) -> [(entry: String, rerun: String)] {
        var entries: [(entry: String, rerun: String)] = []
        var current: [Substring] = []
        for line in report.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("FAILED ") { current = [] }
            current.append(line)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("re-run: ") {
                entries.append((current.joined(separator: "\n"), String(trimmed.dropFirst("re-run: ".count))))
                current = []
            }
        }
        return entries
    }

    @Test func theBrokenEngineFailsOnlyItsRulesCasesAndEachReRunLineReproducesTheFailure() throws {
        let outcome = try IAMSpecExecutable.run(
            "run",
            "--engine-command",
            "python3 Fixtures/engines/broken_priority_ties.py",
            "--validate-protocol",
            "--color",
            "never"
        )
        #expect(outcome.status == 1)
        let entries = Self.failureEntries(in: outcome.standardOutput)
        // Every failure is one of the four cases of priority.ties-to-later, and each of them fails.
        let failedCases = Set(
            entries.compactMap { $0.entry.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }
        )
        #expect(
            failedCases == [
                "priority-tie-across-trigger-kinds", "priority-tie-later-wins", "priority-tie-loser-stays-eligible",
                "priority-tie-not-by-name",
            ]
        )
        #expect(!outcome.standardOutput.contains("ERROR "))
        for (entry, rerun) in entries {
            #expect(entry.contains("\n  rule priority.ties-to-later: "), "the entry names the broken rule:\n\(entry)")
            let again = try IAMSpecExecutable.runInShell(rerun)
            #expect(again.status == 1, "re-run: \(rerun)\n\(again.standardOutput)\(again.standardError)")
            #expect(again.standardOutput.contains(entry), "re-run: \(rerun) printed\n\(again.standardOutput)")
            #expect(again.lastLine?.hasPrefix("0 passed, ") == true)
            #expect(!again.standardOutput.contains("ERROR "))
        }
        #expect(!entries.isEmpty)
    }

    @Test func thePartialEngineGetsNoFailureAndNoErrorAndEachSkipSaysWhy() throws {
        let outcome = try IAMSpecExecutable.run(
            "run",
            "--engine-command",
            "python3 Fixtures/engines/partial_engine.py",
            "--validate-protocol",
            "--color",
            "never"
        )
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        let totals = outcome.lastLine?.split(separator: " ").map(String.init) ?? []
        #expect(totals.count == 6 && totals[2] == "0" && totals[3] == "failed,")
        #expect(!outcome.standardOutput.contains("FAILED "))
        #expect(!outcome.standardOutput.contains("ERROR "))
        // What it lacks is skipped, naming the capability...
        for capability in ["delay", "no-matching-trigger", "display-next", "delegate-later", "delegate-discard"] {
            #expect(outcome.standardOutput.contains("the engine lacks the capability \(capability)\n"))
        }
        // ...or the step it declined, with its reason.
        #expect(outcome.standardOutput.contains("the engine declined `custom_event: "))
        #expect(outcome.standardOutput.contains("this engine's event properties cannot hold a point in time"))
    }
}
