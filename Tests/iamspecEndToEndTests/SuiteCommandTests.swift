import Foundation
import Testing

/// Commands that load the fixture suites in Fixtures/specs: they need the YAML loader, and the
/// `run` tests need the reference engine too.
@Suite("Commands on spec files")
struct SuiteCommandTests {
    @Test func lintOfABadFileExitsWithStatus2AndLocatesTheProblem() throws {
        let outcome = try IAMSpecExecutable.run("lint", "Fixtures/specs/bad")
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("Fixtures/specs/bad/unknown-key.yaml:4:1: error:"))
    }

    @Test func lintOfGoodFilesExitsWithStatus0() throws {
        let outcome = try IAMSpecExecutable.run("lint", "Fixtures/specs/passing")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
    }

    @Test func runOfABadSuiteExitsWithStatus2() throws {
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/bad")
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("Fixtures/specs/bad/unknown-key.yaml:4:1: error:"))
    }

    @Test func runOfPassingCasesExitsWithStatus0AndWritesReports() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("report.xml").path

        let outcome = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/passing",
            "--jobs",
            "2",
            "--json",
            json,
            "--junit",
            junit,
            "--color",
            "never"
        )
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.lastLine == "6 passed, 0 failed, 0 skipped")
        let stream = try String(contentsOfFile: json, encoding: .utf8).split(separator: "\n")
        #expect(stream.count == 8)
        #expect(stream.first?.contains("\"record\":\"header\"") == true)
        #expect(stream.last?.contains("\"interrupted\":false") == true)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("name=\"fixture.session-start-displays\""))
    }

    @Test func theDefaultSubcommandIsRun() throws {
        let outcome = try IAMSpecExecutable.run(
            "Fixtures/specs/passing",
            "--filter",
            "fixture.session-*",
            "--profile",
            "braze-swift"
        )
        #expect(outcome.status == 0)
        #expect(outcome.lastLine == "1 passed, 0 failed, 0 skipped")
    }

    @Test func aFailingCaseExitsWithStatus1WithItsStepAndARerunCommand() throws {
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/failing", "--color", "never")
        #expect(outcome.status == 1)
        #expect(outcome.lastLine == "0 passed, 1 failed, 0 skipped")
        #expect(outcome.standardOutput.contains("Fixtures/specs/failing/wrong-expectation.yaml:12:"))
        #expect(outcome.standardOutput.contains("expected: stacked: promo"))
        #expect(outcome.standardOutput.contains("actual:   displayed: promo"))
        // From the run's directory: the program as it was started (by its absolute path below
        // the directory, so relative to it), the suite as given.
        #expect(
            outcome.standardOutput.contains("  re-run: \(IAMSpecExecutable.productsDirectoryFromRoot)/iamspec run "),
            "\(outcome.standardOutput)"
        )
        #expect(!outcome.standardOutput.contains("re-run: cd "))
        #expect(
            outcome.standardOutput.contains(
                "/iamspec run Fixtures/specs/failing --filter fixture.expects-stacked-wrongly --profile braze-swift\n"
            )
        )
        #expect(!outcome.standardOutput.contains("\u{1B}["), "--color never")
    }

    @Test func listPrintsTheSelectedCases() throws {
        let short = try IAMSpecExecutable.run("list", "Fixtures/specs/passing", "--tag", "smoke")
        #expect(short.status == 0)
        #expect(short.standardOutput == "fixture.session-start-displays\n")
        let long = try IAMSpecExecutable.run(
            "list",
            "Fixtures/specs/passing",
            "--filter",
            "fixture.highest-*",
            "--long"
        )
        #expect(long.standardOutput.contains("fixture.highest-priority-wins\n    title: Of two messages"))
        #expect(long.standardOutput.contains("    rules: priority.highest-wins"))
    }

    @Test func coverageListsUncoveredRulesAndExitsWithStatus1() throws {
        let uncovered = try IAMSpecExecutable.run("coverage", "Fixtures/specs/uncovered")
        #expect(uncovered.status == 1)
        #expect(uncovered.standardOutput.contains("triggers.session-start: 1 case\n    fixture.covers-session-start"))
        #expect(uncovered.standardOutput.contains("2 of 3 rules uncovered:"))
        let covered = try IAMSpecExecutable.run("coverage", "Fixtures/specs/passing")
        #expect(covered.status == 0)
        #expect(covered.lastLine == "all 3 rules covered")
    }
}
