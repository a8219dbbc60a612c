import Foundation
import Testing

/// An engine answering every stimulus with 600 KB of observations (`floods_observations.py`),
/// each answer within the protocol's 1 MiB: the run is cut at the answer that takes it past its
/// 1 MiB of observations, an error naming the step and the limit, under `--repeat` too, so that
/// neither iamspec's memory nor a results stream's line grows with the steps or the repeats, and
/// no report calls the run passed (issue 53).
@Suite("A run's observations are limited")
struct ObservationLimitTests {
    private static let cases = [
        FaultSuite.Case(id: "a-passes", title: "The engine displays the message at session start"),
        FaultSuite.Case(
            id: "b-fault",
            title: "The engine answers every stimulus with 600 KB",
            moreSteps: "{advance: 1}, {advance: 1}, {advance: 1}"
        ),
        FaultSuite.Case(id: "c-passes", title: "The engine displays the message at session start again"),
    ]

    /// Runs the cases, written into `folder`, on the flooding engine with `extra` options; returns
    /// the outcome, the faulty run's record, the longest line of the results stream, in bytes,
    /// and the stream's path.
    private func run(
        _ extra: [String],
        environment: [String: String] = [:],
        in folder: URL
    ) throws -> (IAMSpecExecutable.Outcome, [String: Any], Int, String) {
        try FaultSuite.write(Self.cases, to: folder)
        let results = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run(
            [
                "run", folder.path, "--jobs", "1", "--color", "never", "--no-explain",
                "--engine-command", "exec python3 Fixtures/engines/faults/floods_observations.py", "--json", results,
            ] + extra,
            environment: environment
        )
        let records = try IAMSpecExecutable.resultsRecords(at: results)
        let faulty = try #require(records.first { $0["id"] as? String == "b-fault" })
        let lines = try Data(contentsOf: URL(fileURLWithPath: results)).split(separator: UInt8(ascii: "\n"))
        return (outcome, faulty, lines.map(\.count).max() ?? 0, results)
    }

    /// `iamspec report` of the stream at `results`, writing its Markdown summary into `folder`.
    private func summarise(_ results: String, in folder: URL) throws -> IAMSpecExecutable.Outcome {
        try IAMSpecExecutable.run("report", results, "--summary", folder.appendingPathComponent("s.md").path)
    }

    @Test func theAnswerPastTheLimitCutsTheRunAsAnErrorNamingTheStep() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outcome, faulty, longest, results) = try run([], in: folder)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.lastLine == "2 passed, 0 failed, 1 error, 0 skipped")
        #expect(faulty["status"] as? String == "error")
        #expect(faulty["kind"] as? String == "engine")
        let message = try #require(faulty["message"] as? String)
        #expect(
            message.hasPrefix(
                "the engine's observations in this run passed its limit of 1 MiB (1048576 bytes as reports write "
                    + "them; 600041 before this step, 600041 more in its answer) at `advance: 1`: the run was cut there"
            ),
            "\(message)"
        )
        #expect(outcome.standardOutput.contains("passed its limit of 1 MiB"))
        // The first answer alone is kept: the stream's line holds it a few times at most.
        #expect(longest < 2 << 20, "a line of \(longest) bytes")
        let report = try summarise(results, in: folder)
        #expect(report.status == 1, "\(report.standardOutput)\(report.standardError)")
        #expect(report.lastLine == "2 passed, 0 failed, 1 error, 0 skipped")
    }

    @Test func eachRepeatIsLimitedAndANondeterministicRunHoldsTwo() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outcome, faulty, longest, results) = try run(
            ["--repeat", "20"],
            environment: ["IAMSPEC_FIXTURE_ALTERNATE": "1"],
            in: folder
        )
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(faulty["status"] as? String == "failed")
        #expect(faulty["kind"] as? String == "nondeterministic")
        let message = try #require(faulty["message"] as? String)
        #expect(
            message.hasPrefix(
                "nondeterministic: repeat 1 of 20 error: the engine's observations in this run passed its limit of 1 MiB"
            )
        )
        #expect(message.hasSuffix("; repeat 2 passed"), "\(message)")
        // Two repeats of at most 1 MiB each, each timeline written twice at the most.
        #expect(longest < 5 << 20, "a line of \(longest) bytes")
        let report = try summarise(results, in: folder)
        #expect(report.status == 1, "\(report.standardOutput)\(report.standardError)")
    }

    @Test func aRunCutAtTheSamePlaceInEveryRepeatIsOneError() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outcome, faulty, longest, _) = try run(["--repeat", "20"], in: folder)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(faulty["status"] as? String == "error")
        #expect((faulty["message"] as? String)?.contains("at `advance: 1`: the run was cut there") == true)
        #expect(longest < 2 << 20, "a line of \(longest) bytes")
    }
}
