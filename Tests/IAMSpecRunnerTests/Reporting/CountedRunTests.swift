import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

@Suite("A run read for its counts and verdict: merge's and diff's")
struct CountedRunTests {
    typealias Fixture = BaselineJudgementTests

    /// A stream's run a baseline judged: expected failures (a `fail` entry's and a `flaky` one's),
    /// a new failure, an error, an unexpected pass, passes and a skip.
    static func raw() -> RunSummary {
        var skipped = Fixture.result("declined", .brazeSwift, .skipped)
        skipped.message = "the engine declined: no delay"
        func failed(_ id: String, _ profile: Profile, under rule: String) -> CaseResult {
            var result = Fixture.result(id, profile, .failed)
            result.difference = Difference(rules: [rule], mismatch: "sequence: a missing displayed")
            return result
        }
        return Fixture.summary([
            failed("broken", .appboyLegacy, under: "priority.highest-wins"),
            failed("broken", .brazeSwift, under: "priority.highest-wins"),
            skipped,
            Fixture.result("fine", .appboyLegacy, .error),
            failed("fine", .brazeSwift, under: "interval.default"),
            Fixture.result("fixed", .brazeSwift, .passed),
            Fixture.result("flaky", .brazeSwift, .error),
            Fixture.result("other", .brazeSwift, .passed),
        ])
    }

    @Test(arguments: [false, true])
    func itCountsWhatTheRunHoldingEveryResultCounts(judged: Bool) {
        let applied =
            judged
            ? AppliedBaseline(
                Fixture.baseline,
                file: "ci/sample.baseline.yaml",
                staleEntries: [BaselineEntry(caseID: "gone", status: .fail, reason: "removed")]
            ) : nil
        let raw = Self.raw()
        var counted = CountedRun(RecordedRun(summary: Self.summary(raw, results: []), baseline: applied))
        var sharing = OutlineSharing()
        for result in raw.results {
            counted.tally(result, sharing: &sharing)
        }
        let whole = RecordedRun(summary: raw, baseline: applied)
        #expect(counted.verdict == whole.judgedVerdict)
        #expect(counted.baseline == applied)
        #expect(counted.summary.totalsLine == raw.totalsLine)
        #expect(counted.summary.runCount == raw.runCount)
        #expect(counted.summary.differences.count == 2)
        #expect(counted.summary.differences == raw.differences)
        // Of the failures and errors, expected or not, none is held: only the skip.
        #expect(counted.summary.results.map(\.caseID) == ["declined"])
        if judged {
            #expect(
                counted.verdict.baselineCounts
                    == "3 expected failures, 2 new failures, 1 unexpected pass, 1 stale entry"
            )
        }
    }

    @Test func theFootersFactsCountInTheVerdict() throws {
        var facts = Self.raw()
        facts.results = []
        facts.interrupted = true
        facts.missingShards = [try #require(Shard(index: 2, count: 3))]
        let counted = CountedRun(RecordedRun(summary: facts, baseline: nil))
        #expect(counted.verdict.outcome == "interrupted, lacks shard 2/3")
        #expect(!counted.verdict.succeeded)
    }

    private static func summary(_ summary: RunSummary, results: [CaseResult]) -> RunSummary {
        var summary = summary
        summary.results = results
        return summary
    }
}
