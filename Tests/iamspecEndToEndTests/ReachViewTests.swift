import Foundation
import Testing

/// `iamspec coverage --capabilities` / `--engine-command` / `--results`: which rules an engine is
/// judged on, or a run judged, and why not the others (Fixtures/specs/reach: one rule per verdict).
@Suite("The reach view")
struct ReachViewTests {
    private static let customEventsAndSessions = "trigger-custom-event, trigger-session-start"

    @Test func eachRuleIsJudgedOrSaysWhyNotAndADefectExitsWithStatus1() throws {
        let outcome = try IAMSpecExecutable.run(
            "coverage",
            "Fixtures/specs/reach",
            "--capabilities",
            Self.customEventsAndSessions,
            "--profiles",
            "braze-swift"
        )
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("fixture.judged: judged by 1 case (1 run)"))
        #expect(lines.contains("fixture.gated: not judged: the engine lacks the rule's own capability keyboard"))
        #expect(
            lines.contains(
                "fixture.needs-a-push: not judged: the engine lacks what the rule needs (its `needs`: one of push-click, push-open)"
            )
        )
        #expect(
            lines.contains(
                "fixture.every-case-needs-more: not judged: every case needs more than the rule; the cheapest, "
                    + "fixture.delayed-message-shows, also needs delay"
            )
        )
        #expect(
            lines.contains(
                "fixture.legacy-only: not judged: the engine has none of the rule's profiles (appboy-legacy)"
            )
        )
        #expect(lines.contains("1 of 5 rules judged, by 1 of the 3 runs of the engine's profiles"))
        #expect(
            lines.last
                == "1 not judged though the engine has what the rule needs: every case needs more (a defect of the Specs)"
        )
    }

    @Test func anEngineWithWhatTheCasesNeedHasNoDefectAndExitsWithStatus0() throws {
        let outcome = try IAMSpecExecutable.run(
            "coverage",
            "Fixtures/specs/reach",
            "--capabilities",
            Self.customEventsAndSessions + ",delay,push-click,trigger-push-click"
        )
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("fixture.every-case-needs-more: judged by 1 case (2 runs)"))
        #expect(outcome.standardOutput.contains("fixture.needs-a-push: judged by 1 case (2 runs)"))
        #expect(outcome.standardOutput.contains("fixture.legacy-only: judged by 1 case (1 run)"))
        #expect(outcome.standardOutput.contains("4 of 5 rules judged, by 7 of the 8 runs of the engine's profiles"))
    }

    @Test func aCaseWhoseStackPartsAloneNeedTheInspectionIsJudgedWithoutIt() throws {
        // reenqueue-keyboard-legacy checks the stack beside its sequence: an engine without
        // stack-inspection still runs it, as `iamspec run` does.
        let outcome = try IAMSpecExecutable.run(
            "coverage",
            "Specs",
            "--capabilities",
            "keyboard, display-next, trigger-custom-event",
            "--profiles",
            "appboy-legacy"
        )
        #expect(outcome.standardOutput.contains("reenqueue.keyboard-legacy: judged by "), "\(outcome.standardError)")
    }

    @Test func theEngineCommandIsReadFromItsHello() throws {
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let outcome = try IAMSpecExecutable.run(
            "coverage",
            "Specs",
            "--engine-command",
            "'\(iamspec)' engine --stdio --lacking minimum-interval"
        )
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(
            outcome.standardOutput.contains(
                "interval.before-priority: not judged: the engine lacks the rule's own capability minimum-interval"
            )
        )
        // Every rule but that one judged, however many rules Specs holds (ARCHITECTURE.md's
        // checklist trial adds one).
        let rules = try String(contentsOfFile: "Specs/rules.yaml", encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("- id: ") }.count
        #expect(outcome.standardOutput.contains("\(rules - 1) of \(rules) rules judged"))
    }

    @Test func aRunsStreamCountsTheRunsItJudgedNotTheRunsTheHelloAllows() throws {
        // partial_engine.py declares property filters, and declines each step whose event carries
        // a point in time: the hello judges filters.date-comparisons by its cases, the run by none.
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = folder.appendingPathComponent("results.jsonl").path
        let engine = "python3 Fixtures/engines/partial_engine.py"
        let run = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            "filters-*date*",
            "--engine-command",
            engine,
            "--json",
            stream
        )
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let fromHello = try IAMSpecExecutable.run("coverage", "Specs", "--engine-command", engine)
        #expect(
            fromHello.standardOutput.contains("\nfilters.date-comparisons: judged by "),
            "\(fromHello.standardError)"
        )
        let fromRun = try IAMSpecExecutable.run("coverage", "Specs", "--results", stream)
        #expect(fromRun.status != 2, "\(fromRun.standardError)")
        let lines = fromRun.standardOutput.split(separator: "\n").map(String.init)
        let dates = try #require(lines.first { $0.hasPrefix("filters.date-comparisons: ") })
        #expect(dates.hasPrefix("filters.date-comparisons: not judged in the run: of the "))
        #expect(
            dates.contains(
                " declined by the engine (the first: the engine declined `custom_event: {name: "
            )
        )
        #expect(dates.contains("this engine's event properties cannot hold a point in time"))
        #expect(dates.hasSuffix(" not in the results stream"))
        #expect(
            lines.contains {
                $0.hasPrefix("stack.lifo: not judged in the run: of the ") && $0.hasSuffix("not in the results stream")
            }
        )
        #expect(lines.contains { $0.contains(" rules judged in the run, by 0 of the ") })
        // Read beside another suite, the stream's runs are none of its runs.
        let elsewhere = try IAMSpecExecutable.run("coverage", "Fixtures/specs/reach", "--results", stream)
        #expect(
            elsewhere.standardOutput.contains(
                "\n4 runs of the results stream are no run of these Specs: not counted\n"
            )
        )
    }

    @Test func aRunOfEveryCaseJudgesAsTheHelloSaysAndKeepsItsDefects() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = folder.appendingPathComponent("results.jsonl").path
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let run = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/reach",
            "--engine-command",
            "'\(iamspec)' engine --stdio --lacking delay",
            "--json",
            stream
        )
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let outcome = try IAMSpecExecutable.run("coverage", "Fixtures/specs/reach", "--results", stream)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("fixture.judged: judged by 1 case (2 runs)"))
        #expect(lines.contains("fixture.legacy-only: judged by 1 case (1 run)"))
        #expect(
            lines.contains(
                "fixture.every-case-needs-more: not judged: every case needs more than the rule; the cheapest, "
                    + "fixture.delayed-message-shows, also needs delay"
            )
        )
        #expect(
            lines.contains(
                "4 of 5 rules judged in the run, by 6 of the 6 runs made of the 8 runs of the engine's profiles"
            )
        )
        #expect(!outcome.standardOutput.contains("no run of these Specs"))
    }

    @Test func theResultsAreReadAloneAndAnUnreadableStreamIsAUsageError() throws {
        let both = try IAMSpecExecutable.run(
            "coverage",
            "Fixtures/specs/reach",
            "--results",
            "r.jsonl",
            "--capabilities",
            "priority"
        )
        #expect(both.status == 2)
        #expect(both.standardError.contains("--results reads the engine's capabilities and profiles from the stream"))
        let missing = try IAMSpecExecutable.run("coverage", "Fixtures/specs/reach", "--results", "no-such-stream.jsonl")
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("no-such-stream.jsonl"))
        #expect(missing.standardOutput.isEmpty)
    }

    @Test func anUnknownCapabilityOrProfileIsAUsageError() throws {
        let capability = try IAMSpecExecutable.run("coverage", "Fixtures/specs/reach", "--capabilities", "keybaord")
        #expect(capability.status == 2)
        #expect(capability.standardError.contains("error: --capabilities: keybaord is no capability; expected one of"))
        #expect(capability.standardOutput.isEmpty)
        let profile = try IAMSpecExecutable.run(
            "coverage",
            "Fixtures/specs/reach",
            "--capabilities",
            "",
            "--profiles",
            "braze"
        )
        #expect(profile.status == 2)
        #expect(profile.standardError.contains("error: --profiles: braze is no profile; expected one of"))
        let alone = try IAMSpecExecutable.run("coverage", "Fixtures/specs/reach", "--profiles", "braze-swift")
        #expect(alone.status == 2)
    }

    @Test func anEngineThatDoesNotStartIsAConfigurationError() throws {
        let outcome = try IAMSpecExecutable.run("coverage", "Fixtures/specs/reach", "--engine-command", "exit 3")
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("could not be started"))
    }
}
