import Foundation
import IAMSpec
import IAMSpecRunner
import Testing

/// `iamspec report --runner-records FILE`: the verdict the test-framework runners map to their
/// tests, a record per case run as judged, then the verdict; none for a stream report refuses.
@Suite("iamspec report --runner-records")
struct RunnerRecordsTests {
    private let location = SourceLocation(file: "Specs/triggers/basic.yaml", line: 3, column: 1)

    private func header(shard: Shard? = nil) -> RunHeader {
        RunHeader(
            engine: EngineRecord(
                name: "sample",
                version: "2.0",
                profiles: Profile.allCases,
                capabilities: [.analytics]
            ),
            suitePaths: ["Specs"],
            selection: RunSelection(shard: shard),
            jobs: 1,
            timeoutMilliseconds: 30_000,
            startedAt: "2026-01-31T23:59:59Z",
            invocation: RunInvocation()
        )
    }

    private func summary(shard: Shard? = nil) -> RunSummary {
        RunSummary(
            header: header(shard: shard),
            results: [
                CaseResult(
                    caseID: "triggers.one",
                    profile: .appboyLegacy,
                    title: "One",
                    status: .skipped,
                    message: "the engine lacks the capability keyboard",
                    location: location
                ),
                CaseResult(
                    caseID: "triggers.one",
                    profile: .brazeSwift,
                    title: "One",
                    status: .passed,
                    location: location
                ),
                CaseResult(
                    caseID: "triggers.two\u{1b}[31m\n::error::x",
                    profile: .brazeSwift,
                    title: "Two",
                    status: .failed,
                    message: "sequence on delivery: expected [displayed: promo], found []",
                    kind: .sequence,
                    location: SourceLocation(file: "Specs/triggers/basic.yaml", line: 20, column: 5),
                    rules: [RuleReference(id: "triggers.session-start", sources: ["seed 003 (en)"])],
                    timeline: [TimelineEntry(time: "0", step: "session_start", location: location)]
                ),
            ]
        )
    }

    private func report(
        _ summary: RunSummary,
        _ options: String...
    ) throws -> (
        outcome: IAMSpecExecutable.Outcome, records: [[String: Any]]?
    ) {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        let records = folder.appendingPathComponent("records.jsonl").path
        try ResultsStream.write(summary, to: results)
        let outcome = try IAMSpecExecutable.run(["report", results, "--runner-records", records] + options)
        let written = FileManager.default.fileExists(atPath: records)
        return (outcome, written ? try IAMSpecExecutable.resultsRecords(at: records) : nil)
    }

    @Test func aRecordPerRunAsJudgedThenTheVerdict() throws {
        let (outcome, records) = try report(summary())
        #expect(outcome.status == 1)
        let lines = try #require(records)
        #expect(lines.map { $0["record"] as? String } == ["run", "run", "run", "verdict"])
        #expect(lines[0]["status"] as? String == "skipped")
        #expect(lines[0]["text"] as? String == "the engine lacks the capability keyboard")
        #expect(lines[0]["file"] as? String == "Specs/triggers/basic.yaml")
        #expect(lines[0]["line"] as? Int == 3)
        #expect(lines[1]["status"] as? String == "passed")
        #expect(lines[1]["title"] as? String == "One")
        // The failure text as the JUnit report holds it, every text of the stream inert.
        #expect(lines[2]["id"] as? String == "triggers.two\\u{1b}[31m⏎::error::x")
        let text = try #require(lines[2]["text"] as? String)
        #expect(text.hasPrefix("Specs/triggers/basic.yaml:20:5: sequence on delivery: expected [displayed: promo]"))
        #expect(text.contains("\nrules:\n  triggers.session-start: seed 003 (en)\n"))
        #expect(text.contains("\nre-run: "))
        #expect(!text.contains("\u{1b}"))
        let verdict = lines[3]
        #expect(verdict["succeeded"] as? Bool == false)
        #expect(verdict["outcome"] as? String == "1 failed")
        #expect(verdict["reasons"] as? [String] == [])
        #expect(verdict["missing_shards"] as? Int == 0)
        let totals = try #require(verdict["totals"] as? [String: Int])
        #expect(totals == ["passed": 1, "failed": 1, "errors": 0, "skipped": 1, "stale_entries": 0])
    }

    @Test func aShardsStreamFailsForTheShardsItLacksUnlessPartial() throws {
        let lone = try report(summary(shard: Shard(index: 1, count: 3)))
        let verdict = try #require(lone.records?.last)
        #expect(verdict["missing_shards"] as? Int == 2)
        #expect(
            verdict["reasons"] as? [String] == [
                "the results stream lacks shards 2/3, 3/3 (it holds shard 1/3 of its selection only): the run is not complete"
            ]
        )
        let partial = try report(summary(shard: Shard(index: 1, count: 3)), "--partial")
        let judged = try #require(partial.records?.last)
        #expect(judged["missing_shards"] as? Int == 0)
        #expect(judged["reasons"] as? [String] == [])
    }

    @Test func anInterruptedRunSaysSoThoughNoRunFailed() throws {
        var run = summary()
        run.results.removeLast()
        run.interrupted = true
        run.notRun = 3
        let (outcome, records) = try report(run)
        #expect(outcome.status == 1)
        let verdict = try #require(records?.last)
        #expect(verdict["succeeded"] as? Bool == false)
        #expect(
            verdict["reasons"] as? [String] == [
                "the run was interrupted before every selected run was made", "3 selected runs not run",
            ]
        )
    }

    @Test func aStreamReportRefusesLeavesNoRecords() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        let records = folder.appendingPathComponent("records.jsonl").path
        try ResultsStream.write(summary(), to: results)
        let whole = try String(contentsOfFile: results, encoding: .utf8)
        try String(whole.split(separator: "\n").dropLast().joined(separator: "\n") + "\n")
            .write(toFile: results, atomically: true, encoding: .utf8)
        let outcome = try IAMSpecExecutable.run("report", results, "--runner-records", records)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("\(results):"))
        #expect(outcome.standardError.contains(": error: "))
        #expect(!FileManager.default.fileExists(atPath: records))
    }
}
