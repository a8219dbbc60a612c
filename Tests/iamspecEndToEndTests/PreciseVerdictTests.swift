import Foundation
import Testing

/// Engines that really lack one behaviour, behind the stdio protocol (reference_variant.py in
/// front of `iamspec engine --stdio`): declaring what they lack, they get no failure, and only the
/// runs that need the behaviour are skipped; an engine whose one behaviour differs gets one
/// difference, under that behaviour's rule.
@Suite("Precise verdicts over stdio")
struct PreciseVerdictTests {
    /// The bundled Specs on the reference engine changed by the variant; the results stream's
    /// records, decoded.
    private func run(
        _ variant: String
    ) throws -> (outcome: IAMSpecExecutable.Outcome, footer: [String: Any], cases: [[String: Any]]) {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let outcome = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--engine-command",
            "python3 Fixtures/engines/reference_variant.py \(variant) '\(iamspec)' engine --stdio",
            "--color",
            "never",
            "--json",
            json
        )
        let records = try IAMSpecExecutable.resultsRecords(at: json)
        let footer = try #require(records.last)
        return (outcome, footer, records.filter { $0["record"] as? String == "case" })
    }

    private func skipped(_ cases: [[String: Any]]) -> [[String: Any]] {
        cases.filter { $0["status"] as? String == "skipped" }
    }

    @Test func anEngineWithoutAMinimumIntervalFailsNothingAndSkipsOnlyWhatNeedsIt() throws {
        let (outcome, _, cases) = try run("no-interval")
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        let skips = skipped(cases)
        // Before the gate was derived from the case's timeline, 119 runs needed the interval.
        #expect(!skips.isEmpty && skips.count < 60, "\(skips.count) runs skipped")
        #expect(skips.allSatisfy { ($0["message"] as? String)?.contains("minimum-interval") == true })
    }

    @Test func anEngineThatIgnoresPriorityFailsNothingAndSkipsOnlyWhatNeedsIt() throws {
        let (outcome, _, cases) = try run("no-priority")
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        let skips = skipped(cases)
        // Before, 26 runs needed priority; now only the cases where it picks another message than
        // the tie rule would, among candidates that may both show (14 runs: seven cases of both
        // profiles, two of them, priority-fractional-one-event and a second Session Start message,
        // added with 0.6.0).
        #expect(!skips.isEmpty && skips.count < 17, "\(skips.count) runs skipped")
        #expect(skips.allSatisfy { ($0["message"] as? String)?.contains("priority") == true })
    }

    @Test func anEngineWithoutExtrasFailsNothingAndSkipsEveryCaseThatComparesThem() throws {
        let (outcome, _, cases) = try run("no-extras")
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        let skips = skipped(cases)
        // The Specs/extras cases, `extras: {}` included, which such an engine would pass vacuously.
        #expect(Set(skips.compactMap { $0["id"] as? String }).contains("extras-none"))
        #expect(skips.count >= 10, "\(skips.count) runs skipped")
        #expect(skips.allSatisfy { ($0["message"] as? String)?.contains("extras") == true })
    }

    /// It drains the stack after a user's dismissal only, not after the app's: close to
    /// `dismiss-offers-next`, which also fails runs this engine passes, so that name is never given
    /// (a name that contradicts a pass cannot be what the engine does); its runs stay differences
    /// of `stack.no-auto-drain`.
    @Test func anEngineThatDrainsTheStackOnlyOnAUsersDismissalIsNotNamedByWhatFailsItsPasses() throws {
        let (outcome, footer, _) = try run("auto-drain")
        #expect(outcome.status == 1)
        #expect(footer["behaviours"] == nil)
        let differences = try #require(footer["differences"] as? [[String: Any]])
        #expect(differences.contains { $0["rule"] as? String == "stack.no-auto-drain" })
        #expect(!outcome.standardOutput.contains("(behaviour dismiss-offers-next;"))
    }
}
