import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Refreshing a baseline")
struct BaselineUpdateTests {
    typealias Fixture = BaselineJudgementTests

    @Test func newFailuresGetAPlaceholderReasonDatedFromTheRun() {
        let run = Fixture.summary([
            Fixture.result("broken", .appboyLegacy, .failed),
            Fixture.result("broken", .brazeSwift, .failed),
            Fixture.result("fixed", .brazeSwift, .error),
            Fixture.result("fixed", .appboyLegacy, .passed),
        ])
        let refreshed = BaselineUpdate.refresh(nil, with: run, cases: Fixture.cases.map { ($0.id, $0.profiles) })
        #expect(refreshed.engine == "sample")
        #expect(refreshed.entries.map(\.key) == ["broken", "fixed@braze-swift"])
        #expect(refreshed.entries.allSatisfy { $0.reason == "new failure on 2026-01-31" && $0.status == .fail })
    }

    @Test func keepsWrittenReasonsDropsFixedEntriesAndNarrowsPartlyFixedOnes() {
        let existing = Baseline(
            engine: "sample",
            entries: [
                BaselineEntry(caseID: "broken", status: .fail, reason: "known", issue: "https://x/1"),
                BaselineEntry(caseID: "fine", status: .fail, reason: "fixed since"),
                BaselineEntry(caseID: "fixed", status: .fail, reason: "half fixed"),
                BaselineEntry(caseID: "flaky", status: .flaky, reason: "timing"),
                BaselineEntry(caseID: "gone", status: .fail, reason: "stale"),
            ]
        )
        let run = Fixture.summary([
            Fixture.result("broken", .brazeSwift, .failed),
            Fixture.result("fine", .brazeSwift, .passed),
            Fixture.result("fine", .appboyLegacy, .passed),
            Fixture.result("fixed", .brazeSwift, .passed),
            Fixture.result("fixed", .appboyLegacy, .failed),
            Fixture.result("flaky", .brazeSwift, .passed),
        ])
        let refreshed = BaselineUpdate.refresh(existing, with: run, cases: Fixture.cases.map { ($0.id, $0.profiles) })
        #expect(refreshed.entries.map(\.key) == ["broken", "fixed@appboy-legacy", "flaky"])
        #expect(refreshed.entries[0].reason == "known" && refreshed.entries[0].issue == "https://x/1")
        #expect(refreshed.entries[1].reason == "half fixed")
    }

    @Test func entriesForRunsNotMadeAreKeptAsWritten() {
        let existing = Baseline(
            engine: "sample",
            entries: [BaselineEntry(caseID: "broken", status: .fail, reason: "in another shard")]
        )
        let run = Fixture.summary([Fixture.result("fine", .brazeSwift, .passed)])
        #expect(
            BaselineUpdate.refresh(existing, with: run, cases: Fixture.cases.map { ($0.id, $0.profiles) }).entries
                .map(\.reason) == ["in another shard"]
        )
    }

    /// `iamspec run --update-baseline` judges each result as it comes, before the baseline it
    /// writes exists: for every outcome of a case's two runs (passed, failed, errored, skipped,
    /// failed with repeats that disagree) and every entry the written file may hold for the case
    /// (none, or `fail`, `flaky` and `skip` entries, for the case or for one profile, or both),
    /// that judgement is the one the refreshed baseline gives.
    @Test func eachResultIsJudgedAsItComesAsTheRefreshedBaselineJudgesIt() {
        let outcomes: [(CaseStatus, nondeterministic: Bool)] = [
            (.passed, false), (.failed, false), (.error, false), (.skipped, false), (.failed, true),
        ]
        let entries: [[BaselineEntry]] = [
            [],
            [BaselineEntry(caseID: "broken", status: .fail, reason: "known", issue: "https://x/1")],
            [BaselineEntry(caseID: "broken", status: .flaky, reason: "timing")],
            [BaselineEntry(caseID: "broken", status: .skip, reason: "not yet")],
            [BaselineEntry(caseID: "broken", profile: .brazeSwift, status: .fail, reason: "one profile")],
            [
                BaselineEntry(caseID: "broken", status: .fail, reason: "both"),
                BaselineEntry(caseID: "broken", profile: .appboyLegacy, status: .flaky, reason: "legacy flaky"),
            ],
        ]
        let cases = Fixture.cases.map { ($0.id, $0.profiles) }
        var judged = 0
        for written in entries {
            let existing: Baseline? = written.isEmpty ? nil : Baseline(engine: "sample", entries: written)
            for legacy in outcomes {
                for swift in outcomes {
                    let results = [(Profile.appboyLegacy, legacy), (.brazeSwift, swift)].map { profile, outcome in
                        var result = Fixture.result("broken", profile, outcome.0)
                        if outcome.nondeterministic { result.kind = .nondeterministic }
                        return result
                    }
                    let run = Fixture.summary(results)
                    let refreshed = BaselineUpdate.refresh(existing, with: run, cases: cases)
                    for result in results {
                        let asItComes = BaselineUpdate.judge(
                            result,
                            refreshing: existing,
                            startedAt: run.header.startedAt
                        )
                        let atTheEnd = BaselineJudgement.judge(
                            result,
                            against: refreshed,
                            allowingUnexpectedPasses: false
                        )
                        #expect(asItComes == atTheEnd, "\(written.map(\.key)) \(result.profile) \(result.status)")
                        judged += 1
                    }
                }
            }
        }
        #expect(judged == 6 * 25 * 2)
    }
}
