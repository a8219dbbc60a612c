import Foundation
import Testing

/// Virtual time's range (Specs/README.md): a case whose advances add up past the clock's last
/// instant is refused at the step that passes it, by `lint`, `run` and `run-compiled` alike; one
/// that reaches the last instant exactly runs. None of them traps.
@Suite("The end of virtual time")
struct ClockRangeTests {
    /// A case advancing by `first` then `second` seconds, then expecting no display.
    private static func caseFile(first: String, second: String) -> String {
        """
        - id: clock.end
          title: The clock is advanced to its end
          rules: [demo.rule]
          profiles: [braze-swift]
          given: {messages: [{id: promo, triggers: [session_start]}]}
          steps:
            - session_start
            - expect: {sequence: [{displayed: promo}]}
            - advance: \(first)
            - advance: \(second)
            - expect: {sequence: []}

        """
    }

    private static func write(first: String, second: String, to folder: URL) throws {
        try caseFile(first: first, second: second).write(
            to: folder.appendingPathComponent("cases.yaml"),
            atomically: true,
            encoding: .utf8
        )
        try FaultSuite.writeRules(to: folder)
    }

    @Test func advancesPastTheLastInstantAreALintErrorAtTheStepThatPassesIt() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(first: "9223372036854775", second: "1", to: folder)
        let file = folder.appendingPathComponent("cases.yaml").path
        let expected =
            "\(file):10:7: error: found 'advance: 1' at 9223372036854775 s, which passes the end of virtual time; "
            + "expected the case's advances to add up to at most 9223372036854775.807 s, its last instant"
        let lint = try IAMSpecExecutable.run("lint", folder.path)
        #expect(lint.status == 2)
        #expect(lint.standardError.contains(expected), "\(lint.standardError)")
        let engine = "python3 Fixtures/engines/example_engine.py"
        for arguments in [["run", folder.path], ["run", folder.path, "--engine-command", engine]] {
            let run = try IAMSpecExecutable.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.standardError)")
            #expect(run.standardError.contains(expected), "\(arguments): \(run.standardError)")
        }
    }

    @Test func theLastInstantItselfIsReachedAndACompiledSuitePastItIsRefused() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(first: "9223372036854775", second: "0.807", to: folder)
        #expect(try IAMSpecExecutable.run("lint", folder.path).status == 0)
        let run = try IAMSpecExecutable.run("run", folder.path)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let suite = folder.appendingPathComponent("suite.json").path
        #expect(try IAMSpecExecutable.run("compile", folder.path, "-o", suite).status == 0)
        let compiled = try IAMSpecExecutable.run("run-compiled", suite)
        #expect(compiled.status == 0, "\(compiled.standardOutput)\(compiled.standardError)")

        // One millisecond more, written into the compiled suite by hand.
        let text = try String(contentsOfFile: suite, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "807", with: "808")
        #expect(edited != text)
        try edited.write(toFile: suite, atomically: true, encoding: .utf8)
        let refused = try IAMSpecExecutable.run("run-compiled", suite)
        #expect(refused.status == 2, "\(refused.standardOutput)\(refused.standardError)")
        #expect(
            refused.standardError.contains(
                "\(suite):3:1: error: cases[0].steps[3]: found 'advance: 0.808' at 9223372036854775 s, which passes "
                    + "the end of virtual time, expected the case's advances to add up to at most "
                    + "9223372036854775.807 s, its last instant"
            ),
            "\(refused.standardError)"
        )
    }
}
