import Foundation
import Testing

/// An engine answering `case` with a line that does not answer it: the line is charged once, to
/// the request it answers (Specs/PROTOCOL.md, "When the engine misbehaves"), under `run` at one
/// job and more, and under `run-compiled`.
@Suite("iamspec run, a bad answer to case")
struct BadCaseAnswerTests {
    private static let cases = [
        FaultSuite.Case(id: "a-passes", title: "The engine displays the message at session start"),
        FaultSuite.Case(id: "b-fault", title: "The engine answers the case badly"),
        FaultSuite.Case(id: "c-passes", title: "The engine displays the message at session start again"),
        FaultSuite.Case(id: "d-passes", title: "The engine displays the message at session start once more"),
    ]

    private static let engine = "exec python3 Fixtures/engines/faults/answers_case_badly.py"

    /// The case records as `id status`, the footer's late lines, and the outcome.
    private static func results(
        of arguments: [String],
        variant: String,
        in folder: URL
    ) throws -> (IAMSpecExecutable.Outcome, [String], [String]) {
        let results = folder.appendingPathComponent("results-\(arguments[0]).jsonl").path
        let outcome = try IAMSpecExecutable.run(
            arguments + ["--engine-command", engine, "--json", results, "--color", "never"],
            environment: ["IAMSPEC_FIXTURE_BAD_ANSWER": variant]
        )
        let records = try IAMSpecExecutable.resultsRecords(at: results)
        let statuses = records.filter { $0["record"] as? String == "case" }.map {
            "\($0["id"] ?? "") \($0["status"] ?? "")"
        }
        return (outcome, statuses, records.last?["late_lines"] as? [String] ?? [])
    }

    private static func runs(in folder: URL) throws -> [[String]] {
        try FaultSuite.write(cases, to: folder)
        let suite = folder.appendingPathComponent("suite.json").path
        let compiled = try IAMSpecExecutable.run("compile", folder.path, "-o", suite, "--timeout", "600")
        try #require(compiled.status == 0, "\(compiled.standardError)")
        return [
            ["run", folder.path, "--jobs", "1", "--timeout", "600"],
            ["run", folder.path, "--jobs", "3", "--timeout", "600"],
            ["run-compiled", suite],
        ]
    }

    @Test(
        "not JSON, no type, a seq no request has, no seq, a seq of another type: that case's error alone, no late line",
        arguments: ["not_json", "no_type", "later_seq", "no_seq", "string_seq"]
    )
    func aLineThatAnswersNoEarlierRequestIsTheCasesAlone(variant: String) throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in try Self.runs(in: folder) {
            let (outcome, statuses, lateLines) = try Self.results(of: arguments, variant: variant, in: folder)
            #expect(outcome.status == 1, "\(arguments)")
            #expect(
                statuses == ["a-passes passed", "b-fault error", "c-passes passed", "d-passes passed"],
                "\(arguments): \(outcome.standardOutput)"
            )
            #expect(lateLines == [], "\(arguments)")
            #expect(!outcome.standardOutput.contains("late line"), "\(arguments): \(outcome.standardOutput)")
            #expect(IAMSpecExecutable.enginesLeft(by: outcome.processID) == [])
        }
    }

    /// `ready` with the `seq` of the request before: on a process that ran `a-passes`, its
    /// `end_case`'s, so a late line of `a-passes`; the case then runs on a fresh process, where the
    /// same answer (`seq` 0) answers no request: the case's own error.
    @Test func aStaleSeqIsChargedToTheRunItBelongedTo() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = try Self.runs(in: folder)
        for arguments in [arguments[0], arguments[2]] {
            let (outcome, statuses, lateLines) = try Self.results(of: arguments, variant: "stale_seq", in: folder)
            #expect(outcome.status == 1)
            #expect(statuses == ["a-passes passed", "b-fault error", "c-passes passed", "d-passes passed"])
            let late = #"after case "a-passes" (braze-swift) had ended, the engine wrote `{"type": "ready", "seq": 3}`"#
            #expect(lateLines == [late], "\(arguments): \(outcome.standardOutput)")
            #expect(
                outcome.standardOutput.contains(
                    #"does not follow the protocol: seq: found 0, expected an integer of at least 1 "#
                        + #"(`{"type": "ready", "seq": 0}`)"#
                ),
                "\(arguments): \(outcome.standardOutput)"
            )
        }
    }

    /// A `seq` of the wrong type is said as found, with what the protocol expects, not as none.
    @Test func aSeqOfAnotherTypeIsSaidAsFound() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in try Self.runs(in: folder) {
            let (outcome, _, _) = try Self.results(of: arguments, variant: "string_seq", in: folder)
            #expect(outcome.status == 1)
            // The case's `seq` depends on the process it ran on: 4 after `a-passes`, 1 on a fresh one.
            let said = outcome.standardOutput.firstMatch(
                of:
                    #/the engine's `ready` answer to case "b-fault" \(seq (\d)\) does not follow the protocol: seq: found "(\d)", expected an integer of at least 1 \(`{"type": "ready", "seq": "(\d)"}`\)/#
            )
            #expect(
                said.map { $0.output.1 == $0.output.2 && $0.output.2 == $0.output.3 } == true,
                "\(arguments): \(outcome.standardOutput)"
            )
            #expect(!outcome.standardOutput.contains("no seq"), "\(arguments)")
        }
    }

    /// A line of `b-fault`'s run (its last answer again) written in the middle of `c-passes`: a
    /// late line of `b-fault`, by its `seq`; `c-passes` is not blamed and passes.
    @Test func aStaleLineInTheMiddleOfALaterCaseIsTheEarlierRunsLateLine() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FaultSuite.write(Self.cases, to: folder)
        let results = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run(
            [
                "run", folder.path, "--jobs", "1", "--timeout", "600", "--json", results, "--color", "never",
                "--engine-command", "exec python3 Fixtures/engines/faults/writes_stale_line_later.py",
            ]
        )
        #expect(outcome.status == 1, "a late line fails the run")
        let records = try IAMSpecExecutable.resultsRecords(at: results)
        let statuses = records.filter { $0["record"] as? String == "case" }.map {
            "\($0["id"] ?? "") \($0["status"] ?? "")"
        }
        #expect(statuses == ["a-passes passed", "b-fault passed", "c-passes passed", "d-passes passed"])
        #expect(
            records.last?["late_lines"] as? [String] == [
                #"after case "b-fault" (braze-swift) had ended, the engine wrote `{"type": "observations", "#
                    + #""observations": [{"kind": "displayed", "message": "promo", "extras": {}}], "seq": 5}`"#
            ],
            "\(outcome.standardOutput)"
        )
    }

    /// No answer to `case` at all: the timeout says it waited for that answer, and keeps what the
    /// engine wrote on stderr, as a stimulus's timeout does. The timeout (5 s) also covers getting
    /// the engine (a spare process still in its handshake), which a loaded machine can take a
    /// second over: it is the case's wait, not the engine's start, that the test is about.
    @Test func aTimeoutAwaitingCaseSaysSoWithTheEnginesStderr() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FaultSuite.write(Self.cases, to: folder)
        let suite = folder.appendingPathComponent("suite.json").path
        #expect(try IAMSpecExecutable.run("compile", folder.path, "-o", suite, "--timeout", "5").status == 0)
        for arguments in [["run", folder.path, "--jobs", "1", "--timeout", "5"], ["run-compiled", suite]] {
            let results = folder.appendingPathComponent("results-\(arguments[0]).jsonl").path
            let outcome = try IAMSpecExecutable.run(
                arguments + ["--engine-command", Self.engine, "--json", results, "--color", "never"],
                environment: ["IAMSPEC_FIXTURE_BAD_ANSWER": "hangs"]
            )
            #expect(outcome.status == 1)
            let records = try IAMSpecExecutable.resultsRecords(at: results)
            let fault = try #require(records.first { $0["id"] as? String == "b-fault" }, "\(arguments)")
            #expect(fault["status"] as? String == "error")
            let message = fault["message"] as? String ?? ""
            #expect(
                message.hasPrefix("timed out after 5 s, waiting for the engine's answer to case \"b-fault\" (seq "),
                "\(arguments): \(message)"
            )
            let diagnostics = fault["diagnostics"] as? String ?? ""
            #expect(diagnostics.contains("answers_case_badly: hanging instead of answering case"), "\(arguments)")
            #expect(IAMSpecExecutable.enginesLeft(by: outcome.processID) == [])
        }
    }
}
