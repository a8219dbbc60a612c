import Foundation
import Testing

@Suite("Shards and tag expressions on the command line")
struct ShardCommandTests {
    @Test func theShardsOfTheBundledSuiteHoldEveryCaseOnce() throws {
        let all = try IAMSpecExecutable.run("list", "Specs")
        #expect(all.status == 0)
        let everyCase = all.standardOutput.split(separator: "\n").map(String.init)
        #expect(everyCase.count > 100)
        var union: [String] = []
        for index in 1...4 {
            let shard = try IAMSpecExecutable.run("list", "Specs", "--shard", "\(index)/4")
            #expect(shard.status == 0)
            let ids = shard.standardOutput.split(separator: "\n").map(String.init)
            #expect(!ids.isEmpty, "shard \(index)/4 is empty")
            union += ids
        }
        #expect(union.count == everyCase.count, "no case is in two shards")
        #expect(union.sorted() == everyCase.sorted(), "every case is in a shard")
    }

    @Test func aShardRunRecordsItsShardAndRunsOnlyItsCases() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("shard.jsonl").path
        let listed = try IAMSpecExecutable.run("list", "Fixtures/baseline/specs", "--shard", "1/3")
        #expect(listed.standardOutput == "baseline.passes\n")
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/baseline/specs", "--shard", "1/3", "--json", results)
        let lines = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.contains("\"shard\":\"1/3\"") == true)
        let ranIDs = Set(
            lines.dropFirst().dropLast().compactMap { line in
                line.range(of: #""id":"[^"]+""#, options: .regularExpression).map {
                    String(line[$0].dropFirst(6).dropLast())
                }
            }
        )
        #expect(ranIDs == Set(listed.standardOutput.split(separator: "\n").map(String.init)))
        #expect(outcome.status == 0)
    }

    @Test func badShardsAndTagExpressionsAreUsageErrors() throws {
        let shard = try IAMSpecExecutable.run("list", "Specs", "--shard", "5/4")
        #expect(shard.status == 2)
        #expect(shard.standardError.contains("'--shard <I/N>': found '5/4', expected a shard number I from 1 to 4"))
        let tags = try IAMSpecExecutable.run("run", "Specs", "--tags", "smoke and (boundary or")
        #expect(tags.status == 2)
        #expect(
            tags.standardError.contains(
                "'--tags <expression>': column 23: found the end of the expression, expected a tag, 'not' or '('"
            )
        )
    }

    @Test func tagExpressionsSelectCases() throws {
        let smoke = try IAMSpecExecutable.run("list", "Specs", "--tag", "smoke")
        let boundary = try IAMSpecExecutable.run("list", "Specs", "--tag", "boundary")
        let both = try IAMSpecExecutable.run("list", "Specs", "--tags", "smoke and boundary")
        let smokeOnly = try IAMSpecExecutable.run("list", "Specs", "--tags", "smoke and not boundary")
        let lines = { (outcome: IAMSpecExecutable.Outcome) in Set(outcome.standardOutput.split(separator: "\n")) }
        #expect(!lines(both).isEmpty)
        #expect(lines(both) == lines(smoke).intersection(lines(boundary)))
        #expect(lines(smokeOnly) == lines(smoke).subtracting(lines(boundary)))
    }
}
