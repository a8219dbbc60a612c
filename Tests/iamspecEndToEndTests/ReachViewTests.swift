import Foundation
import Testing

/// `iamspec coverage --capabilities` / `--engine-command`: which rules an engine is judged on, and
/// why not the others (Fixtures/specs/reach: one rule per verdict).
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
