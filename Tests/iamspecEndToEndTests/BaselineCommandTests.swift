import Foundation
import Testing

/// `iamspec run --baseline` on Fixtures/baseline: `baseline.fails` fails on the reference engine
/// under both profiles, `baseline.passes` passes.
@Suite("iamspec run --baseline")
struct BaselineCommandTests {
    static let suite = "Fixtures/baseline/specs"

    private func run(_ baseline: String, _ extra: String...) throws -> IAMSpecExecutable.Outcome {
        try IAMSpecExecutable.run(
            (["run", Self.suite, "--jobs", "1", "--baseline", "Fixtures/baseline/\(baseline).yaml"] + extra)
        )
    }

    @Test func withoutABaselineTheFixtureFails() throws {
        let outcome = try IAMSpecExecutable.run(["run", Self.suite, "--jobs", "1"])
        #expect(outcome.status == 1)
        #expect(outcome.lastLine == "2 passed, 2 failed, 0 skipped")
    }

    @Test func expectedFailuresExitZeroAndAreListedApart() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("junit.xml").path
        let outcome = try run("expected-failure", "--junit", junit)
        #expect(outcome.status == 0)
        #expect(outcome.lastLine == "2 passed, 0 failed, 2 skipped")
        #expect(outcome.standardOutput.contains("expected failures (2):"))
        #expect(
            outcome.standardOutput.contains(
                "baseline.fails [braze-swift]  expected failure: the fixture expects the wrong observation (https://example.com/issues/1); failed:"
            )
        )
        #expect(
            outcome.standardOutput.contains(
                "baseline: 2 expected failures, 0 new failures, 0 unexpected passes, 0 stale entries"
            )
        )
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<skipped message=\"expected failure: the fixture expects the wrong observation"))
    }

    @Test func anUnexpectedPassExitsOneUnlessAllowed() throws {
        let strict = try run("unexpected-pass")
        #expect(strict.status == 1)
        #expect(strict.lastLine == "1 passed, 1 failed, 2 skipped")
        #expect(strict.standardOutput.contains("unexpected pass: the baseline expects it to fail (was broken once)"))
        #expect(strict.standardOutput.contains("Fixtures/baseline/unexpected-pass.yaml:6:3"))

        let lenient = try run("unexpected-pass", "--allow-unexpected-pass")
        #expect(lenient.status == 0)
        #expect(lenient.lastLine == "2 passed, 0 failed, 2 skipped")
    }

    @Test func aStaleEntryExitsOne() throws {
        let outcome = try run("stale")
        #expect(outcome.status == 1)
        // Not a run, yet what fails the run: counted as failed.
        #expect(outcome.lastLine == "2 passed, 1 failed, 2 skipped")
        #expect(
            outcome.standardOutput.contains(
                "Fixtures/baseline/stale.yaml:6:3: baseline.removed-long-ago: the suite has no such case run; remove the entry"
            )
        )
    }

    @Test func flakyRunsMayFailAndSkipEntriesAreNotRun() throws {
        let outcome = try run("flaky-and-skip")
        #expect(outcome.status == 0)
        #expect(outcome.lastLine == "2 passed, 0 failed, 2 skipped")
        #expect(outcome.standardOutput.contains("skipped 1 run: skipped by the baseline: hangs the legacy engine"))
        #expect(outcome.standardOutput.contains("baseline.fails [braze-swift]  flaky: sometimes fails; failed:"))
    }

    @Test func aBaselineForAnotherEngineOrWithErrorsExitsTwo() throws {
        let other = try run("other-engine")
        #expect(other.status == 2)
        #expect(
            other.standardError.contains(
                "Fixtures/baseline/other-engine.yaml:1:9: error: found a baseline for the engine 'some-other-engine', expected one for 'iamspec-reference'"
            )
        )
        let malformed = try run("malformed")
        #expect(malformed.status == 2)
        #expect(
            malformed.standardError.contains(
                "Fixtures/baseline/malformed.yaml:4:13: error: expected one of fail, flaky, skip"
            )
        )
        #expect(malformed.standardError.contains("Fixtures/baseline/malformed.yaml:11:5: error: unknown key 'because'"))
    }

    @Test func aMissingBaselineNamesTheRunThatMakesItAndThatRunMakesIt() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("first.baseline.yaml").path
        let missing = try IAMSpecExecutable.run(["run", Self.suite, "--jobs", "1", "--baseline", file])
        #expect(missing.status == 2)
        #expect(missing.standardOutput.isEmpty, "nothing runs")
        let diagnostic =
            "\(file):1:1: error: found no baseline file, expected the known failures of the engine under test"
        #expect(missing.standardError.contains(diagnostic))
        #expect(missing.standardError.contains("or leave out --baseline to judge the run without one"))
        // The command between backticks, run as printed, writes the baseline; then the run passes.
        let command = try #require(missing.standardError.split(separator: "`").dropFirst().first.map(String.init))
        #expect(command.hasSuffix("run \(Self.suite) --update-baseline \(file)"))
        #expect(try IAMSpecExecutable.runInShell(command).status == 0)
        let again = try IAMSpecExecutable.run(["run", Self.suite, "--jobs", "1", "--baseline", file])
        #expect(again.status == 0)
        #expect(again.lastLine == "2 passed, 0 failed, 2 skipped")
        // `iamspec report --baseline` says the same of a missing file, naming the run of the stream.
        let results = folder.appendingPathComponent("results.jsonl").path
        _ = try IAMSpecExecutable.run(["run", Self.suite, "--jobs", "1", "--json", results])
        let report = try IAMSpecExecutable.run([
            "report", "--summary", folder.appendingPathComponent("summary.md").path,
            "--baseline", file + ".missing", results,
        ])
        #expect(report.status == 2)
        #expect(report.standardError.contains("\(file).missing:1:1: error: found no baseline file"))
        // Run from the directory the run was started in, with the program relative to it.
        #expect(!report.standardError.contains(" && "))
        #expect(report.standardError.contains("`\(IAMSpecExecutable.productsDirectoryFromRoot)/iamspec run "))
        #expect(report.standardError.contains("run \(Self.suite) --update-baseline \(file).missing`"))
    }

    /// A `--baseline` that is there but is no file iamspec can read says why, for each command
    /// that reads one: a folder, a device.
    @Test func aBaselineThatIsNoFileSaysWhy() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = folder.appendingPathComponent("suite.json").path
        for (path, reason) in [(folder.path, "it is a folder"), ("/dev/null", "it is a device")] {
            let expected =
                "\(path):1:1: error: cannot read the baseline file: \(reason); expected the engine's baseline, "
                + "a YAML file (docs/CI.md, \"Baselines\")\n"
            let run = try IAMSpecExecutable.run(["run", Self.suite, "--jobs", "1", "--baseline", path])
            #expect(run.status == 2)
            #expect(run.standardError.hasPrefix(expected), "\(run.standardError)")
            let compile = try IAMSpecExecutable.run(["compile", Self.suite, "--baseline", path, "-o", suite])
            #expect(compile.status == 2)
            #expect(compile.standardError.hasPrefix(expected), "\(compile.standardError)")
        }
    }

    @Test func updateBaselineWritesFailuresAndKeepsWrittenReasons() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("baseline.yaml").path
        let first = try IAMSpecExecutable.run(["run", Self.suite, "--update-baseline", file])
        #expect(first.status == 0)
        var text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("engine: \"iamspec-reference\""))
        #expect(text.contains("  \"baseline.fails\":\n    status: fail\n    reason: \"new failure on 20"))
        #expect(!text.contains("baseline.passes") && !text.contains("TODO"))

        text = text.replacingOccurrences(
            of: #"reason: "new failure on [0-9-]+""#,
            with: "reason: \"kept\"",
            options: .regularExpression
        )
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let second = try IAMSpecExecutable.run(["run", Self.suite, "--update-baseline", file])
        #expect(second.status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("reason: \"kept\""))

        let judged = try IAMSpecExecutable.run(["run", Self.suite, "--baseline", file])
        #expect(judged.status == 0)
    }

    /// The JSON form an app's test bundle reads without YAML: written from a YAML baseline by
    /// `--update-baseline FILE.json`, read by `--baseline FILE.json` with the same judgement, and
    /// a stale entry named at its place in the JSON file.
    @Test func aJSONBaselineIsWrittenAndReadAsTheBundleReadsIt() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("baseline.json").path
        let written = try IAMSpecExecutable.run([
            "run", Self.suite, "--baseline", "Fixtures/baseline/expected-failure.yaml", "--update-baseline", file,
        ])
        #expect(written.status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(
            text.hasPrefix(
                "{\n  \"engine\": \"iamspec-reference\",\n  \"cases\": {\n    \"baseline.fails\": {\"status\": \"fail\""
            )
        )
        let judged = try IAMSpecExecutable.run(["run", Self.suite, "--jobs", "1", "--baseline", file])
        #expect(judged.status == 0)
        #expect(judged.lastLine == "2 passed, 0 failed, 2 skipped")

        let stale = text.replacingOccurrences(
            of: "\n  }\n}",
            with: ",\n    \"gone\": {\"status\": \"fail\", \"reason\": \"r\"}\n  }\n}"
        )
        try stale.write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try IAMSpecExecutable.run(["run", Self.suite, "--jobs", "1", "--baseline", file])
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains("\(file):5:5: gone: the suite has no such case run; remove the entry"))

        try #"{"engine": "iamspec-reference", "cases": {"baseline.fails": {"status": "fails"}}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let malformed = try IAMSpecExecutable.run(["run", Self.suite, "--baseline", file])
        #expect(malformed.status == 2)
        #expect(malformed.standardError.contains("\(file):1:43: error: cases.baseline.fails.status: found \"fails\""))
    }

    /// `iamspec docs` reads each stream's baseline from its footer: a run green by it gets a green
    /// badge saying so beside its raw figures; the same run without a baseline, a red one.
    @Test func theSiteSaysARunIsGreenByItsBaseline() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        let site = folder.appendingPathComponent("site").path
        #expect(try run("expected-failure", "--json", results).status == 0)
        #expect(try IAMSpecExecutable.run(["docs", Self.suite, "--results", results, "--out", site]).status == 0)
        let badge = try String(contentsOfFile: site + "/badges/iamspec-reference.svg", encoding: .utf8)
        #expect(badge.contains(">50% · 2 failed · green by its baseline</text>") && badge.contains("fill=\"#4c1\""))
        #expect(try IAMSpecExecutable.run(["run", Self.suite, "--json", results]).status == 1)
        #expect(try IAMSpecExecutable.run(["docs", Self.suite, "--results", results, "--out", site]).status == 0)
        let red = try String(contentsOfFile: site + "/badges/iamspec-reference.svg", encoding: .utf8)
        #expect(red.contains(">50% · 2 failed</text>") && red.contains("fill=\"#e05d44\""))
    }

    @Test func reportAppliesABaselineToAResultsStream() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("junit.xml").path
        _ = try IAMSpecExecutable.run(["run", Self.suite, "--json", results])
        let outcome = try IAMSpecExecutable.run(
            ["report", "--junit", junit, "--baseline", "Fixtures/baseline/expected-failure.yaml", results]
        )
        #expect(outcome.status == 0)
        #expect(outcome.lastLine == "2 passed, 0 failed, 2 skipped")
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<skipped message=\"expected failure:"))
    }
}
