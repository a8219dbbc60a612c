import Foundation
import IAMSpec
import IAMSpecRunner
import Testing

/// `iamspec diff`, the Markdown summary of `run` and `report`, and `run --fail-fast`.
@Suite("What changed: diff, summaries, fail-fast")
struct WhatChangedTests {
    private func result(_ id: String, _ status: CaseStatus, _ message: String = "") -> CaseResult {
        CaseResult(
            caseID: id,
            profile: .brazeSwift,
            title: id,
            status: status,
            message: message,
            kind: status == .failed ? .sequence : nil,
            location: SourceLocation(file: "Specs/triggers/basic.yaml", line: 3, column: 1)
        )
    }

    private func stream(
        _ results: [CaseResult],
        in folder: URL,
        named name: String,
        interrupted: Bool = false,
        notRun: Int = 0
    ) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let header = RunHeader(
            engine: EngineRecord(name: "sample", version: "1.0", profiles: Profile.allCases, capabilities: []),
            suitePaths: ["Specs"],
            selection: RunSelection(),
            jobs: 1,
            timeoutMilliseconds: 30_000,
            startedAt: "2026-01-31T23:59:59Z"
        )
        try ResultsStream.write(
            RunSummary(header: header, results: results, interrupted: interrupted, notRun: notRun),
            to: path
        )
        return path
    }

    @Test func diffListsEachKindOfChangeAndExits1OnARegression() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try stream(
            [
                result("a", .passed), result("b", .failed, "expected [x], found []"), result("c", .passed),
                result("d", .failed, "expected [y], found []"), result("e", .passed),
            ],
            in: folder,
            named: "old.jsonl"
        )
        let new = try stream(
            [
                result("a", .failed, "expected [z], found []"), result("b", .failed, "expected [x], found [w]"),
                result("c", .skipped, "the engine lacks the capability keyboard"), result("d", .passed),
                result("e", .passed),
            ],
            in: folder,
            named: "new.jsonl"
        )
        let markdown = folder.appendingPathComponent("out/diff.md").path

        let outcome = try IAMSpecExecutable.run("diff", old, new, "--markdown", markdown)
        #expect(outcome.status == 1)
        #expect(outcome.lastLine == "1 newly failing, 1 newly passing, 1 newly skipped, 1 changed message")
        #expect(outcome.standardOutput.contains("newly failing (1):\n  a [braze-swift]: failed\n    before: passed\n"))
        #expect(outcome.standardOutput.contains("newly passing (1):\n  d [braze-swift]: passed\n"))
        #expect(outcome.standardOutput.contains("newly skipped (1):\n  c [braze-swift]: skipped\n"))
        #expect(
            outcome.standardOutput.contains(
                "changed messages (1):\n  b [braze-swift]: failed\n    before: failed: expected [x], found []\n"
                    + "    now:    expected [x], found [w]\n"
            )
        )
        let page = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(page.hasPrefix("## iamspec diff: regressions\n"))
        #expect(page.contains("### Newly failing (1)\n\n- `a` braze-swift: failed\n  - `before: passed`\n"))
        #expect(page.contains("### Changed messages (1)"))
    }

    @Test func diffWithoutARegressionExits0() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try stream([result("a", .failed, "expected [x], found []")], in: folder, named: "old.jsonl")
        let new = try stream([result("a", .passed), result("b", .passed)], in: folder, named: "new.jsonl")
        let outcome = try IAMSpecExecutable.run("diff", old, new)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("runs only before: 0, only after: 1"))
        #expect(outcome.lastLine == "0 newly failing, 1 newly passing, 0 newly skipped, 0 changed messages")
    }

    /// A later run that did not make every run is no verdict on the runs it did not make: the
    /// diff fails, saying why, though nothing it compared is newly failing; `--partial` compares
    /// the runs it holds.
    @Test func aDiffWhoseLaterRunDidNotFinishFailsUnlessPartialResultsAreWanted() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try stream([result("a", .passed), result("b", .passed)], in: folder, named: "old.jsonl")
        let new = try stream([result("a", .passed)], in: folder, named: "new.jsonl", interrupted: true, notRun: 1)
        let markdown = folder.appendingPathComponent("diff.md").path

        let outcome = try IAMSpecExecutable.run("diff", old, new, "--markdown", markdown)
        #expect(outcome.status == 1)
        #expect(outcome.lastLine == "0 newly failing, 0 newly passing, 0 newly skipped, 0 changed messages")
        #expect(
            outcome.standardError
                == "error: the later run did not finish (interrupted, 1 run not run): the runs it did not make are "
                + "not compared; give --partial to compare the runs it holds\n"
        )
        let page = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(
            page.contains(
                "The later run did not finish (interrupted, 1 run not run): the runs it did not make are not compared."
            )
        )

        let partial = try IAMSpecExecutable.run("diff", old, new, "--partial")
        #expect(partial.status == 0)
        #expect(partial.standardError.contains("note: the later run did not finish (interrupted, 1 run not run)"))
        // An earlier run that did not finish takes nothing from the later one's verdict.
        let back = try IAMSpecExecutable.run("diff", new, old)
        #expect(back.status == 0)
        #expect(back.standardError.isEmpty)
    }

    @Test func diffOfAnUnreadableStreamExits2() throws {
        let outcome = try IAMSpecExecutable.run("diff", "no-such-old.jsonl", "no-such-new.jsonl")
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("no-such-old.jsonl:1:1: error: cannot read the results file"))
    }

    @Test func runAndReportWriteTheSameMarkdownSummaryWithEachFailuresRuleAndRerunLine() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = folder.appendingPathComponent("step/summary.md").path
        let again = folder.appendingPathComponent("again.md").path
        let json = folder.appendingPathComponent("results.jsonl").path
        let run = try IAMSpecExecutable.run("run", "Fixtures/specs/failing", "--summary", summary, "--json", json)
        #expect(run.status == 1)
        let page = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(page.hasPrefix("## iamspec: `iamspec-reference` `"))
        #expect(
            page.contains(
                "| runs | 1 |\n|---|---:|\n| passed | 0 |\n| failed | 1 |\n| errors | 0 |\n| skipped | 0 |\n"
            )
        )
        #expect(page.contains("#### `fixture.expects-stacked-wrongly` braze-swift: failed"))
        #expect(
            page.contains(
                "Fixtures/specs/failing/wrong-expectation.yaml:12:5: sequence on delivery: expected [stacked: promo], found [displayed: promo]"
            )
        )
        #expect(page.contains("Rules: `triggers.session-start`\n"))
        #expect(page.contains("### Rules and their sources (1)\n\n- `triggers.session-start`: `seed 003 (en)`\n"))
        // The re-run line names the program as it was started (relative to the run's directory,
        // being below it), the suite root and the results stream (the whole run) as given, and no
        // other path of the machine.
        #expect(
            page.contains(
                "/iamspec run Fixtures/specs/failing --filter fixture.expects-stacked-wrongly --profile braze-swift "
                    + "--whole-run \(json)`\n"
            )
        )
        #expect(page.contains("Re-run: `\(IAMSpecExecutable.productsDirectoryFromRoot)/iamspec run "))
        #expect(!page.contains("cd /") && !page.contains(IAMSpecExecutable.packageRoot.path))

        let report = try IAMSpecExecutable.run("report", "--summary", again, json)
        #expect(report.status == 1, "the run failed, and so says its report")
        #expect(try String(contentsOfFile: again, encoding: .utf8) == page)
    }

    @Test func failFastStopsAfterTheFirstFailureAndSaysHowManyRunsWereNotRun() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("report.xml").path
        let outcome = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/passing",
            "Fixtures/specs/failing",
            "--fail-fast",
            "--jobs",
            "1",
            "--json",
            json,
            "--junit",
            junit
        )
        // Runs go in report order (case id, then profile): the failing case's id comes first.
        #expect(outcome.status == 1)
        #expect(outcome.lastLine == "0 passed, 1 failed, 0 skipped")
        #expect(
            outcome.standardOutput.contains(
                "stopped at the first failure (--fail-fast): 6 of 7 runs not run, not counted below\n0 passed, 1 failed"
            )
        )
        let footer = try String(contentsOfFile: json, encoding: .utf8).split(separator: "\n").last ?? ""
        #expect(footer.contains("\"not_run\":6"))
        #expect(footer.contains("\"stopped_at_first_failure\":true"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<property name=\"not-run\" value=\"6\"/>"))
        #expect(!xml.contains("<skipped"), "runs not run are not skipped runs")
    }

    @Test func failFastCannotRefreshABaseline() throws {
        let outcome = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/passing",
            "--fail-fast",
            "--update-baseline",
            "never-written.yaml"
        )
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--update-baseline needs every run's outcome"))
        #expect(
            !FileManager.default.fileExists(
                atPath: IAMSpecExecutable.packageRoot.appendingPathComponent("never-written.yaml").path
            )
        )
    }

    @Test func failFastWithoutAFailureRunsEverything() throws {
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--fail-fast")
        #expect(outcome.status == 0)
        #expect(outcome.lastLine == "6 passed, 0 failed, 0 skipped")
        #expect(!outcome.standardOutput.contains("--fail-fast"))
    }
}
