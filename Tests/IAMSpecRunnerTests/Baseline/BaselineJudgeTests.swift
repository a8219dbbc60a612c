import IAMSpec
import IAMSpecTesting
import Testing

@testable import IAMSpecRunner

/// A run judged by its baseline as its results come (`ConformanceRun.run(_:header:rules:judgedBy:...)`,
/// `BaselineJudge`), as `iamspec run` judges one: the runs the baseline skips are not made,
/// `--fail-fast` stops at what the baseline does not expect, and the run, once the baseline is
/// applied, says what judging every result after the run says.
@Suite("A run judged as its results come")
struct BaselineJudgeTests {
    /// Three cases in report order, under braze-swift: the engine fails `a-broken` (it cannot make
    /// its engine) and passes the others; and `d-hangs`, which the baseline skips.
    private static let cases = ["a-broken", "b-fixed", "c-fine", "d-hangs"].map {
        CaseFixtures.displaysPromo($0, profiles: [.brazeSwift])
    }

    private static let engine = ScriptedEngineProvider(
        profiles: [.brazeSwift],
        fail: { setup in setup.caseID == "a-broken" ? "the engine cannot start" : nil },
        respond: { stimulus, _ in
            switch stimulus {
            case .sessionStarted: [CaseFixtures.displayed, .impressionLogged("promo")]
            default: []
            }
        }
    )

    private static let baseline = Baseline(
        engine: "scripted",
        entries: [
            BaselineEntry(caseID: "a-broken", status: .fail, reason: "known"),
            BaselineEntry(caseID: "b-fixed", status: .fail, reason: "was broken"),
            BaselineEntry(caseID: "d-hangs", status: .skip, reason: "hangs"),
        ]
    )

    private static func run(
        judgedBy judge: BaselineJudge,
        stoppingAtFirstFailure: Bool = false,
        keepingPasses: Bool = false
    ) throws -> (summary: RunSummary, passed: [ExplainedBehaviour.Run], delivered: [String]) {
        let run = ConformanceRun(engine: engine, options: RunOptions(jobs: 1))
        var delivered: [String] = []
        let (summary, passed) = try run.run(
            RunSelection().runs(of: cases),
            header: run.header(paths: []),
            rules: RuleCatalogue(),
            judgedBy: judge,
            stoppingAtFirstFailure: stoppingAtFirstFailure,
            keepingPasses: keepingPasses,
            timelinesOfPasses: false,
            progress: { _ in },
            deliver: { delivered.append("\($0.caseID): \($0.status.rawValue)") }
        )
        return (summary, passed, delivered)
    }

    private static func applied(_ summary: RunSummary, by judge: BaselineJudge) -> RunSummary {
        var judged = summary
        let applied = judge.applied(
            written: nil,
            file: "sample.baseline.yaml",
            cases: cases.map { ($0.id, $0.profiles) }
        )
        if let applied { BaselineJudgement.judge(&judged, applying: applied) }
        return judged
    }

    @Test func theBaselineSkipsItsSkipEntriesAndJudgesAsEveryResultJudgedAfterTheRun() throws {
        let judge = BaselineJudge(baseline: Self.baseline)
        let (summary, _, delivered) = try Self.run(judgedBy: judge)
        // The results as the engine gave them, the skip entry's run not made.
        #expect(delivered == ["a-broken: error", "b-fixed: passed", "c-fine: passed", "d-hangs: skipped"])
        #expect(summary.results.contains { $0.caseID == "b-fixed" }, "a pass the baseline names is kept")
        #expect(!summary.results.contains { $0.caseID == "c-fine" }, "a pass it does not name is counted only")
        #expect(summary.passedNotKept == 1)

        let judged = Self.applied(summary, by: judge)
        let everyResult = BaselineJudgement.judge(
            ConformanceRun(
                engine: Self.engine,
                options: RunOptions(
                    jobs: 1,
                    plannedSkip: { Self.baseline.skipReason(caseID: $0.caseID, profile: $0.profile) }
                )
            )
            .run(cases: Self.cases),
            applying: try #require(
                judge.applied(
                    written: nil,
                    file: "sample.baseline.yaml",
                    cases: Self.cases.map { ($0.id, $0.profiles) }
                )
            )
        )
        #expect(judged.totalsLine == everyResult.totalsLine)
        #expect(judged.exitCode == everyResult.exitCode)
        #expect(judged.totalsLine.hasPrefix("1 passed, 1 failed, 2 skipped"), "\(judged.totalsLine)")
        #expect(judged.exitCode == 1, "the unexpected pass fails the run")

        let allowing = BaselineJudge(baseline: Self.baseline, allowingUnexpectedPasses: true)
        let allowed = Self.applied(try Self.run(judgedBy: allowing).summary, by: allowing)
        #expect(allowed.exitCode == 0, "\(allowed.totalsLine)")
    }

    @Test func failFastStopsAtTheFirstFailureTheBaselineDoesNotExpect() throws {
        let judged = try Self.run(judgedBy: BaselineJudge(baseline: Self.baseline), stoppingAtFirstFailure: true)
        #expect(judged.delivered == ["a-broken: error", "b-fixed: passed"])
        #expect(judged.summary.stoppedAtFirstFailure)

        let unjudged = try Self.run(judgedBy: BaselineJudge(baseline: nil), stoppingAtFirstFailure: true)
        #expect(unjudged.delivered == ["a-broken: error"])
        #expect(unjudged.summary.notRun == 3)
    }

    @Test func aRefreshJudgesEachFailureAsTheBaselineItWritesWill() throws {
        let judge = BaselineJudge(baseline: nil, refresh: BaselineJudge.Refresh(nil, startedAt: "2026-01-31T23:59:59Z"))
        #expect(judge.folding == .expectedFailures)
        let (summary, passed, delivered) = try Self.run(judgedBy: judge, keepingPasses: true)
        #expect(delivered.contains("d-hangs: passed"), "only the baseline given skips runs")
        #expect(judge.expectedFailureMessage(ReportFixtures.failed)?.hasPrefix("expected failure: ") == true)
        #expect(summary.runCount == 4)
        #expect(passed.map(\.caseID) == ["b-fixed", "c-fine", "d-hangs"])
    }

    @Test func withNoBaselineEveryResultIsAsTheEngineGaveIt() {
        let judge = BaselineJudge(baseline: nil)
        #expect(judge.judge(ReportFixtures.failed) == ReportFixtures.failed)
        #expect(judge.folding == .everyFailure)
        #expect(judge.stopsRun(ReportFixtures.failed))
        #expect(judge.applied(written: nil, file: "", cases: Self.cases.map { ($0.id, $0.profiles) }) == nil)
        let written = judge.applied(written: Self.baseline, file: "new.yaml", cases: [("a-broken", [.brazeSwift])])
        #expect(written?.file == "new.yaml")
        #expect(written?.staleEntries.map(\.caseID) == ["b-fixed", "d-hangs"])
    }
}
