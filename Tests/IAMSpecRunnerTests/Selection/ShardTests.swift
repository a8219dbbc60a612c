import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Shards")
struct ShardTests {
    @Test func fnv1a64MatchesTheReferenceVectors() {
        #expect(StableHash.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func parsesIOverN() throws {
        let shard = try Shard(parsing: "2/4")
        #expect(shard.index == 2 && shard.count == 4)
        #expect(shard.description == "2/4")
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "a/3", "1/", "/3", "1/3/5", "+1/3", "-1/3", "1.0/3", ""])
    func rejectsWhatIsNotIOverN(_ text: String) {
        #expect(throws: ShardSyntaxError.self) { try Shard(parsing: text) }
    }

    @Test func theShardsTogetherHoldEveryCaseExactlyOnce() {
        let ids = (0..<500).map { "area-\($0 % 7).case-\($0)" }
        for count in [1, 2, 3, 5, 8] {
            let shards = (1...count).compactMap { Shard(index: $0, count: count) }
            for id in ids {
                #expect(shards.count(where: { $0.contains(caseID: id) }) == 1, "\(id) with \(count) shards")
            }
            let sizes = shards.map { shard in ids.count(where: { shard.contains(caseID: $0) }) }
            #expect(sizes.allSatisfy { $0 > 0 }, "every shard of \(count) gets cases: \(sizes)")
        }
    }

    @Test func addingACaseMovesNoOtherCase() {
        let ids = (0..<200).map { "case-\($0)" }
        let before = ids.map { Shard.index(of: $0, among: 4) }
        let after = (ids + ["a-new-case", "another-one"]).map { Shard.index(of: $0, among: 4) }
        #expect(Array(after.prefix(ids.count)) == before)
    }

    @Test func aSelectionRunsOnlyItsShardAndRecordsIt() throws {
        let cases = (0..<40).map { CaseFixtures.displaysPromo("case-\($0)") }
        let shards = try (1...3).map { try Shard(parsing: "\($0)/3") }
        let runs = shards.map { RunSelection(shard: $0).runs(of: cases).map(\.specCase.id) }
        #expect(runs.flatMap { $0 }.sorted() == cases.map(\.id).sorted())
        #expect(Set(runs[0]).isDisjoint(with: runs[1]))
        let encoded = try JSONEncoder().encode(RunSelection(shard: shards[1]))
        #expect(String(decoding: encoded, as: UTF8.self).contains("\"shard\":\"2\\/3\""))
    }
}
