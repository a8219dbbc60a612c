import Foundation
import Testing

/// `iamspec compile` and `iamspec run-compiled`: a suite compiled to one file, run through the
/// portable executor an app's test bundle uses, reports what `iamspec run` reports.
@Suite("iamspec compile and run-compiled")
struct CompileCommandTests {
    @Test func aCompiledSuiteRunsAsTheSpecsRun() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = folder.appendingPathComponent("suite.json").path
        let compiled = try IAMSpecExecutable.run("compile", "Fixtures/specs/passing", "-o", suite)
        #expect(compiled.status == 0, "\(compiled.standardError)")
        #expect(
            compiled.lastLine?.hasPrefix("\(suite): 3 cases, 6 runs, 3 rules (") == true,
            "\(compiled.standardOutput)"
        )

        let results = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run("run-compiled", suite, "--json", results, "--color", "never")
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.lastLine == "6 passed, 0 failed, 0 skipped")
        let records = try IAMSpecExecutable.resultsRecords(at: results)
        #expect(records.count == 8)
        #expect(records.first?["executor"] as? String == "portable")
        #expect(records.first?["suite_paths"] as? [String] == ["Fixtures/specs/passing"])
    }

    /// A suite compiled with another engine's baseline is refused by `run-compiled` before any
    /// run, as `run --baseline` refuses the file: exit 2, no results stream.
    /// Without a rule catalogue `lint` checks no rule id, but a compiled suite carries the words
    /// of each rule its cases name, and `run-compiled` refuses a case whose rule it lacks: such a
    /// case is not compiled, and no suite is written that its own reader would refuse.
    @Test func aCaseNamingARuleNoCatalogueHoldsIsNotCompiled() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = folder.appendingPathComponent("basics.yaml").path
        try FileManager.default.copyItem(
            atPath: IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/specs/passing/delivery/basics.yaml")
                .path,
            toPath: cases
        )
        let output = folder.appendingPathComponent("suite.json").path
        let outcome = try IAMSpecExecutable.run(
            "compile",
            cases,
            "--filter",
            "fixture.session-start-*",
            "--output",
            output
        )
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.hasPrefix(
                "\(cases):2:1: error: found the rule 'triggers.session-start' in case 'fixture.session-start-displays', "
                    + "which no rule catalogue holds (no rules.yaml at or above its spec path); expected the rules of a "
                    + "catalogue, whose words a compiled suite carries: compile the case where its rules.yaml is\n"
            ),
            "\(outcome.standardError)"
        )
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func anotherEnginesBaselineIsRefusedBeforeAnyRun() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = folder.appendingPathComponent("suite.json").path
        let compiled = try IAMSpecExecutable.run(
            "compile",
            "Fixtures/specs/passing",
            "--baseline",
            "Fixtures/baseline/other-engine.yaml",
            "-o",
            suite
        )
        #expect(compiled.status == 0, "\(compiled.standardError)")
        let results = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run("run-compiled", suite, "--json", results)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError
                == "\(suite):1:1: error: the compiled suite carries the baseline of the engine \"some-other-engine\" "
                + "(Fixtures/baseline/other-engine.yaml), and the engine under test is \"iamspec-reference\"; expected "
                + "this engine's known outcomes: compile the suite with its baseline (iamspec compile --baseline FILE)\n"
        )
        // The stream was claimed before the refusal: its header alone, unfinished.
        #expect(try IAMSpecExecutable.resultsRecords(at: results).map { $0["record"] as? String } == ["header"])
    }

    @Test func aFailingRunPrintsTheFailureAndTheResultsMatchThoseOfRun() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = folder.appendingPathComponent("suite.json").path
        #expect(try IAMSpecExecutable.run("compile", "Fixtures/specs/failing", "-o", suite).status == 0)
        let portable = folder.appendingPathComponent("portable.jsonl").path
        let outcome = try IAMSpecExecutable.run("run-compiled", suite, "--json", portable, "--color", "never")
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("FAILED "))
        #expect(outcome.standardOutput.contains("re-run: in the app's test bundle, the test of the run"))
        let runner = folder.appendingPathComponent("runner.jsonl").path
        #expect(try IAMSpecExecutable.run("run", "Fixtures/specs/failing", "--json", runner).status == 1)
        let circumstances: Set<String> = ["started_at", "jobs", "invocation", "executor", "duration_ms"]
        func comparable(_ path: String) throws -> [NSDictionary] {
            try IAMSpecExecutable.resultsRecords(at: path).map { record in
                NSDictionary(
                    dictionary: record.filter {
                        // run names the behaviours that explain its failures; run-compiled does not replay.
                        !circumstances.contains($0.key) && $0.key != "differences" && $0.key != "behaviours"
                    }
                )
            }
        }
        #expect(try comparable(portable) == comparable(runner))
        // On the host, the stream pulled from a test bundle makes the CI report.
        let junit = folder.appendingPathComponent("junit.xml").path
        let report = try IAMSpecExecutable.run("report", "--junit", junit, portable)
        #expect(report.status == 1, "the run it reports failed: \(report.standardError)")
        #expect(report.lastLine == outcome.lastLine)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("re-run: in the app&#39;s test bundle"))
    }

    /// A case's `requires` edited by hand cannot drop what its content needs: the reader derives
    /// it as the loader does, so an engine without `orientation` (the Python example) is skipped
    /// on every run that needs it, as `run` skips it, and never sent an `orientation` step.
    @Test func aRequiresEditedByHandStillHoldsWhatTheCaseNeeds() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = folder.appendingPathComponent("suite.json")
        let compiled = try IAMSpecExecutable.run("compile", "Specs/discard/orientation.yaml", "-o", suite.path)
        #expect(compiled.status == 0, "\(compiled.standardError)")
        let text = try String(contentsOf: suite, encoding: .utf8)
        let edited = text.replacing(#/"requires":\[([^\]]*)\]/#) { match in
            let kept = match.output.1.split(separator: ",").filter { $0 != #""orientation""# }
            return #""requires":["# + kept.joined(separator: ",") + "]"
        }
        let requiresOrientation = #/"requires":\[[^\]]*"orientation"/#
        #expect(text.contains(requiresOrientation))
        #expect(!edited.contains(requiresOrientation))
        try Data(edited.utf8).write(to: suite)

        let outcome = try IAMSpecExecutable.run(
            "run-compiled",
            suite.path,
            "--engine-command",
            "python3 Fixtures/engines/example_engine.py",
            "--color",
            "never"
        )
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput.contains(#/skipped [0-9]+ runs: the engine lacks the capability orientation\n/#))
        #expect(!outcome.standardOutput.contains("declined"), "\(outcome.standardOutput)")
        // Every case of the file needs orientation: none runs, none is sent an orientation step.
        let allSkipped = outcome.lastLine?.contains(#/^0 passed, 0 failed, [0-9]+ skipped$/#)
        #expect(allSkipped == true, "\(outcome.standardOutput)")
    }

    @Test func aSelectionMatchingNothingExits5UnlessAllowed() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = folder.appendingPathComponent("suite.json").path
        let refused = try IAMSpecExecutable.run(
            "compile",
            "Fixtures/specs/passing",
            "--filter",
            "nothing-*",
            "-o",
            suite
        )
        #expect(refused.status == 5)
        #expect(refused.standardError.contains("no case run matches the selection"))
        #expect(!FileManager.default.fileExists(atPath: suite))
        let allowed = try IAMSpecExecutable.run(
            "compile",
            "Fixtures/specs/passing",
            "--filter",
            "nothing-*",
            "--allow-empty",
            "-o",
            suite
        )
        #expect(allowed.status == 0, "\(allowed.standardError)")
        // A suite of no run checks nothing: run-compiled exits 5 as `run` does, unless allowed.
        let results = folder.appendingPathComponent("results.jsonl").path
        let empty = try IAMSpecExecutable.run("run-compiled", suite, "--json", results)
        #expect(empty.status == 5)
        #expect(
            empty.standardError
                == "\(suite):1:1: error: found a compiled suite of no case run, expected at least one run to check; "
                + "compile a selection that matches some (iamspec compile), or give --allow-empty\n"
        )
        #expect(empty.standardOutput.isEmpty)
        // The stream was claimed before the refusal: its header alone, unfinished.
        #expect(try IAMSpecExecutable.resultsRecords(at: results).map { $0["record"] as? String } == ["header"])
        let emptyAllowed = try IAMSpecExecutable.run("run-compiled", suite, "--allow-empty", "--json", results)
        #expect(emptyAllowed.status == 0)
        #expect(
            emptyAllowed.standardError
                == "warning: the compiled suite \(suite) holds no case run: nothing is checked\n"
        )
        #expect(emptyAllowed.lastLine == "0 passed, 0 failed, 0 skipped")
        #expect(try IAMSpecExecutable.resultsRecords(at: results).count == 2)
    }

    @Test func badSpecsAreRefusedWithTheirDiagnostics() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try IAMSpecExecutable.run(
            "compile",
            "Fixtures/specs/bad",
            "-o",
            folder.appendingPathComponent("suite.json").path
        )
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("Fixtures/specs/bad/unknown-key.yaml:4:1: error:"))
    }

    @Test func aFileThatIsNoCompiledSuiteIsRefusedAtItsLine() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("suite.json")
        try Data("{\"format\": 1,\n  \"cases\": [}\n".utf8).write(to: file)
        let outcome = try IAMSpecExecutable.run("run-compiled", file.path)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.hasPrefix("\(file.path):2:13: error: found text that is not JSON:"),
            "\(outcome.standardError)"
        )
        let missing = try IAMSpecExecutable.run("run-compiled", folder.appendingPathComponent("none.json").path)
        #expect(missing.status == 2)
        #expect(
            missing.standardError
                == "\(folder.path)/none.json:1:1: error: cannot read the compiled suite: no such file\n"
        )
        let aFolder = try IAMSpecExecutable.run("run-compiled", folder.path)
        #expect(aFolder.status == 2)
        #expect(
            aFolder.standardError
                == "\(folder.path):1:1: error: cannot read the compiled suite: it is a folder; expected the file "
                + "`iamspec compile` wrote\n"
        )
    }

    @Test func theCompiledSuiteIsNotWrittenOverASpecFile() throws {
        let outcome = try IAMSpecExecutable.run(
            "compile",
            "Fixtures/specs/passing",
            "-o",
            "Fixtures/specs/passing/rules.yaml"
        )
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("Fixtures/specs/passing/rules.yaml"))
    }
}
