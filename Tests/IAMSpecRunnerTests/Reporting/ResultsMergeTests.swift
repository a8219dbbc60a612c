import Foundation
import IAMSpec
import IAMSpecPortable
import Testing

@testable import IAMSpecRunner

@Suite("Merging the results of shards")
struct ResultsMergeTests {
    private func shard(
        _ text: String,
        _ ids: [String],
        startedAt: String = "2026-01-31T23:59:59Z",
        path: String? = nil
    ) throws -> ResultsMerge.Input {
        var header = ReportFixtures.header(startedAt: startedAt)
        header.selection.shard = try Shard(parsing: text)
        let results = ids.map {
            CaseResult(caseID: $0, profile: .brazeSwift, title: $0, status: .passed, location: ReportFixtures.location)
        }
        return ResultsMerge.Input(
            path: path ?? "shard-\(text.prefix(1)).jsonl",
            summary: RunSummary(header: header, results: results)
        )
    }

    @Test func combinesShardsSortedWithTheEarliestStartAndNoShard() throws {
        let merged = try ResultsMerge.merge([
            try shard("2/2", ["b", "d"], startedAt: "2026-01-31T23:59:59Z"),
            try shard("1/2", ["a", "c"], startedAt: "2026-01-31T23:58:00Z"),
        ])
        #expect(merged.summary.results.map(\.caseID) == ["a", "b", "c", "d"])
        #expect(merged.summary.header.selection.shard == nil)
        #expect(merged.summary.header.selection.filters == [GlobPattern("triggers.*")])
        #expect(merged.summary.header.startedAt == "2026-01-31T23:58:00Z")
        #expect(merged.judged.totalsLine == "4 passed, 0 failed, 0 skipped")
        #expect(merged.baseline == nil)
    }

    /// Shard 1/2 of the same run merged twice (a and c are of shard 1/2, e too).
    @Test func aRunInTwoStreamsIsAnErrorAtItsLine() throws {
        let inputs = [try shard("1/2", ["a", "c"]), try shard("1/2", ["c", "e"], path: "again.jsonl")]
        do {
            _ = try ResultsMerge.merge(inputs)
            Issue.record("merged a run that two streams hold")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "again.jsonl:2:1: error: found the run c [braze-swift] again, already in shard-1.jsonl"
                )
            )
        }
    }

    /// A case is in one shard only (`Shard.contains(caseID:)`): shards' streams put together by
    /// hand, holding a case of another shard, are not one run. (a is of shard 1/2, b of 2/2.)
    @Test func aCaseOfAnotherShardIsAnErrorAtItsLine() throws {
        for inputs in [
            [try shard("1/2", ["a", "b"]), try shard("2/2", ["d"])],
            [try shard("1/2", ["a", "b"]), try shard("2/2", ["b", "d"])],
        ] {
            #expect {
                try ResultsMerge.merge(inputs)
            } throws: { error in
                (error as? ResultsStreamError)?.description
                    == "shard-1.jsonl:3:1: error: found the case b in the stream of shard 1/2, expected only the "
                    + "cases of that shard (shard 2/2 runs this one)"
            }
        }
        #expect(
            try ResultsMerge.merge([try shard("1/2", ["a", "c"]), try shard("2/2", ["b", "d"])]).summary.results.count
                == 4
        )
    }

    /// Streams are merged a result at a time, so each must be in report order, as `iamspec run`
    /// writes it.
    @Test func aStreamOutOfReportOrderIsAnErrorAtTheLineOutOfOrder() throws {
        let inputs = [try shard("1/2", ["a", "e"]), try shard("2/2", ["d", "b"])]
        #expect {
            try ResultsMerge.merge(inputs)
        } throws: { error in
            (error as? ResultsStreamError)?.description
                == "shard-2.jsonl:3:1: error: found the run b [braze-swift] after d [braze-swift], expected the "
                + "case records in report order (by case id, then profile), as iamspec run writes them"
        }
    }

    @Test func streamsOfAnotherEngineSuiteOrSelectionDoNotMerge() throws {
        var otherEngine = try shard("2/2", ["b"])
        otherEngine.recorded.summary.header.engine.version = "3.0"
        var otherSuite = try shard("2/2", ["b"])
        otherSuite.recorded.summary.header.suitePaths = ["Other"]
        var otherSelection = try shard("2/2", ["b"])
        otherSelection.recorded.summary.header.selection.tags = ["smoke"]
        var otherBaseline = try shard("2/2", ["b"])
        otherBaseline.recorded.baseline = AppliedBaseline(
            Baseline(engine: "sample", entries: [BaselineEntry(caseID: "b", status: .flaky, reason: "timing")]),
            file: "ci/sample.yaml",
            staleEntries: []
        )
        for odd in [otherEngine, otherSuite, otherSelection, otherBaseline] {
            #expect(throws: ResultsStreamError.self) { try ResultsMerge.merge([try shard("1/2", ["a"]), odd]) }
        }
    }

    @Test func shardsJudgedByOneBaselineMergeIntoARunJudgedByIt() throws {
        let baseline = AppliedBaseline(
            Baseline(
                engine: "sample",
                entries: [
                    BaselineEntry(caseID: "gone", status: .fail, reason: "removed"),
                    BaselineEntry(caseID: "b", status: .fail, reason: "known"),
                ]
            ),
            file: "ci/sample.yaml",
            staleEntries: [BaselineEntry(caseID: "gone", status: .fail, reason: "removed")]
        )
        var first = try shard("1/2", ["a"])
        first.recorded.baseline = baseline
        var second = try shard("2/2", ["b"])
        second.recorded.baseline = baseline
        let merged = try ResultsMerge.merge([first, second])
        #expect(merged.baseline == baseline)
        // b passes though the baseline expects it to fail, and one entry is stale.
        #expect(merged.judged.totalsLine == "1 passed, 2 failed, 0 skipped")
        #expect(merged.judged.verdict.outcome == "1 failed, 1 stale baseline entry")
    }

    @Test func missingShardsAreNamed() throws {
        let inputs = [try shard("1/3", ["a"]), try shard("3/3", ["c"])]
        #expect(ResultsMerge.missingShards(inputs).map(\.description) == ["2/3"])
        #expect(ResultsMerge.missingShards(inputs + [try shard("2/3", ["b"])]).isEmpty)
    }

    /// The shards a run lacks read back from its footer, and fail its verdict.
    @Test func missingShardsReadBackFromTheFooterAndFailTheVerdict() throws {
        var summary = ReportFixtures.summary()
        summary.results = [ReportFixtures.passed]
        #expect(summary.verdict.succeeded)
        summary.missingShards = [try Shard(parsing: "2/3")]
        #expect(!summary.verdict.succeeded)
        #expect(summary.verdict.outcome == "lacks shard 2/3")
        let read = try ResultsStream.decode(Data(ResultsStream.encode(summary)), path: "r.jsonl")
        #expect(read.missingShards == summary.missingShards)
        #expect(read.verdict == summary.verdict)
    }
}
