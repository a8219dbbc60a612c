import Foundation
import Testing

/// An engine over the stdio protocol that breaks priority ties one way, then the other
/// (`Fixtures/engines/alternating_priority_ties.py`): with `--repeat 2` its tie cases are
/// nondeterministic in every report, `iamspec diff` never calls them newly failing, and
/// `--update-baseline` suggests `flaky` for them.
@Suite("A nondeterministic engine, end to end")
struct NondeterministicEngineTests {
    private static let engine = "python3 Fixtures/engines/alternating_priority_ties.py"

    private func run(_ extra: [String]) throws -> IAMSpecExecutable.Outcome {
        try IAMSpecExecutable.run(
            ["run", "Specs/priority", "--filter", "priority-tie-*", "--engine-command", Self.engine, "--jobs", "1"]
                + ["--color", "never"] + extra
        )
    }

    @Test func theRepeatOptionMarksItsTieCasesNondeterministicInEveryReport() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("junit.xml").path
        let summary = folder.appendingPathComponent("summary.md").path
        let repeated = try run(["--repeat", "2", "--json", json, "--junit", junit, "--summary", summary])
        #expect(repeated.status == 1, "\(repeated.standardOutput)\(repeated.standardError)")
        #expect(repeated.lastLine == "0 passed, 8 failed, 0 skipped")
        let output = repeated.standardOutput
        #expect(output.contains(": nondeterministic: repeat 1 of 2 passed; repeat 2 failed: sequence on delivery: "))
        #expect(output.contains("\n    repeat 1 of 2: passed\n"))
        #expect(output.contains("\n    repeat 2 of 2: failed: sequence on delivery: "))
        #expect(output.contains(" --repeat 2"), "the re-run line repeats too")
        // Named first, every one, in each report's head.
        #expect(output.hasPrefix("nondeterministic (8): runs whose repeats disagreed, explained by no behaviour\n"))
        #expect(output.contains("\n  priority-tie-later-wins [braze-swift]\n"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<property name=\"nondeterministic.8\" value=\""))
        #expect(try String(contentsOfFile: summary, encoding: .utf8).contains("### Nondeterministic runs (8)"))
        #expect(xml.components(separatedBy: "type=\"iamspec.nondeterministic\"").count == 9)
        #expect(xml.contains("repeat 2 of 2: failed"))
        #expect(try String(contentsOfFile: summary, encoding: .utf8).contains("repeat 2 of 2: failed"))
        let stream = try String(contentsOfFile: json, encoding: .utf8)
        #expect(stream.contains("\"kind\":\"nondeterministic\""))
        #expect(stream.contains("\"nondeterminism\":{\"repeats\":2,\"runs\":[{\"message\":\"\",\"number\":1"))
        #expect(stream.contains("\"repeat\":2"))
        // The stream reads back, as `iamspec report` does, with the same verdict.
        #expect(try IAMSpecExecutable.run("report", json, "--junit", junit).status == 1)

        // Run once, the engine passes some tie runs and fails others: `diff` says nondeterministic.
        let once = folder.appendingPathComponent("once.jsonl").path
        #expect(try run(["--json", once]).status == 1)
        let diff = try IAMSpecExecutable.run("diff", json, once)
        #expect(diff.status == 0, "nondeterminism is no regression:\n\(diff.standardOutput)")
        #expect(diff.standardOutput.contains("\nnondeterministic (8):\n"))
        #expect(!diff.standardOutput.contains("newly failing ("))
        #expect(!diff.standardOutput.contains("newly passing ("))
        #expect(
            diff.lastLine == "0 newly failing, 0 newly passing, 0 newly skipped, 0 changed messages, 8 nondeterministic"
        )
        let back = try IAMSpecExecutable.run("diff", once, json)
        #expect(back.standardOutput.contains("\nnondeterministic (8):\n"))
        #expect(!back.standardOutput.contains("newly failing ("))
    }

    @Test func aCompiledSuiteRunRepeatedFindsTheSameNondeterminism() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = folder.appendingPathComponent("suite.json").path
        let compiled = try IAMSpecExecutable.run("compile", "Specs/priority", "--filter", "priority-tie-*", "-o", suite)
        #expect(compiled.status == 0, "\(compiled.standardError)")
        let outcome = try IAMSpecExecutable.run(
            "run-compiled",
            suite,
            "--repeat",
            "2",
            "--engine-command",
            Self.engine,
            "--color",
            "never"
        )
        #expect(outcome.status == 1, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.lastLine == "0 passed, 8 failed, 0 skipped")
        #expect(outcome.standardOutput.contains(": nondeterministic: repeat 1 of 2 passed; repeat 2 failed: "))
        #expect(outcome.standardOutput.contains("\n    repeat 2 of 2: failed: sequence on delivery: "))
    }

    @Test func updatingTheBaselineSuggestsFlaky() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.yaml").path
        let outcome = try run(["--repeat", "2", "--update-baseline", baseline])
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        let written = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(written.contains("    status: flaky\n"))
        #expect(written.contains("nondeterministic on "))
        #expect(!written.contains("    status: fail\n"))
    }
}
