import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT or SIGTERM in the middle of a run against an engine program, or during its handshake:
/// the reports so far are written and marked interrupted, the exit status is 1, and no engine
/// process is left.
@Suite("iamspec run, interrupted")
struct InterruptTests {
    /// One case that passes, then one on which the engine hangs.
    private static let cases = [
        FaultSuite.Case(id: "a-passes", title: "The engine displays the message at session start"),
        FaultSuite.Case(id: "b-fault-hangs", title: "The engine hangs on this case's first stimulus"),
    ]

    @Test("the run writes its reports, marked interrupted, exits 1 and leaves no engine", arguments: [SIGINT, SIGTERM])
    func interruptedRun(signal: Int32) throws {
        let outcome = try Self.interrupt(engine: "faults/hangs.py", with: signal)
        #expect(outcome.statuses == ["a-passes passed", "b-fault-hangs error"])
        // What the engine wrote on stderr before it hung comes with the run it hung in.
        #expect(outcome.diagnostics["b-fault-hangs"]?.contains("hangs: sleeping instead of answering") == true)
    }

    /// The same through the portable executor: a compiled suite run by `iamspec run-compiled`.
    @Test(
        "run-compiled writes its results, marked interrupted, exits 1 and leaves no engine",
        arguments: [SIGINT, SIGTERM]
    )
    func interruptedCompiledRun(signal: Int32) throws {
        let outcome = try Self.interrupt(engine: "faults/hangs.py", with: signal, compiled: true)
        #expect(outcome.statuses == ["a-passes passed", "b-fault-hangs error"])
        #expect(outcome.diagnostics["b-fault-hangs"]?.contains("hangs: sleeping instead of answering") == true)
    }

    @Test(
        "interrupted in the handshake of an engine that ignores signals: reports, exit 1, no engine left",
        arguments: [SIGINT, SIGTERM]
    )
    func interruptedHandshake(signal: Int32) throws {
        let outcome = try Self.interrupt(engine: "faults/silent_handshake.py", with: signal)
        #expect(outcome.statuses == [])
    }

    /// What an interrupted run reported: each case run as `id status`.
    private struct Interrupted {
        var statuses: [String]
        /// Each case run's diagnostics (its engine's stderr), by case id.
        var diagnostics: [String: String]
    }

    /// Runs the cases on `engine` (of `Fixtures/engines`), sends `signal` to iamspec once the
    /// engine says (on the FIFO) that it hangs, and checks what every interrupted run must do;
    /// `compiled`: the cases compiled, and run by `iamspec run-compiled` (which writes no JUnit).
    private static func interrupt(engine: String, with signal: Int32, compiled: Bool = false) throws -> Interrupted {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FaultSuite.write(Self.cases, to: folder)
        let fifo = folder.appendingPathComponent("hanging").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let results = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("report.xml").path
        let suite = folder.appendingPathComponent("suite.json").path
        if compiled {
            let compile = try IAMSpecExecutable.run("compile", folder.path, "--timeout", "86400", "-o", suite)
            try #require(compile.status == 0, "\(compile.standardError)")
        }

        let process = Process()
        process.executableURL = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec")
        let engineCommand = ["--engine-command", "python3 Fixtures/engines/\(engine)"]
        process.arguments =
            compiled
            ? ["run-compiled", suite] + engineCommand + ["--json", results]
            : ["run", folder.path, "--jobs", "1", "--timeout", "86400"] + engineCommand
                + ["--json", results, "--junit", junit]
        process.currentDirectoryURL = IAMSpecExecutable.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["IAMSPEC_FIXTURE_HANGING_FIFO": fifo]
        ) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { _ in Self.announce("exited", on: fifo) }

        // The engine writes its process id to the FIFO when it starts hanging; should iamspec end
        // before that, its termination handler writes `exited` there instead. The read ends
        // either way, whatever the time it takes.
        let reader = try Self.openForReading(fifo)
        try process.run()
        let announcement = try Self.readLine(from: reader)
        let pid = try #require(announcement.flatMap { Int32($0) }, "the engine never said it was hanging")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()

        #expect(process.terminationStatus == 1)
        let records = try IAMSpecExecutable.resultsRecords(at: results)
        let footer = try #require(records.last)
        #expect(footer["record"] as? String == "footer")
        #expect(footer["interrupted"] as? Bool == true)
        // JUnit, written while the runs finished, is whole: every case line is a test case in it,
        // and it says it was interrupted (in its first suite, when a run was made); no temporary
        // file is left beside the reports.
        if !compiled {
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(xml.hasSuffix("</testsuites>\n"))
            #expect(xml.components(separatedBy: "<testcase ").count - 1 == records.count - 2)
            if records.count > 2 {
                #expect(xml.contains("<property name=\"interrupted\" value=\"true\"/>"))
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"), "engine process \(pid) is still there")
        let statuses = records.filter { $0["record"] as? String == "case" }.map {
            "\($0["id"] ?? "") \($0["status"] ?? "")"
        }
        let cases = records.filter { $0["record"] as? String == "case" }
        let diagnostics = Dictionary(
            cases.map { ("\($0["id"] ?? "")", $0["diagnostics"] as? String ?? "") },
            uniquingKeysWith: { first, _ in first }
        )
        return Interrupted(statuses: statuses, diagnostics: diagnostics)
    }

    /// The FIFO, opened before anyone writes to it so that a writer's `open` does not block.
    private static func openForReading(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        try #require(descriptor >= 0)
        return descriptor
    }

    /// The first line written to the FIFO (nil when its writer closed it without one); closes it.
    private static func readLine(from descriptor: Int32) throws -> String? {
        defer { close(descriptor) }
        var text = ""
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while !text.contains("\n") {
            try #require(poll(&poller, 1, -1) > 0)
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                text += String(decoding: buffer[0..<count], as: UTF8.self)
            } else if count == 0 {
                break
            }
        }
        return text.split(separator: "\n").first.map(String.init)
    }

    /// Writes a line to the FIFO if anyone still reads it.
    private static func announce(_ line: String, on path: String) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = Array("\(line)\n".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
