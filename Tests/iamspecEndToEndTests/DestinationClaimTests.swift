import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A run claims its destinations at its start, before its engine starts: no earlier run's green
/// report survives a run that never got going (an engine that never starts, a selection matching
/// nothing, a `kill -9` while the engine starts), whose results stream is then its header alone,
/// which `iamspec report` calls unfinished; and one run at a time writes into a destination.
@Suite("iamspec run, its destinations claimed at its start")
struct DestinationClaimTests {
    private static let cases = [
        FaultSuite.Case(id: "a-passes", title: "The engine displays the message at session start")
    ]

    /// The reports of a green run, in `folder`: the stream, JUnit, the summary.
    private static func writeGreenReports(_ run: InterruptedRun) throws {
        let green = try IAMSpecExecutable.run(
            "run",
            run.folder.path,
            "--json",
            run.results,
            "--junit",
            run.junit,
            "--summary",
            run.summary
        )
        try #require(green.status == 0, "\(green.standardError)")
        let report = try IAMSpecExecutable.run("report", "--summary", run.folder.path + "/again.md", run.results)
        try #require(report.status == 0, "\(report.standardError)")
    }

    /// What every run that ended before any case ran leaves: the stream's header alone, which
    /// `iamspec report` calls unfinished (exit 2), and no earlier JUnit or summary.
    private static func checkClaimed(_ run: InterruptedRun) throws {
        let records = try IAMSpecExecutable.resultsRecords(at: run.results)
        #expect(records.map { $0["record"] as? String } == ["header"])
        let engine = records.first?["engine"] as? [String: Any]
        #expect(engine?["version"] as? String == "not started", "\(records)")
        let report = try IAMSpecExecutable.run("report", "--summary", run.folder.path + "/again.md", run.results)
        #expect(report.status == 2, "\(report.standardOutput)")
        #expect(report.standardError.contains("found no footer record"), "\(report.standardError)")
        #expect(!FileManager.default.fileExists(atPath: run.junit))
        #expect(!FileManager.default.fileExists(atPath: run.summary))
    }

    /// An engine that cannot start (exit 2), or a selection that matches no case run (exit 5):
    /// the earlier green reports are gone, the stream unfinished.
    @Test(
        "a run that stops before its engine runs a case: no earlier report left, the stream unfinished",
        arguments: [
            (["--engine-command", "false"], Int32(2)),
            (["--filter", "no-such-case"], Int32(5)),
        ]
    )
    func stoppedBeforeAnyCase(arguments: [String], status: Int32) throws {
        let run = try InterruptedRun(Self.cases)
        try Self.writeGreenReports(run)
        let outcome = try IAMSpecExecutable.run(
            ["run", run.folder.path, "--json", run.results, "--junit", run.junit, "--summary", run.summary]
                + arguments
        )
        #expect(outcome.status == status, "\(outcome.standardError)")
        try Self.checkClaimed(run)
    }

    /// A problem in the spec files (exit 2) stops the run before its engine too: the earlier
    /// reports are gone, the stream unfinished; a destination that is the spec file at fault is
    /// left as it was (an input, never claimed).
    @Test("a problem in the spec files: no earlier report left, the stream unfinished; an input left alone")
    func problemInTheSpecFiles() throws {
        let run = try InterruptedRun(Self.cases)
        try Self.writeGreenReports(run)
        let scratch = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let bad = scratch.appendingPathComponent("bad.yaml").path
        try FileManager.default.copyItem(atPath: "Fixtures/invalid/capability-not-used.yaml", toPath: bad)
        let outcome = try IAMSpecExecutable.run(
            ["run", bad, "--json", run.results, "--junit", run.junit, "--summary", run.summary]
        )
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("\(bad):4:22: error: "), "\(outcome.standardError)")
        try Self.checkClaimed(run)
        let before = try Data(contentsOf: URL(fileURLWithPath: bad))
        let overInput = try IAMSpecExecutable.run(["run", bad, "--json", bad])
        #expect(overInput.status == 2, "\(overInput.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: bad)) == before)
    }

    /// `kill -9` while the engine is in its handshake (it never answers): the stream is the new
    /// run's header alone, never the earlier green one.
    @Test("killed while the engine starts: the stream unfinished, no earlier report left")
    func killedWhileTheEngineStarts() throws {
        let run = try InterruptedRun(Self.cases)
        try Self.writeGreenReports(run)
        try run.start(["--jobs", "1", "--engine-command", "python3 Fixtures/engines/faults/silent_handshake.py"])
        try run.killOnceStuck(engines: 1)
        try Self.checkClaimed(run)
    }

    /// A second run into a destination a run still writes fails at once (exit 2), naming the
    /// first (its process id), and leaves the first's files alone; the first then ends as it
    /// would have.
    @Test("a second run into the same destination: refused at once, naming the first; the first unharmed")
    func secondRunRefused() throws {
        let run = try InterruptedRun(Self.cases)
        try run.start(["--jobs", "1", "--engine-command", "python3 Fixtures/engines/faults/silent_handshake.py"])
        let stuck = try run.stuckEngines(1)
        let before = try Data(contentsOf: URL(fileURLWithPath: run.results))
        // Another spelling of the same stream, with its own JUnit and summary.
        let second = try IAMSpecExecutable.run(
            "run",
            run.folder.path,
            "--json",
            run.folder.path + "/./results.jsonl",
            "--junit",
            run.folder.appendingPathComponent("other.xml").path
        )
        #expect(second.status == 2, "\(second.standardError)")
        #expect(second.standardError.contains("another iamspec run"), "\(second.standardError)")
        #expect(second.standardError.contains("pid \(run.pid),"), "\(second.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: run.results)) == before)
        #expect(!FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("other.xml").path))
        kill(run.pid, SIGINT)
        let outcome = try run.wait()
        #expect(outcome.status == 1, "\(outcome.standardError)")
        _ = try run.checkReports(interrupted: true)
        run.checkNoEngineLeft(announced: stuck)
        // The first has ended: its destination is free again.
        let third = try IAMSpecExecutable.run("run", run.folder.path, "--json", run.results)
        #expect(third.status == 0, "\(third.standardError)")
    }
}
