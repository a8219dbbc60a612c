import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

/// The reach view of a run (`iamspec coverage --results`): a rule is judged by the runs made that
/// the run judged; a run blocked for the rule at a setup step, an error, a decline or a run the
/// stream lacks judges nothing, each counted by why (Fixtures/specs/reach: one case per rule).
@Suite struct RuleReachInTheRunTests {
    private typealias Run = RunOutcomes.Run

    private static func run(_ caseID: String, _ profile: Profile) -> Run {
        Run(caseID: caseID, profile: profile)
    }

    @Test func eachRuleIsJudgedByTheRunsTheRunJudgedAndSaysWhyNotOtherwise() throws {
        let suite = SuiteLoader.load(paths: [FixturePaths.root + "/specs/reach"], jobs: 1, stoppingWhen: { false })
        #expect(suite.diagnostics.isEmpty, "\(suite.diagnostics)")
        let outcomes = RunOutcomes(
            capabilities: Set(Capability.allCases),
            profiles: Set(Profile.allCases),
            outcomes: [
                Self.run("fixture.custom-event-shows", .brazeSwift): .judged(blocked: ["fixture.judged"]),
                Self.run("fixture.custom-event-shows", .appboyLegacy): .error,
                Self.run("fixture.push-click-shows", .brazeSwift): .skipped(reason: "no push\u{1B}[31m here"),
                Self.run("fixture.push-click-shows", .appboyLegacy): .judged(blocked: []),
                Self.run("fixture.delayed-message-shows", .brazeSwift): .skipped(reason: "no delay"),
                Self.run("fixture.delayed-message-shows", .appboyLegacy): .skipped(reason: "no delay"),
                Self.run("fixture.keyboard-holds", .appboyLegacy): .judged(blocked: ["fixture.other"]),
                Self.run("not-a-case-of-the-suite", .brazeSwift): .judged(blocked: []),
            ]
        )
        let reach = try RuleReach(suite: suite, outcomes: outcomes)
        let verdicts = Dictionary(uniqueKeysWithValues: reach.rows.map { ($0.rule.id, $0.verdict) })
        var judgedBlockedAndError = RuleReach.Unjudged()
        judgedBlockedAndError.errors = 1
        judgedBlockedAndError.blocked = 1
        #expect(verdicts["fixture.judged"] == .notJudgedInTheRun(judgedBlockedAndError))
        #expect(verdicts["fixture.needs-a-push"] == .judged(cases: 1, runs: 1))
        #expect(verdicts["fixture.gated"] == .judged(cases: 1, runs: 1))
        var declined = RuleReach.Unjudged()
        declined.declined = 2
        declined.firstReason = "no delay"
        #expect(verdicts["fixture.every-case-needs-more"] == .notJudgedInTheRun(declined))
        var absent = RuleReach.Unjudged()
        absent.absent = 1
        #expect(verdicts["fixture.legacy-only"] == .notJudgedInTheRun(absent))
        #expect(reach.inTheRun?.judged == 3)
        #expect(reach.inTheRun?.notInTheSuite == 1)
        let lines = reach.lines
        #expect(
            lines.contains(
                "fixture.judged: not judged in the run: of the 2 runs made of its cases, 1 error; 1 blocked by a failed setup step"
            )
        )
        #expect(
            lines.contains(
                "fixture.every-case-needs-more: not judged in the run: of the 2 runs made of its cases, 2 declined by "
                    + "the engine (the first: no delay)"
            )
        )
        #expect(
            lines.contains(
                "fixture.legacy-only: not judged in the run: of the 1 run made of its cases, 1 not in the results stream"
            )
        )
        #expect(
            lines.contains(
                "2 of 5 rules judged in the run, by 3 of the 8 runs made of the 8 runs of the engine's profiles"
            )
        )
        #expect(lines.last == "1 run of the results stream is no run of these Specs: not counted")
    }

    @Test func theEnginesReasonIsQuotedAsData() throws {
        let suite = SuiteLoader.load(paths: [FixturePaths.root + "/specs/reach"], jobs: 1, stoppingWhen: { false })
        let outcomes = RunOutcomes(
            capabilities: Set(Capability.allCases),
            profiles: [.brazeSwift],
            outcomes: [Self.run("fixture.push-click-shows", .brazeSwift): .skipped(reason: "no push\u{1B}[31m\nhere")]
        )
        let line = try #require(
            try RuleReach(suite: suite, outcomes: outcomes).lines.first { $0.hasPrefix("fixture.needs-a-push: ") }
        )
        #expect(!line.contains("\u{1B}"))
        #expect(!line.contains("\n"))
        #expect(line.contains("1 declined by the engine (the first: no push"))
    }

    @Test func aRunsOutcomeIsJudgedForAPassOrAFailureAndAnExpectedFailure() {
        var result = CaseResult(
            caseID: "c",
            profile: .brazeSwift,
            title: "t",
            status: .failed,
            message: "m",
            location: SourceLocation(file: "c.yaml", line: 1, column: 1)
        )
        result.difference = Difference(rules: ["a"], mismatch: "sequence", blocked: ["b"])
        #expect(RunOutcomes.outcome(of: result) == .judged(blocked: ["b"]))
        result.status = .skipped
        result.kind = .expectedFailure
        #expect(RunOutcomes.outcome(of: result) == .judged(blocked: ["b"]))
        result.kind = .declined
        #expect(RunOutcomes.outcome(of: result) == .skipped(reason: "m"))
        result.status = .error
        #expect(RunOutcomes.outcome(of: result) == .error)
    }
}
