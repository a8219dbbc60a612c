import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Pipelining over stdio (`Specs/PROTOCOL.md`, "Pipelining"), run by the built binary: an engine
/// that declares it gets the same verdicts, in the same reports, as one that does not; what it
/// answers mid-case ends the case as it would without pipelining, and the next case runs cleanly.
@Suite("iamspec run, pipelining over stdio")
struct PipeliningTests {
    private static let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path

    /// The JSON results and the JUnit report of the bundled Specs on `engine`, with what differs
    /// from one run to the next left out (durations, time stamps, and the engine command itself).
    private static func reports(engine: String, in folder: URL) throws -> (json: String, junit: String) {
        let json = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("junit.xml").path
        let outcome = try IAMSpecExecutable.run(
            ["run", "Specs", "--engine-command", engine, "--jobs", "2", "--json", json, "--junit", junit]
        )
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let passedOnly = try Regex(#"^[1-9][0-9]* passed, 0 failed, 0 skipped$"#)
        #expect(outcome.lastLine?.wholeMatch(of: passedOnly) != nil, "\(outcome.lastLine ?? "")")
        let results = try String(contentsOfFile: json, encoding: .utf8)
            .replacing(try Regex(#""(duration_ms|engine_command|started_at|finished_at)":("[^"]*"|[0-9]+)"#), with: "")
        return (results, TimelineReportTests.withoutRunFacts(try String(contentsOfFile: junit, encoding: .utf8)))
    }

    @Test func theReferenceEngineGivesTheSameReportsPipelinedAndNot() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipelined = try Self.reports(engine: "'\(Self.iamspec)' engine --stdio", in: folder)
        // The same engine behind a relay that takes `pipelining` out of its handshake.
        let strict = try Self.reports(
            engine: "python3 Fixtures/engines/reference_variant.py strict '\(Self.iamspec)' engine --stdio",
            in: folder
        )
        #expect(pipelined.json == strict.json)
        #expect(pipelined.junit == strict.junit)
    }

    /// A case of the suite below: its id, and its steps after `session_start`.
    private static func suite(_ cases: [(id: String, steps: String)]) -> String {
        cases.map { item in
            """
            - id: \(item.id)
              title: The engine displays the message at session start
              rules: [demo.rule]
              profiles: [braze-swift]
              given: {messages: [{id: promo, triggers: [session_start]}]}
              steps: [session_start, \(item.steps)]

            """
        }.joined()
            + """
            - id: demo.rule
              title: A message with a Session Start trigger displays when a session starts
              kind: clarification
              source: this test

            """
    }

    private static let displayed = "{expect: {sequence: [{displayed: promo}]}}"
    private static let advances = Array(repeating: "{advance: 1}", count: 5).joined(separator: ", ")

    /// Runs `cases` on `Fixtures/engines/pipelining_engine.py` with one job; returns the outcome,
    /// the case records as `id status: message`, and the engine's stats (`id requests bytes`).
    private static func runOnThePipeliningEngine(
        _ cases: [(id: String, steps: String)],
        options: [String] = []
    ) throws -> (IAMSpecExecutable.Outcome, [String], [String]) {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = suite(cases).components(separatedBy: "- id: demo.rule")
        try text[0].write(to: folder.appendingPathComponent("cases.yaml"), atomically: true, encoding: .utf8)
        try ("- id: demo.rule" + text[1]).write(
            to: folder.appendingPathComponent("rules.yaml"),
            atomically: true,
            encoding: .utf8
        )
        let results = folder.appendingPathComponent("results.jsonl").path
        let stats = folder.appendingPathComponent("stats.txt").path
        let outcome = try IAMSpecExecutable.run(
            [
                "run", folder.path, "--jobs", "1", "--engine-command",
                "IAMSPEC_FIXTURE_STATS_FILE='\(stats)' exec python3 Fixtures/engines/pipelining_engine.py",
                "--json", results,
            ] + options
        )
        let records = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n").compactMap {
            line -> String? in
            let record = try JSONDecoder().decode(Record.self, from: Data(line.utf8))
            guard record.record == "case" else { return nil }
            return "\(record.id ?? "") \(record.status ?? ""): \(record.message ?? "")"
        }
        let lines = (try? String(contentsOfFile: stats, encoding: .utf8)) ?? ""
        return (outcome, records, lines.split(separator: "\n").map(String.init))
    }

    @Test func whatTheEngineAnswersMidCaseEndsThatCaseAndTheNextRunsCleanly() throws {
        let (outcome, records, stats) = try Self.runOnThePipeliningEngine([
            ("a-passes", "\(Self.displayed), \(Self.advances)"),
            ("b-error-at-3", "\(Self.displayed), \(Self.advances)"),
            ("c-passes", "\(Self.displayed), \(Self.advances)"),
            ("d-unsupported-at-3", "\(Self.displayed), \(Self.advances)"),
            ("e-fails-early", "{expect: nothing}, \(Self.advances)"),
            ("f-wrong-seq-at-3", "\(Self.displayed), \(Self.advances)"),
            ("g-stray-at-2", "\(Self.displayed), \(Self.advances)"),
            (
                "h-padded-long",
                "\(Self.displayed), " + Array(repeating: "{advance: 1}", count: 1500).joined(separator: ", ")
            ),
            ("i-passes", "\(Self.displayed), \(Self.advances)"),
        ])
        #expect(outcome.lastLine == "4 passed, 1 failed, 3 errors, 1 skipped", "\(outcome.standardOutput)")
        let outOfStep =
            #"error: the engine failed while handling `advance: 1`: the engine's answer is out of step: "#
            + #"iamspec waited for the answer to stimulus advance \(seq ([0-9]+)\), and read a line with seq ([0-9]+) "#
        #expect(records.count == 9)
        #expect(
            Array(records.prefix(4)) == [
                "a-passes passed: ",
                "b-error-at-3 error: the engine failed while handling `advance: 1`: "
                    + "the engine answered `error`: failing at stimulus 3 on purpose",
                "c-passes passed: ",
                "d-unsupported-at-3 skipped: the engine declined `advance: 1`: declining stimulus 3 on purpose",
            ]
        )
        #expect(records.count > 4 && records[4].hasPrefix("e-fails-early failed: "))
        // The answer to the third stimulus claims the next `seq`; the second answer to the second
        // claims that one's again.
        #expect(try Self.sequenceNumbers(in: records.dropFirst(5).first, outOfStep).map { $1 - $0 } == 1)
        #expect(try Self.sequenceNumbers(in: records.dropFirst(6).first, outOfStep).map { $1 - $0 } == -1)
        #expect(Array(records.suffix(2)) == ["h-padded-long passed: ", "i-passes passed: "])
        // Every case the engine saw to `end_case` (sent ahead): requests went ahead, within the window.
        #expect(
            Set(stats.map { $0.split(separator: " ")[0] }).isSuperset(of: ["a-passes", "h-padded-long", "i-passes"])
        )
        // The suite's cases, not the experiments run after it (the smallest case of a difference,
        // whose scenario may run under the failing case's own id): the first line of each id.
        let ids = Set(records.map { String($0.prefix { $0 != " " }) })
        var seen = Set<String>()
        for line in stats
        where ids.contains(String(line.prefix { $0 != " " }))
            && seen.insert(String(line.prefix { $0 != " " })).inserted
        {
            let fields = line.split(separator: " ")
            #expect(Int(fields[1])! > 1 && Int(fields[2])! <= 4096, "\(line)")
        }
    }

    /// A record of the results stream, as far as these tests read it.
    private struct Record: Decodable {
        var record: String
        var id: String?
        var status: String?
        var message: String?
    }

    /// The awaited and the found `seq` of an out-of-step error record.
    private static func sequenceNumbers(in record: String?, _ pattern: String) throws -> (Int, Int)? {
        guard let record, let match = record.firstMatch(of: try Regex(pattern)),
            let awaited = match.output[1].substring.flatMap({ Int($0) }),
            let found = match.output[2].substring.flatMap({ Int($0) })
        else { return nil }
        return (awaited, found)
    }

    @Test func theValidationOfTheProtocolAcceptsTheKey() throws {
        let (outcome, records, stats) = try Self.runOnThePipeliningEngine(
            [("a-passes", "\(Self.displayed), \(Self.advances)"), ("b-passes", "\(Self.displayed), \(Self.advances)")],
            options: ["--validate-protocol"]
        )
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(records == ["a-passes passed: ", "b-passes passed: "])
        #expect(stats.count == 2 && stats.allSatisfy { Int($0.split(separator: " ")[1])! > 1 })
    }
}
