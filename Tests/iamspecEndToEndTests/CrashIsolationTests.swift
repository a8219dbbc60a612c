import Foundation
import IAMSpecExplanation
import Testing

/// An engine of iamspec's own (the reference engine, a mutant) that traps costs the case it traps
/// in, not the run: it runs in a worker process (`iamspec engine --stdio`), and the crash is that
/// case's error, naming the signal and the stimulus, while every other case runs on a fresh worker
/// and every report is complete. The trap comes from the test hook `IAMSPEC_TEST_TRAP`, which the
/// workers inherit.
@Suite("Crash isolation of iamspec's own engines")
struct CrashIsolationTests {
    private static let trappingCase = "stack-lifo-after-background"

    /// What `iamspec run Specs --filter 'stack-*'` did with the engine misbehaving as `trap` asks
    /// in the trapping case (`IAMSPEC_TEST_TRAP`): its outcome, and its case records. Every
    /// report is checked whole: a record and a JUnit test case per run, the totals line, the
    /// trapping case's two runs the only errors, and no engine process left.
    private static func run(
        trapping trap: String,
        _ arguments: [String] = []
    ) throws -> (outcome: IAMSpecExecutable.Outcome, errored: [[String: Any]]) {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("report.xml").path
        let outcome = try IAMSpecExecutable.run(
            ["run", "Specs", "--filter", "stack-*", "--jobs", "2", "--json", results, "--junit", junit] + arguments,
            environment: ["IAMSPEC_TEST_TRAP": "\(trap)\(Self.trappingCase)@reference"]
        )
        #expect(outcome.status == 1)
        let runs = try IAMSpecExecutable.resultsRecords(at: results).filter { $0["record"] as? String == "case" }
        let errored = runs.filter { $0["status"] as? String == "error" }
        #expect(
            errored.map { "\($0["id"] ?? "") \($0["profile"] ?? "")" } == [
                "\(Self.trappingCase) appboy-legacy", "\(Self.trappingCase) braze-swift",
            ]
        )
        #expect(runs.count > errored.count)
        #expect(runs.allSatisfy { $0["status"] as? String == "passed" || $0["id"] as? String == Self.trappingCase })
        #expect(outcome.lastLine == "\(runs.count - 2) passed, 0 failed, 2 errors, 0 skipped")
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.components(separatedBy: "<testcase ").count - 1 == runs.count)
        #expect(IAMSpecExecutable.enginesLeft(by: outcome.processID) == [])
        return (outcome, errored)
    }

    @Test("run: a trap in the reference engine errors that case only; the reports hold every case")
    func aTrapCostsOneCase() throws {
        let (outcome, _) = try Self.run(trapping: "")
        // The seq depends on the cases the worker ran before: the words around it do not.
        #expect(
            outcome.standardOutput.contains(
                "the engine closed its output before answering stimulus session_start (seq "
            )
        )
        #expect(
            outcome.standardOutput.contains(
                #"of case "\#(Self.trappingCase)" (braze-swift); the engine was killed by signal 4"#
            )
        )
        #expect(outcome.standardOutput.contains("Fatal error: IAMSPEC_TEST_TRAP: the engine traps on purpose"))
    }

    /// An overflow prints nothing of itself in any build: only the runtime's backtracer, which
    /// `run` turns on in its workers, names it.
    @Test("run: the error of a trap names its case, and its diagnostics hold the trap's text")
    func aTrapsTextReachesTheReports() throws {
        let (_, errored) = try Self.run(trapping: "overflow:")
        for run in errored {
            let profile = run["profile"] as? String ?? ""
            let message = run["message"] as? String ?? ""
            #expect(
                message.contains(#"of case "\#(Self.trappingCase)" (\#(profile)); the engine was killed by signal"#)
            )
            let diagnostics = run["diagnostics"] as? String ?? ""
            #expect(diagnostics.contains("Swift runtime failure: arithmetic overflow"), "\(diagnostics)")
            #expect(diagnostics.contains("TestTrap.swift"), "where it trapped")
        }
    }

    /// In process, an engine's `exit(0)` would end iamspec with status 0 and no report: it is
    /// refused, the case is an error saying so, and the run goes on to its reports.
    @Test("run --in-process: an engine's exit(0) is refused; that case errors, the others run, every report is written")
    func anExitInProcessIsRefused() throws {
        let (outcome, errored) = try Self.run(trapping: "exit:", ["--in-process"])
        for run in errored {
            #expect(
                (run["message"] as? String)?.hasPrefix(
                    "the engine called exit(0) during this run; iamspec refused to end there"
                ) == true
            )
        }
        #expect(
            outcome.standardError.contains(
                #"error: the engine called exit(0) in case "\#(Self.trappingCase)" (braze-swift); iamspec refused to end"#
            )
        )
    }

    @Test("mutate: a mutant that traps is killed, by every case it crashes in")
    func aTrappingMutantIsKilled() throws {
        let mutant = try #require(BehaviourCatalogue.all.first)
        let outcome = try IAMSpecExecutable.run(
            ["mutate", "Specs", "--filter", "stack-*", "--mutant", mutant.id, "--jobs", "2"],
            environment: ["IAMSPEC_TEST_TRAP": "@mutant:\(mutant.id)"]
        )
        #expect(outcome.standardOutput.hasSuffix("Mutation score: 1/1 (100.0%)\n"), "\(outcome.standardOutput)")
        #expect(outcome.status == 0)
    }

    @Test("fuzz: a mutant that traps diverges from the reference engine at once")
    func aTrappingMutantIsFound() throws {
        let mutant = try #require(BehaviourCatalogue.all.first)
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
