import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The run's experiments on the engine (telling names apart, testing them, shrinking differences)
/// share one time budget, say on standard error what they wait for, and never ask again an engine
/// that did not answer one of them within `--timeout`.
@Suite("iamspec run, its experiments under one budget")
struct ExperimentBudgetTests {
    /// An engine that hangs in every experiment (at its `case` request), never in the suite's
    /// runs: it is asked once, hangs once, and is not asked again, where each later experiment
    /// waited `--timeout` in turn, in silence (with `--timeout 5`: 14 of them, 77.6 s). Standard
    /// error says what the run waited for and why it stopped asking; the name is given untested.
    @Test("an engine that hangs in an experiment is asked once; the console says so")
    func hungEngineAskedOnce() throws {
        let run = try InterruptedRun([])
        let tool = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let engine =
            "python3 Fixtures/engines/faults/hangs_in_experiment.py '\(tool)' engine --stdio --mutant at-least-strict"
        // `--timeout` last: it overrides the test run's own (a day).
        try run.start(["--jobs", "2", "--engine-command", engine, "--timeout", "5"], specs: "Specs")
        let outcome = try run.wait()
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(run.announcedSoFar().count == 1, "\(outcome.standardError)")
        #expect(
            outcome.standardError.contains("experiments: testing the names as predictions on the engine"),
            "\(outcome.standardError)"
        )
        #expect(
            outcome.standardError.contains(
                "experiments: the engine did not answer an experiment's setup within 5.0 s (--timeout): it is not "
                    + "asked again"
            ),
            "\(outcome.standardError)"
        )
        let records = try IAMSpecExecutable.resultsRecords(at: run.results)
        let footer = try #require(records.last)
        let names = (footer["behaviours"] as? [[String: Any]] ?? []).compactMap { $0["behaviour"] as? String }
        #expect(names.contains("at-least-strict"), "the name is given, untested: \(names)")
    }
}
