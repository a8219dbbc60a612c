import Foundation
import IAMSpecMutants
import Testing

/// An engine of iamspec's own (the reference engine, a mutant) that traps costs the case it traps
/// in, not the run: it runs in a worker process (`iamspec engine --stdio`), and the crash is that
/// case's error, naming the signal and the stimulus, while every other case runs on a fresh worker
/// and every report is complete. The trap comes from the test hook `IAMSPEC_TEST_TRAP`, which the
/// workers inherit.
@Suite("Crash isolation of iamspec's own engines")
struct CrashIsolationTests {
    private static let trappingCase = "stack-lifo-after-background"

    @Test("run: a trap in the reference engine errors that case only; the reports hold every case")
    func aTrapCostsOneCase() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("report.xml").path
        let outcome = try IAMSpecExecutable.run(
            ["run", "Specs", "--filter", "stack-*", "--jobs", "2", "--json", results, "--junit", junit],
            environment: ["IAMSPEC_TEST_TRAP": "\(Self.trappingCase)@reference"]
        )
        #expect(outcome.status == 1)
        let runs = try IAMSpecExecutable.resultsRecords(at: results).filter { $0["record"] as? String == "case" }
        let errored = runs.filter { $0["status"] as? String == "error" }
        #expect(Set(errored.compactMap { $0["id"] as? String }) == [Self.trappingCase])
        #expect(errored.count == 2)
        #expect(runs.count > errored.count)
        #expect(runs.allSatisfy { $0["status"] as? String == "passed" || $0["id"] as? String == Self.trappingCase })
        #expect(outcome.lastLine == "\(runs.count - 2) passed, 2 failed, 0 skipped")
        #expect(
            outcome.standardOutput.contains(
                "the engine closed its output before answering stimulus session_start; the engine was killed by signal"
            )
        )
        #expect(outcome.standardOutput.contains("Fatal error: IAMSPEC_TEST_TRAP: the engine traps on purpose"))
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.components(separatedBy: "<testcase ").count - 1 == runs.count)
    }

    @Test("mutate: a mutant that traps is killed, by every case it crashes in")
    func aTrappingMutantIsKilled() throws {
        let mutant = try #require(MutantCatalogue.all.first)
        let outcome = try IAMSpecExecutable.run(
            ["mutate", "Specs", "--filter", "stack-*", "--mutant", mutant.id, "--jobs", "2"],
            environment: ["IAMSPEC_TEST_TRAP": "@mutant:\(mutant.id)"]
        )
        #expect(outcome.standardOutput.hasSuffix("Mutation score: 1/1 (100.0%)\n"), "\(outcome.standardOutput)")
        #expect(outcome.status == 0)
    }

    @Test("fuzz: a mutant that traps diverges from the reference engine at once")
    func aTrappingMutantIsFound() throws {
        let mutant = try #require(MutantCatalogue.all.first)
        let outcome = try IAMSpecExecutable.run(
            ["fuzz", "--against", "mutant:\(mutant.id)", "--count", "5"],
            environment: ["IAMSPEC_TEST_TRAP": "@mutant:\(mutant.id)"]
        )
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("diverge on scenario 1 of seed 1"))
    }

    @Test("--in-process is for the reference engine only")
    func inProcessNeedsTheReferenceEngine() throws {
        let outcome = try IAMSpecExecutable.run(
            ["run", "Specs", "--in-process", "--engine-command", "python3 Fixtures/engines/example_engine.py"]
        )
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--in-process applies to the reference engine"))
    }
}
