import Foundation
import Testing

/// A file-size limit (`ulimit -f`, RLIMIT_FSIZE) reached while a command writes is a write error
/// as a full disk is: a message naming the file, no temporary file left, exit status 2, never
/// the silent death SIGXFSZ would be (issue 53).
@Suite("A file-size limit")
struct FileSizeLimitTests {
    /// The limit, in the 512-byte blocks of `/bin/sh`'s `ulimit -f`: below every file written here.
    private static let blocks = 4

    /// Runs iamspec from the package root under the limit, standard output discarded (a regular
    /// file would be limited too).
    private func runLimited(_ arguments: [String]) throws -> IAMSpecExecutable.Outcome {
        let binary = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let words = ([binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try IAMSpecExecutable.runInShell(
            "ulimit -f \(Self.blocks) && exec \(words.joined(separator: " ")) >/dev/null"
        )
    }

    /// A results stream of the passing fixtures, written without a limit.
    private func stream(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("results.jsonl").path
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--json", path)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > Self.blocks * 512, "the stream must be over the limit for the commands writing it again")
        return path
    }

    private func expectWriteError(
        _ outcome: IAMSpecExecutable.Outcome,
        naming path: String,
        leaving expected: [String],
        in folder: URL
    ) throws {
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(path), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("too large"), "\(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == expected.sorted())
    }

    @Test func runSaysWhichReportIsTooLargeAndLeavesNoTemporaryFile() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("results.xml").path
        let outcome = try runLimited(["run", "Fixtures/specs/passing", "--junit", junit])
        // No temporary file; the lock file that claimed the destination stays (`DestinationClaim`).
        try expectWriteError(outcome, naming: junit, leaving: [".results.xml.lock"], in: folder)
    }

    @Test func compileSaysTheSuiteIsTooLargeAndLeavesNoTemporaryFile() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let compiled = folder.appendingPathComponent("suite.json").path
        let outcome = try runLimited(["compile", "Fixtures/specs/passing", "--output", compiled])
        try expectWriteError(outcome, naming: compiled, leaving: [], in: folder)
    }

    @Test func mergeAndExplainSayTheStreamIsTooLargeAndLeaveNoTemporaryFile() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try stream(in: folder)
        let merged = folder.appendingPathComponent("merged.jsonl").path
        try expectWriteError(
            try runLimited(["merge", merged, input]),
            naming: merged,
            leaving: ["results.jsonl", ".results.jsonl.lock"],
            in: folder
        )
        let explained = folder.appendingPathComponent("explained.jsonl").path
        try expectWriteError(
            try runLimited(["explain", input, "--json", explained]),
            naming: explained,
            leaving: ["results.jsonl", ".results.jsonl.lock"],
            in: folder
        )
    }

    @Test func docsSayWhichPageIsTooLargeAndLeaveNoTemporaryFile() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site").path
        let outcome = try runLimited(["docs", "--out", site, "Fixtures/specs/passing"])
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(site), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("too large"), "\(outcome.standardError)")
        // Nothing half-written: not a page, not an empty `areas` folder, not the site's folder.
        let left = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        #expect(left.isEmpty, "\(left)")
    }

    @Test func docsLeaveASiteAlreadyThereAsItWas() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site").path
        let written = try IAMSpecExecutable.run("docs", "--out", site, "Fixtures/specs/passing")
        #expect(written.status == 0, "\(written.standardError)")
        let index = site + "/index.html"
        try Data("an earlier site".utf8).write(to: URL(fileURLWithPath: index))
        let before = try FileManager.default.subpathsOfDirectory(atPath: site).sorted()
        let outcome = try runLimited(["docs", "--out", site, "Fixtures/specs/passing"])
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("too large"), "\(outcome.standardError)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: site).sorted() == before)
        #expect(try String(contentsOfFile: index, encoding: .utf8) == "an earlier site")
    }
}
