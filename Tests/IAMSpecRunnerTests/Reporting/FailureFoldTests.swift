import IAMSpec
import Testing

@testable import IAMSpecRunner

/// A run that folds its failures as they come (`iamspec run` with no baseline) keeps only those a
/// report shows, and reports exactly what a run keeping every failure reports, with the behaviours
/// the explanation finds once the runs are made or without.
@Suite("Failures folded as they come")
struct FailureFoldTests {
    private static let here = SourceLocation(file: "Specs/f.yaml", line: 4, column: 3)

    /// Two runs of each of `cases` cases, in report order: passes, failures of four shapes (some
    /// blocking rules of their case), errors, a failure with a check skipped and a nondeterministic
    /// one among them.
    private static func results(cases: Int) -> [CaseResult] {
        (0..<cases).flatMap { number in
            let id = "case-\(String(1_000 + number))"
            return [Profile.appboyLegacy, .brazeSwift].map { profile in
                var result = CaseResult(
                    caseID: id,
                    profile: profile,
                    title: "Case \(number)",
                    status: number % 7 == 0 ? .passed : number % 11 == 0 ? .error : .failed,
                    message: "sequence: expected [displayed: m\(number % 3)], found []",
                    kind: .sequence,
                    location: here,
                    rules: [RuleReference(id: "rule.\(number % 3)", sources: ["seed 00\(number % 3)"])],
                    timeline: [
                        TimelineEntry(time: "0", step: "session_start", location: here, observations: ["shown: m"])
                    ],
                    diagnostics: "engine line \(number)",
                    difference: Difference(
                        rules: ["rule.\(number % 3)"],
                        mismatch: "sequence: shape \(number % 4)",
                        blocked: number % 5 == 0 ? ["rule.blocked-\(number % 2)"] : []
                    )
                )
                if result.status == .passed {
                    result.message = ""
                    result.kind = nil
                    result.difference = nil
                }
                if number == 78 {
                    result.skippedChecks = [SkippedCheck(location: here, check: "stack", capability: .stackInspection)]
                }
                if number == 90 && profile == .brazeSwift { result.kind = .nondeterministic }
                return result
            }
        }
    }

    /// The run of `results` as a summary keeping every result, and as one folding its failures,
    /// which keeps whole those of the first 50 failed cases, as `iamspec run` does.
    private static func summaries(of results: [CaseResult]) -> (kept: RunSummary, folded: RunSummary) {
        var kept = RunSummary(header: ReportFixtures.header(), results: [])
        var folded = RunSummary(header: ReportFixtures.header(), results: [])
        folded.failureFold = FailureFold()
        var firstFailedCases: Set<String> = []
        var sharing = OutlineSharing()
        for result in results {
            kept.keep(result, unlessTurnedDown: { _ in false })
            let failing = result.status == .failed || result.status == .error
            if failing && firstFailedCases.count < ConsoleReport.casesShownInFull {
                firstFailedCases.insert(result.caseID)
            }
            folded.take(
                result,
                whole: !failing || firstFailedCases.contains(result.caseID),
                sharing: &sharing,
                unlessTurnedDown: { _ in false }
            )
        }
        return (kept, folded)
    }

    /// Every report of `folded` is that of `kept`.
    private static func expectSameReports(_ folded: RunSummary, _ kept: RunSummary) {
        let console = ConsoleReport(style: ConsoleStyle(usesColor: false))
        #expect(console.lines(for: folded) == console.lines(for: kept))
        #expect(MarkdownReport.summary(folded) == MarkdownReport.summary(kept))
        #expect(
            ResultsStream.line(FooterLine(folded, judged: folded)) == ResultsStream.line(FooterLine(kept, judged: kept))
        )
        #expect(folded.differences == kept.differences)
        #expect(folded.totalsLine == kept.totalsLine && folded.exitCode == kept.exitCode)
    }

    @Test func theReportsAreThoseOfARunKeepingEveryFailure() {
        let results = Self.results(cases: 140)
        let (kept, folded) = Self.summaries(of: results)
        Self.expectSameReports(folded, kept)
        // The failures past the first 50 cases are counted, not kept, but for the one with a
        // skipped check and the nondeterministic one.
        let keptFailures = folded.results.filter { $0.status != .passed }
        #expect(Set(keptFailures.map(\.caseID)).count == ConsoleReport.casesShownInFull + 2)
        #expect(folded.failedCount == kept.failedCount && folded.runCount == results.count)
    }

    /// The behaviours the explanation names once the runs are made take their runs out of the
    /// differences (and the rules those runs alone blocked out of a group's), and each one's first
    /// run gives its re-run line, whether the run was kept or only folded.
    @Test func behavioursFoundAfterTheRunsExplainFoldedRunsAsKeptOnes() {
        let results = Self.results(cases: 140)
        var (kept, folded) = Self.summaries(of: results)
        let explainedLate = results.filter { result in
            result.status == .failed && result.difference?.mismatch == "sequence: shape 1"
                && result.caseID > "case-1100"
        }
        let behaviours = [
            ExplainedBehaviour(
                behaviour: "stack-fifo",
                summary: "lets waiting messages leave first in, first out",
                rule: "rule.1",
                runs: explainedLate.map(ExplainedBehaviour.Run.init),
                passes: 12
            ),
            ExplainedBehaviour(
                behaviour: "priority-lowest-wins",
                summary: "shows the lowest priority first",
                rule: "rule.1",
                runs: [ExplainedBehaviour.Run(caseID: "case-1001", profile: .brazeSwift)],
                passes: 12
            ),
        ]
        let unexplained = folded.differences
        kept.behaviours = behaviours
        folded.behaviours = behaviours
        Self.expectSameReports(folded, kept)
        // The late behaviour's first run was only folded, and still has its re-run line; its runs
        // left the groups.
        #expect(folded.results.allSatisfy { ExplainedBehaviour.Run($0) != behaviours[0].runs[0] })
        #expect(folded.example(of: behaviours[0]) == behaviours[0].runs[0])
        let runsLeft = folded.differences.reduce(0) { $0 + $1.runs }
        #expect(runsLeft == unexplained.reduce(0) { $0 + $1.runs } - 1 - explainedLate.count)
    }

    /// A run a baseline judges folds only the failures the baseline expects, each kept as its run
    /// and judged message: its footer (the run as the engine did it), the baseline it refreshes,
    /// and, judged in place, every report (the console's list of expected failures, in report
    /// order among those a report keeps, included) and each behaviour's re-run line are those of
    /// a run keeping every failure.
    @Test(arguments: [false, true])
    func aRunABaselineJudgesFoldsTheFailuresItExpectsAndReportsTheSame(allowingUnexpectedPasses: Bool) throws {
        let results = Self.results(cases: 140)
        // Most failures expected (`fail`, a few `flaky`), some not; a pass the baseline expects to
        // fail; an entry naming no case (stale).
        let entries =
            results.filter { $0.status != .passed && !$0.caseID.hasSuffix("3") }.map {
                BaselineEntry(
                    caseID: $0.caseID,
                    profile: $0.profile,
                    status: $0.caseID.hasSuffix("5") ? .flaky : .fail,
                    reason: "known \($0.caseID.suffix(1))"
                )
            } + [
                BaselineEntry(caseID: "case-1007", status: .fail, reason: "fixed since"),
                BaselineEntry(caseID: "case-gone", status: .fail, reason: "removed"),
            ]
        let applied = AppliedBaseline(
            Baseline(engine: "sample", entries: entries),
            file: "ci/sample.yaml",
            staleEntries: [entries.last!],
            allowsUnexpectedPasses: allowingUnexpectedPasses
        )
        var kept = RunSummary(header: ReportFixtures.header(), results: [])
        var folded = RunSummary(header: ReportFixtures.header(), results: [])
        folded.failureFold = FailureFold(dropping: .expectedFailures)
        var firstFailedCases: Set<String> = []
        var sharing = OutlineSharing()
        for result in results {
            kept.keep(result, unlessTurnedDown: { _ in true })
            let judged = BaselineJudgement.judge(result, applying: applied)
            let expected = judged.kind == .expectedFailure
            if !expected && (judged.status == .failed || judged.status == .error)
                && firstFailedCases.count < ConsoleReport.casesShownInFull
            {
                firstFailedCases.insert(result.caseID)
            }
            folded.take(
                result,
                whole: !expected && (result.status == .passed || firstFailedCases.contains(result.caseID)),
                expected: expected ? judged.message : nil,
                sharing: &sharing,
                unlessTurnedDown: { _ in true }
            )
        }
        // As the engine did it.
        #expect(
            ResultsStream.line(FooterLine(folded, judged: folded)) == ResultsStream.line(FooterLine(kept, judged: kept))
        )
        let cases = (0..<140).map { (id: "case-\(String(1_000 + $0))", profiles: [Profile.appboyLegacy, .brazeSwift]) }
        let refreshed = BaselineUpdate.refresh(applied.baseline, with: folded, cases: cases)
        #expect(refreshed == BaselineUpdate.refresh(applied.baseline, with: kept, cases: cases))
        #expect(RunVerdict(folded, judgedBy: applied) == RunVerdict(kept, judgedBy: applied))
        // As the baseline judges it, in place.
        let expectedFailure = try #require(
            results.first {
                BaselineJudgement.judge($0, applying: applied).kind == .expectedFailure && $0.caseID > "case-1100"
            }
        )
        let behaviour = ExplainedBehaviour(
            behaviour: "stack-fifo",
            summary: "lets waiting messages leave first in, first out",
            rule: "rule.1",
            runs: [ExplainedBehaviour.Run(expectedFailure)],
            passes: 12
        )
        kept.behaviours = [behaviour]
        folded.behaviours = [behaviour]
        BaselineJudgement.judge(&kept, applying: applied)
        BaselineJudgement.judge(&folded, applying: applied)
        Self.expectSameReports(folded, kept)
        #expect(folded.verdict == kept.verdict)
        #expect(folded.verdict.expectedFailures > 100)
        #expect(folded.example(of: behaviour) == ExplainedBehaviour.Run(expectedFailure))
        // Of the expected failures, only those a report reads itself are kept: the two runs with a
        // skipped check and the nondeterministic one.
        #expect(folded.results.filter { $0.kind == .expectedFailure }.count == 3)
        #expect(folded.expectedFailuresNotKept.count + 3 == folded.verdict.expectedFailures)
    }
}
