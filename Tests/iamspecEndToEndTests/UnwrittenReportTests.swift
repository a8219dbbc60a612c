import Foundation
import Testing

/// What a run that cannot end as asked still leaves: a report that cannot be written when the run
/// ends (a full disk) and an engine that cannot be restarted each end the run with status 2, said
/// after the totals line, and every other report is written whole.
@Suite("A run that ends with an error keeps its other reports")
struct UnwrittenReportTests {
    @Test func aReportThatCannotBeWrittenAtTheEndLeavesTheOthersAndTheTotals() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("report.xml").path
        let summary = folder.appendingPathComponent("summary.md").path
        let outcome = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/passing",
            "--json",
            "/dev/full",
            "--junit",
            junit,
            "--summary",
            summary
        )
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.lastLine == "6 passed, 0 failed, 0 skipped", "\(outcome.standardOutput)")
        #expect(outcome.standardError.hasSuffix("/dev/full: error: cannot write the report: No space left on device\n"))
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuites"))
        #expect(
            try String(contentsOfFile: summary, encoding: .utf8).contains(
                "| runs | 6 |\n|---|---:|\n| passed | 6 |"
            )
        )
    }

    /// An engine that crashes in a case and then cannot start again (it finds the lock it left):
    /// the runs it could not start are errors, and the reports hold every run.
    @Test func anEngineThatCannotBeRestartedEndsTheRunWithItsReports() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lock = folder.appendingPathComponent("engine.lock").path
        let engine = folder.appendingPathComponent("locked-engine.sh").path
        try """
        #!/bin/sh
        if [ -e '\(lock)' ]; then echo "lock held" >&2; exit 1; fi
        touch '\(lock)'
        exec python3 Fixtures/engines/faults/exits_mid_case.py
        """.write(toFile: engine, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: engine)
        let results = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("report.xml").path
        let outcome = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/engine-errors",
            "--engine-command",
            engine,
            "--jobs",
            "1",
            "--json",
            results,
            "--junit",
            junit
        )
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.lastLine == "0 passed, 0 failed, 4 errors, 0 skipped", "\(outcome.standardOutput)")
        #expect(
            outcome.standardError.contains("error: the engine `\(engine)` failed to start 3 times in a row"),
            "\(outcome.standardError)"
        )
        #expect(outcome.standardError.hasSuffix("| lock held\n"), "\(outcome.standardError)")
        let records = try IAMSpecExecutable.resultsRecords(at: results)
        #expect(records.filter { $0["record"] as? String == "case" }.count == 4)
        #expect((records.last?["totals"] as? [String: Any])?["errors"] as? Int == 4)
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.components(separatedBy: "<testcase ").count - 1 == 4, "\(report)")
    }
}
