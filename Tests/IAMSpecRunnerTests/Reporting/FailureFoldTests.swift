import IAMSpec
import Testing

@testable import IAMSpecRunner

/// A run that folds its failures as they come (`iamspec run --no-explain` with no baseline) keeps
/// only those a report shows, and reports exactly what a run keeping every failure reports.
@Suite("Failures folded as they come")
struct FailureFoldTests {
    private static let here = SourceLocation(file: "Specs/f.yaml", line: 4, column: 3)

    /// Two runs of each of `cases` cases, in report order: passes, failures of three shapes,
    /// errors, a failure with a check skipped and a nondeterministic one among them.
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
                    difference: Difference(rules: ["rule.\(number % 3)"], mismatch: "sequence: shape \(number % 4)")
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

    @Test func theReportsAreThoseOfARunKeepingEveryFailure() {
        expectFoldedReportsAreThoseKeptWhole(behaviours: [])
    }

    /// `iamspec report` of a stream whose footer names behaviours folds with them known: the
    /// differences it groups are those of the runs no behaviour explains, as a run keeping every
    /// failure groups them.
    @Test func aFoldPassingOverExplainedRunsGroupsTheOthers() {
        let explained = Self.results(cases: 140).filter { $0.status != .passed && $0.difference?.rules == ["rule.1"] }
        let behaviour = ExplainedBehaviour(
            behaviour: "stack-fifo",
            summary: "lets waiting messages leave first in, first out",
            rule: "rule.1",
            runs: explained.map(ExplainedBehaviour.Run.init)
        )
        expectFoldedReportsAreThoseKeptWhole(behaviours: [behaviour])
    }

    /// Runs the results of 140 cases into a summary keeping every failure and one folding them as
    /// `iamspec run` and `iamspec report` do, both with `behaviours`, and expects the same reports.
    private func expectFoldedReportsAreThoseKeptWhole(behaviours: [ExplainedBehaviour]) {
        let results = Self.results(cases: 140)
        var kept = RunSummary(header: ReportFixtures.header(), results: [])
        kept.behaviours = behaviours
        var folded = RunSummary(header: ReportFixtures.header(), results: [])
        folded.behaviours = behaviours
        folded.failureFold = FailureFold(passingOver: Set(behaviours.flatMap(\.runs)))
        // As `iamspec run` keeps them: the failures of the first 50 failed cases whole.
        var firstFailedCases: Set<String> = []
        for result in results {
            kept.keep(result, unlessTurnedDown: { _ in false })
            let failing = result.status == .failed || result.status == .error
            if failing && firstFailedCases.count < ConsoleReport.casesShownInFull {
                firstFailedCases.insert(result.caseID)
            }
            folded.take(
                result,
                whole: !failing || firstFailedCases.contains(result.caseID),
                unlessTurnedDown: { _ in false }
            )
        }
        let console = ConsoleReport(style: ConsoleStyle(usesColor: false))
        #expect(console.lines(for: folded) == console.lines(for: kept))
        #expect(MarkdownReport.summary(folded) == MarkdownReport.summary(kept))
        #expect(
            ResultsStream.line(FooterLine(folded, judged: folded)) == ResultsStream.line(FooterLine(kept, judged: kept))
        )
        #expect(folded.differences == kept.differences)
        #expect(folded.differences.allSatisfy { $0.rule != "rule.1" } == !behaviours.isEmpty)
        #expect(folded.totalsLine == kept.totalsLine && folded.exitCode == kept.exitCode)
        // The failures past the first 50 cases are counted, not kept, but for the one with a
        // skipped check and the nondeterministic one.
        let keptFailures = folded.results.filter { $0.status != .passed }
        #expect(Set(keptFailures.map(\.caseID)).count == ConsoleReport.casesShownInFull + 2)
        #expect(folded.failedCount == kept.failedCount && folded.runCount == results.count)
    }
}
