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
}
