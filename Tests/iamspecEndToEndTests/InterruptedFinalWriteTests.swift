#if os(Linux)
import Foundation
import Testing

import Glibc

/// A signal that comes while `iamspec compile` or `iamspec report` puts its file in place: the
/// hidden temporary file (`.NAME.PID-UUID.tmp`) is removed, the file that was there before is
/// left as it was, and the exit status is the signal's (128 + its number), as if it had ended
/// the process.
///
/// Nothing waits a guessed time: a preload library (`Fixtures/preload/hold-rename.c`) stops
/// iamspec at the rename of its temporary file and says so through a FIFO; the test then sees
/// the temporary file there, and sends the signal.
@Suite("iamspec compile and report, interrupted while writing their file")
struct InterruptedFinalWriteTests {
    @Test(
        "compile: no temporary file left, the old suite file kept, exit 128 + signal",
        arguments: [SIGINT, SIGTERM, SIGHUP]
    )
    func interruptedCompile(signal: Int32) throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = folder.appendingPathComponent("suite.json").path
        try interruptAtRename(
            ["compile", "Fixtures/specs/passing", "-o", suite],
            writing: suite,
            in: folder,
            with: signal
        )
    }

    @Test(
        "report: no temporary file left, the old report kept, exit 128 + signal",
        arguments: [SIGINT, SIGTERM, SIGHUP]
    )
    func interruptedReport(signal: Int32) throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        let ran = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--in-process", "--json", results)
        try #require(ran.status == 0, "\(ran.standardError)")
        let junit = folder.appendingPathComponent("report.xml").path
        try interruptAtRename(["report", "--junit", junit, results], writing: junit, in: folder, with: signal)
    }

    /// Runs iamspec with `arguments`, held at the rename of its temporary file for `destination`
    /// (which holds older text), sends `signal`, and checks what is left in `folder`.
    private func interruptAtRename(
        _ arguments: [String],
        writing destination: String,
        in folder: URL,
        with signal: Int32
    ) throws {
        let older = "the file as it was before\n"
        try older.write(toFile: destination, atomically: false, encoding: .utf8)
        let fifo = folder.appendingPathComponent("held").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let process = Process()
        process.executableURL = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec")
        process.arguments = arguments
        process.currentDirectoryURL = IAMSpecExecutable.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging([
            "LD_PRELOAD": try PreloadLibrary.built("hold-rename"),
            "HOLD_RENAME_FIFO": fifo,
        ]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Returns once iamspec, inside its rename, opened the FIFO: the temporary file is written.
        let reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: fifo))
        let held = String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        try reader.close()
        let temporary = held.trimmingCharacters(in: .newlines)
        let name = (destination as NSString).lastPathComponent
        #expect((temporary as NSString).lastPathComponent.hasPrefix(".\(name)."))
        #expect(FileManager.default.fileExists(atPath: temporary), "held before the temporary file was there")

        kill(process.processIdentifier, signal)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "temporary files left: \(left)")
        #expect(try String(contentsOfFile: destination, encoding: .utf8) == older)
    }
}
#endif
