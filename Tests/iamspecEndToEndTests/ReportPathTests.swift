import Foundation
import Testing

/// What `iamspec run` and `iamspec report` do with the selection and the report paths before any
/// case runs: an empty selection fails, report folders are made, report paths are checked and
/// kept apart, special files are written in place, and a results stream must agree with its footer.
@Suite("Selections and report paths")
struct ReportPathTests {
    @Test func anEmptySelectionExitsWithStatus5() throws {
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--filter", "no-such-case-*")
        #expect(outcome.status == 5)
        #expect(outcome.standardError.contains("error: no case run matches the selection"))
        #expect(outcome.standardError.contains("--allow-empty"))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func aShardAndTagExpressionSelectingNoCaseIsEmptyToo() throws {
        let outcome = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/passing",
            "--filter",
            "fixture.session-*",
            "--shard",
            "1/1",
            "--tags",
            "no-such-tag"
        )
        #expect(outcome.status == 5)
    }

    @Test func allowEmptyAcceptsAnEmptySelection() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/passing",
            "--filter",
            "no-such-case-*",
            "--allow-empty",
            "--json",
            json
        )
        #expect(outcome.status == 0)
        #expect(outcome.standardError.contains("warning: no case run matches the selection"))
        #expect(outcome.lastLine == "0 passed, 0 failed, 0 skipped")
        #expect(FileManager.default.fileExists(atPath: json))
    }

    @Test func missingReportFoldersAreCreated() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("reports/junit/report.xml").path
        let json = folder.appendingPathComponent("streams/results.jsonl").path
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--junit", junit, "--json", json)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(FileManager.default.fileExists(atPath: junit))
        #expect(FileManager.default.fileExists(atPath: json))
    }

    @Test func aReportPathThatCannotBeWrittenFailsBeforeAnyCaseAndNamesThePath() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let junit = file.appendingPathComponent("report.xml").path
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--junit", junit)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("\(junit): error: cannot create its folder"))
        #expect(outcome.standardError.contains("(given to --junit)"))
        #expect(!outcome.standardError.contains(".tmp"))
        #expect(!outcome.standardError.contains("passed"), "no case may run: \(outcome.standardError)")
    }

    @Test func aFolderAsReportPathIsAUsageError() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--json", folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("\(folder.path): error: is a folder"))
    }

    @Test(arguments: ["same.xml", "./same.xml", "sub/../same.xml", "link.xml"])
    func theSameFileForTwoReportsIsAUsageError(spelling: String) throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let same = folder.appendingPathComponent("same.xml").path
        try Data().write(to: URL(fileURLWithPath: same))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.xml").path,
            withDestinationPath: same
        )
        let other = folder.path + "/" + spelling
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--json", same, "--junit", other)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("error: --json \(same) and --junit \(other) name the same file"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: same)).isEmpty, "neither report is written")
    }

    @Test func standardOutputTwiceIsTheSameFileButStandardErrorIsAnother() throws {
        let twice = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/passing",
            "--json",
            "/dev/stdout",
            "--junit",
            "/dev/fd/1"
        )
        #expect(twice.status == 2)
        #expect(twice.standardError.contains("error: --json /dev/stdout and --junit /dev/fd/1 name the same file"))
        let apart = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/passing",
            "--json",
            "/dev/stdout",
            "--junit",
            "/dev/stderr"
        )
        #expect(apart.status == 0)
        #expect(apart.standardError.contains("</testsuites>\n"))
        #expect(apart.standardOutput.contains("\"record\":\"footer\""))
    }

    @Test func devStdoutIsWrittenInPlaceInOrder() throws {
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--json", "/dev/stdout")
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.first?.contains("\"record\":\"header\"") == true)
        #expect(lines.dropLast().last?.contains("\"record\":\"footer\"") == true)
        #expect(outcome.lastLine == "6 passed, 0 failed, 0 skipped")
    }

    @Test func aFIFOIsWrittenInPlaceAndStaysAFIFO() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("report.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = ReceivedBytes()
        let reader = Thread {
            let handle = FileHandle(forReadingAtPath: fifo)
            received.store(handle?.readDataToEndOfFile() ?? Data())
        }
        reader.start()
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--junit", fifo)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let text = String(decoding: received.wait(), as: UTF8.self)
        #expect(text.hasPrefix("<?xml"))
        #expect(text.hasSuffix("</testsuites>\n"))
        var status = stat()
        #expect(stat(fifo, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFIFO, "still a FIFO, not replaced by a regular file")
    }

    @Test func junitDirFilesAreCheckedLikeAnyReportPath() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suites = folder.appendingPathComponent("suites").path
        let clash = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/passing",
            "--junit",
            suites + "/TEST-iamspec.braze-swift.xml",
            "--junit-dir",
            suites
        )
        #expect(clash.status == 2)
        #expect(clash.standardError.contains("--junit-dir \(suites)/TEST-iamspec.braze-swift.xml name the same file"))
        let file = folder.appendingPathComponent("file").path
        try Data().write(to: URL(fileURLWithPath: file))
        let notAFolder = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--junit-dir", file)
        #expect(notAFolder.status == 2)
        #expect(notAFolder.standardError.contains("error: cannot create its folder \(file)"))
        #expect(notAFolder.standardError.contains("(given to --junit-dir)"))
    }

    @Test func reportRefusesAStreamWhoseCaseLinesDisagreeWithItsFooter() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let cut = folder.appendingPathComponent("cut.jsonl").path
        let junit = folder.appendingPathComponent("report.xml").path
        #expect(try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--json", json).status == 0)
        var lines = try String(contentsOfFile: json, encoding: .utf8).split(separator: "\n")
        lines.remove(at: 2)
        lines.remove(at: 1)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: cut))

        let outcome = try IAMSpecExecutable.run("report", "--junit", junit, cut)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains(
                "\(cut):\(lines.count):1: error: found a footer whose totals disagree with the 4 case lines before it"
                    + " (runs: the footer says 6, the case lines count 4; passed: the footer says 6, the case lines count 4)"
            )
        )
        #expect(!FileManager.default.fileExists(atPath: junit))
    }
}

/// Bytes read on another thread, handed over once.
private final class ReceivedBytes: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes: Data?

    func store(_ data: Data) {
        condition.lock()
        bytes = data
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while bytes == nil {
            condition.wait()
        }
        return bytes!
    }
}
