import Foundation
import Testing

/// Engine programs that misbehave in one case (`Fixtures/engines/faults/`), run by the built
/// binary: that case is an error with its real cause, every other case passes, and no process the
/// engine started outlives the run.
@Suite("iamspec run, engine faults")
struct EngineFaultTests {
    /// A case before and after the faulty one, which must pass.
    private static let cases = """
        - id: a-passes
          title: The engine displays the message at session start
          rules: [demo.rule]
          profiles: [braze-swift]
          given: {messages: [{id: promo, triggers: [session_start]}]}
          steps: [session_start, {expect: {sequence: [{displayed: promo}]}}]
        - id: b-fault
          title: The engine misbehaves in this case
          rules: [demo.rule]
          profiles: [braze-swift]
          given: {messages: [{id: promo, triggers: [session_start]}]}
          steps: [session_start, {expect: {sequence: [{displayed: promo}]}}, {advance: 1}]
        - id: c-passes
          title: The engine displays the message at session start again
          rules: [demo.rule]
          profiles: [braze-swift]
          given: {messages: [{id: promo, triggers: [session_start]}]}
          steps: [session_start, {expect: {sequence: [{displayed: promo}]}}]

        """

    private static let rules = """
        - id: demo.rule
          title: A message with a Session Start trigger displays when a session starts
          kind: clarification
          source: this test

        """

    /// Runs the three cases on the fault engine with one job; returns the outcome and the
    /// results stream's case records as `id status`.
    private static func run(
        _ engine: String,
        environment: [String: String] = [:],
        in folder: URL
    ) throws -> (IAMSpecExecutable.Outcome, [String]) {
        try cases.write(to: folder.appendingPathComponent("cases.yaml"), atomically: true, encoding: .utf8)
        try rules.write(to: folder.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        let results = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run(
            [
                "run", folder.path, "--jobs", "1", "--timeout", "600",
                "--engine-command", "exec python3 Fixtures/engines/faults/\(engine)", "--json", results,
            ],
            environment: environment
        )
        try #require(
            FileManager.default.fileExists(atPath: results),
            "no results stream; status \(outcome.status), stderr: \(outcome.standardError)"
        )
        let statuses = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n").compactMap {
            line -> String? in
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard record?["record"] as? String == "case" else { return nil }
            return "\(record?["id"] ?? "") \(record?["status"] ?? "")"
        }
        return (outcome, statuses)
    }

    @Test("an engine that exits while a setsid child holds its stdout: its exit status, at once; the child is killed")
    func exitWhileAnOrphanHoldsTheOutput() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("orphan.pid").path
        let (outcome, statuses) = try Self.run(
            "orphan_holds_output.py",
            environment: ["IAMSPEC_FIXTURE_PID_FILE": pidFile],
            in: folder
        )
        #expect(outcome.status == 1)
        #expect(statuses == ["a-passes passed", "b-fault error", "c-passes passed"])
        #expect(
            outcome.standardOutput.contains(
                "the engine ended before answering stimulus session_start, while a process it started still holds "
                    + "its output; the engine exited with status 3"
            ),
            "\(outcome.standardOutput)"
        )
        #expect(outcome.standardOutput.contains("orphan_holds_output: exiting with status 3"))
        let orphan = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines
        )
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(orphan)"), "the orphan \(orphan) is still running")
    }

    @Test("protocol 2, an answer given twice: that case is an error, out of step; the other cases pass")
    func anAnswerGivenTwice() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outcome, statuses) = try Self.run("answers_twice.py", in: folder)
        #expect(outcome.status == 1)
        #expect(statuses == ["a-passes passed", "b-fault error", "c-passes passed"])
        #expect(
            outcome.standardOutput.contains(
                "the engine's answer is out of step: iamspec waited for the answer to stimulus advance (seq "
            ),
            "\(outcome.standardOutput)"
        )
        #expect(!outcome.standardError.contains("warning:"))
    }

    @Test("protocol 2, a line after the case ended: a warning names that case; the next case runs untouched")
    func aLineAfterTheCaseEnded() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outcome, statuses) = try Self.run("writes_after_end_case.py", in: folder)
        #expect(statuses == ["a-passes passed", "b-fault passed", "c-passes passed"])
        #expect(
            outcome.standardError.contains(
                #"warning: after case "b-fault" ended, the engine wrote a line with seq "#
            ),
            "\(outcome.standardError)"
        )
        #expect(outcome.status == 0)
    }

    @Test("an engine that closes its stdout and keeps running: that cause, at once; the other cases pass")
    func closedOutputWhileRunning() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outcome, statuses) = try Self.run("closes_output.py", in: folder)
        #expect(outcome.status == 1)
        #expect(statuses == ["a-passes passed", "b-fault error", "c-passes passed"])
        #expect(
            outcome.standardOutput.contains(
                "the engine closed its output before answering stimulus session_start; "
                    + "the engine was still running, and iamspec killed it"
            ),
            "\(outcome.standardOutput)"
        )
        #expect(outcome.standardOutput.contains("closes_output: closing stdout, staying alive"))
    }
}
