import Foundation
import Testing

/// Engine programs that misbehave in one case (`Fixtures/engines/faults/`), run by the built
/// binary: that case is an error with its real cause, every other case passes, and no process the
/// engine started outlives the run.
@Suite("iamspec run, engine faults")
struct EngineFaultTests {
    /// A case before and after the faulty one, which must pass.
    private static let cases = [
        FaultSuite.Case(id: "a-passes", title: "The engine displays the message at session start"),
        FaultSuite.Case(id: "b-fault", title: "The engine misbehaves in this case", moreSteps: "{advance: 1}"),
        FaultSuite.Case(id: "c-passes", title: "The engine displays the message at session start again"),
    ]

    /// Runs the three cases on the fault engine with one job; returns the outcome and the
    /// results stream's case records as `id status`.
    /// As ``cases``, and a faulty case whose last step is the stimulus, then one more that passes.
    private static let casesWithAFaultAtTheEnd =
        cases + [
            FaultSuite.Case(id: "d-fault-at-the-end", title: "The engine misbehaves after its last answer"),
            FaultSuite.Case(id: "e-passes", title: "The engine displays the message at session start once more"),
        ]

    private static func run(
        _ engine: String,
        cases: [FaultSuite.Case] = cases,
        environment: [String: String] = [:],
        in folder: URL,
        reports: [String] = []
    ) throws -> (IAMSpecExecutable.Outcome, [String]) {
        try FaultSuite.write(cases, to: folder)
        let results = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run(
            [
                "run", folder.path, "--jobs", "1", "--timeout", "600",
                "--engine-command", "exec python3 Fixtures/engines/faults/\(engine)", "--json", results,
            ] + reports,
            environment: environment
        )
        try #require(
            FileManager.default.fileExists(atPath: results),
            "no results stream; status \(outcome.status), stderr: \(outcome.standardError)"
        )
        let statuses = try IAMSpecExecutable.resultsRecords(at: results).filter { $0["record"] as? String == "case" }
            .map { "\($0["id"] ?? "") \($0["status"] ?? "")" }
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
                #"the engine ended before answering stimulus session_start of case "b-fault" (braze-swift), "#
                    + "while a process it started still holds "
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

    @Test(
        "protocol 2, an answer given twice, mid-case or after the case's last step: that case is an error; the others pass"
    )
    func anAnswerGivenTwice() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outcome, statuses) = try Self.run("answers_twice.py", cases: Self.casesWithAFaultAtTheEnd, in: folder)
        #expect(outcome.status == 1)
        #expect(
            statuses == [
                "a-passes passed", "b-fault error", "c-passes passed", "d-fault-at-the-end error", "e-passes passed",
            ]
        )
        #expect(
            outcome.standardOutput.contains(
                "the engine's answer is out of step: iamspec waited for the answer to stimulus advance (seq "
            ),
            "\(outcome.standardOutput)"
        )
        #expect(
            outcome.standardOutput.contains(
                #"the engine failed while ending the case: after the case's last answer, the engine wrote `{"type": "observations""#
            ),
            "\(outcome.standardOutput)"
        )
        #expect(!outcome.standardError.contains("warning:"))
    }

    @Test("protocol 2, a line after the case's last answer, before `ended`: that case is an error; the others pass")
    func aLineBeforeEnded() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outcome, statuses) = try Self.run("writes_after_end_case.py", in: folder)
        #expect(outcome.status == 1)
        #expect(statuses == ["a-passes passed", "b-fault error", "c-passes passed"])
        #expect(
            outcome.standardOutput.contains(
                "the engine failed while ending the case: after the case's last answer, the engine wrote `{"
            ),
            "\(outcome.standardOutput)"
        )
        #expect(outcome.standardOutput.contains("where iamspec waited for `ended` with seq 7"))
        #expect(outcome.standardOutput.contains("well_behaved: case b-fault"), "stderr is attached")
        #expect(!outcome.standardError.contains("warning:"))
    }

    /// The engine repeats the case's last answer after `ended` (an earlier `seq`), or writes a line
    /// with the `seq` the next `case` will have: either way the line is charged to the case that
    /// had ended, in every report, and the next case runs on a fresh process.
    @Test(
        "protocol 2, a line after `ended`: a protocol fault of that case in every report, exit 1; the next case runs clean",
        arguments: [("writes_after_ended.py", 6), ("writes_ahead_after_ended.py", 8)]
    )
    func aLineAfterEnded(engine: String, seq: Int) throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("report.xml").path
        let summary = folder.appendingPathComponent("summary.md").path
        let (outcome, statuses) = try Self.run(engine, in: folder, reports: ["--junit", junit, "--summary", summary])
        #expect(statuses == ["a-passes passed", "b-fault passed", "c-passes passed"])
        #expect(outcome.status == 1)
        let fault = #"after case "b-fault" (braze-swift) had ended, the engine wrote `{"type": "observations""#
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.suffix(2).first?.hasPrefix("protocol fault: " + fault) == true, "\(outcome.standardOutput)")
        #expect(lines.last == "3 passed, 0 failed, 0 skipped")
        let footer = try #require(
            try IAMSpecExecutable.resultsRecords(at: folder.appendingPathComponent("results.jsonl").path).last
        )
        let lateLines = try #require(footer["late_lines"] as? [String])
        #expect(lateLines.count == 1)
        #expect(lateLines.first?.hasPrefix(fault) == true)
        #expect(lateLines.first?.contains(#""seq": \#(seq)"#) == true, "\(lateLines)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(
            xml.contains(#"<property name="late-line.1" value="after case &quot;b-fault&quot; (braze-swift) had ended"#)
        )
        #expect(try String(contentsOfFile: summary, encoding: .utf8).contains("**Protocol faults:**"))
        #expect(!outcome.standardError.contains("warning:"))
        #expect(IAMSpecExecutable.enginesLeft(by: outcome.processID) == [])
    }

    /// The faulty case runs last: its late line is found when the engine is told to shut down,
    /// not lost, so the verdict does not depend on which case ran last or on `--jobs`.
    @Test("protocol 2, a line after the last case's `ended`: a protocol fault of that case, exit 1")
    func aLineAfterTheLastCaseEnded() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (outcome, statuses) = try Self.run("writes_after_ended.py", cases: Array(Self.cases.prefix(2)), in: folder)
        #expect(statuses == ["a-passes passed", "b-fault passed"])
        #expect(outcome.status == 1, "\(outcome.standardOutput)")
        let footer = try #require(
            try IAMSpecExecutable.resultsRecords(at: folder.appendingPathComponent("results.jsonl").path).last
        )
        let lateLines = try #require(footer["late_lines"] as? [String], "\(footer)")
        #expect(lateLines.count == 1)
        #expect(lateLines.first?.hasPrefix(#"after case "b-fault" (braze-swift) had ended, the engine wrote"#) == true)
    }

    /// A pipelining engine that never answers the second stimulus: in a short case all its
    /// requests were sent ahead, in a long one the window was full with more waiting.
    @Test("a timeout names the request awaited: its stimulus, seq and case, and whether the pipelining window was full")
    func aTimeoutSaysWhatWasAwaited() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = Array(repeating: "{advance: 1}", count: 150).joined(separator: ", ")
        try FaultSuite.write(
            [
                FaultSuite.Case(id: "a-hang-at-2", title: "A short case", moreSteps: "{advance: 1}, {advance: 1}"),
                FaultSuite.Case(id: "b-hang-at-2", title: "A long case", moreSteps: long),
            ],
            to: folder
        )
        let results = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run([
            "run", folder.path, "--jobs", "2", "--timeout", "1",
            "--engine-command", "exec python3 Fixtures/engines/pipelining_engine.py", "--json", results,
        ])
        #expect(outcome.status == 1)
        let records = try IAMSpecExecutable.resultsRecords(at: results).filter { $0["record"] as? String == "case" }
        let messages = Dictionary(uniqueKeysWithValues: records.map { ("\($0["id"] ?? "")", "\($0["message"] ?? "")") })
        #expect(records.allSatisfy { $0["status"] as? String == "error" })
        let short = try #require(messages["a-hang-at-2"])
        #expect(short.contains(#"stimulus advance (seq 3) of case "a-hang-at-2" (braze-swift)"#), "\(short)")
        #expect(short.contains("none waited to be sent: the window was not full"), "\(short)")
        let longMessage = try #require(messages["b-hang-at-2"])
        #expect(
            longMessage.contains(#"stimulus advance (seq 3) of case "b-hang-at-2" (braze-swift)"#),
            "\(longMessage)"
        )
        #expect(longMessage.contains("more waited to be sent: the window was full"), "\(longMessage)")
        #expect(IAMSpecExecutable.enginesLeft(by: outcome.processID) == [])
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
                #"the engine closed its output before answering stimulus session_start of case "b-fault" "#
                    + "(braze-swift); the engine was still running, and iamspec killed it"
            ),
            "\(outcome.standardOutput)"
        )
        #expect(outcome.standardOutput.contains("closes_output: closing stdout, staying alive"))
    }
}
