import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile spec folders, files and options: `iamspec` follows what it can, names what it cannot
/// read, and never crashes or hangs (the malformed files themselves are in `Fixtures/invalid`).
@Suite("Hostile folders, files and options")
struct HostileInputTests {
    /// A scratch suite: `rules.yaml` and `delivery/basics.yaml` of `Fixtures/specs/passing`, in a
    /// folder `real` beside the suite's folder `suite`, which links to it; the scratch folder is a
    /// repository (a `.git`), so that the link stays inside what was named (SpecInputLinkTests).
    private struct LinkedSuite {
        let root: URL
        var suite: String { root.appendingPathComponent("suite").path }

        init() throws {
            root = try IAMSpecExecutable.scratchFolder()
            let manager = FileManager.default
            let passing = IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/specs/passing")
            let real = root.appendingPathComponent("real")
            try manager.createDirectory(at: real, withIntermediateDirectories: true)
            try manager.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
            try manager.createDirectory(atPath: suite, withIntermediateDirectories: true)
            try manager.copyItem(
                at: passing.appendingPathComponent("delivery/basics.yaml"),
                to: real.appendingPathComponent("basics.yaml")
            )
            try manager.copyItem(
                at: passing.appendingPathComponent("rules.yaml"),
                to: URL(fileURLWithPath: suite + "/rules.yaml")
            )
            try link(suite + "/delivery", to: "../real")
        }

        func link(_ path: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        }

        func remove() {
            _ = chmod(suite + "/locked", 0o755)
            try? FileManager.default.removeItem(at: root)
        }
    }

    @Test func aSymlinkedFolderIsFollowedAndALinkBackUpEndsThere() throws {
        let scratch = try LinkedSuite()
        defer { scratch.remove() }
        // A loop (a link to the suite inside it) and a second way to the same folder.
        try scratch.link(scratch.root.appendingPathComponent("real/up").path, to: "../suite")
        try scratch.link(scratch.suite + "/again", to: "delivery")

        let list = try IAMSpecExecutable.run("list", scratch.suite)
        #expect(list.status == 0, "\(list.standardError)")
        #expect(
            list.standardOutput.split(separator: "\n") == [
                "fixture.highest-priority-wins", "fixture.minimum-interval-drops", "fixture.session-start-displays",
            ]
        )
        let lint = try IAMSpecExecutable.run("lint", scratch.suite)
        #expect(lint.status == 0, "\(lint.standardError)")
    }

    @Test func aDanglingOrLoopingLinkAndAFIFOAreDiagnosedNotSkipped() throws {
        let scratch = try LinkedSuite()
        defer { scratch.remove() }
        try scratch.link(scratch.suite + "/dangling.yaml", to: "nowhere.yaml")
        try scratch.link(scratch.suite + "/area", to: "missing-area")
        try scratch.link(scratch.suite + "/loop.yaml", to: "loop.yaml")
        try scratch.link(scratch.suite + "/notes.md", to: "nowhere.md")
        #expect(mkfifo(scratch.suite + "/pipe.yaml", 0o644) == 0)

        let outcome = try IAMSpecExecutable.run("lint", scratch.suite)
        #expect(outcome.status == 2)
        let errors = outcome.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
        let suite = scratch.suite
        let loop: String = String(cString: strerror(ELOOP))
        let expected: [String] = [
            "\(suite)/area:1:1: error: cannot read '\(suite)/area': it is a symbolic link to 'missing-area', "
                + "which does not exist; expected a spec file or a folder",
            "\(suite)/dangling.yaml:1:1: error: cannot read '\(suite)/dangling.yaml': it is a symbolic link to "
                + "'nowhere.yaml', which does not exist; expected a spec file or a folder",
            "\(suite)/loop.yaml:1:1: error: cannot read '\(suite)/loop.yaml': \(loop); expected a spec file or a folder",
            "\(suite)/pipe.yaml:1:1: error: cannot read '\(suite)/pipe.yaml': it is a FIFO; "
                + "expected a spec file (a regular file)",
        ]
        #expect(errors.map(String.init) == expected)
        let run = try IAMSpecExecutable.run("run", scratch.suite)
        #expect(run.status == 2)
    }

    /// A name that is not UTF-8 cannot be opened as text nor shown as it is: a case file or a
    /// folder so named is said to be, never called missing; another file so named is no case file.
    @Test func aCaseFileOrFolderWhoseNameIsNotUTF8IsDiagnosed() throws {
        let scratch = try LinkedSuite()
        defer { scratch.remove() }
        let base = Array(scratch.suite.utf8) + Array("/bad".utf8)
        let cases = try String(contentsOfFile: scratch.root.path + "/real/basics.yaml", encoding: .utf8)
        // `bad\xFF.yaml` and `bad\xC0` (a folder), and `bad\xFE.md`, which holds no cases.
        let file = open(
            (base + [0xFF] + Array(".yaml".utf8)).map { CChar(bitPattern: $0) } + [0],
            O_CREAT | O_WRONLY,
            0o644
        )
        #expect(file >= 0)
        _ = cases.utf8CString.withUnsafeBufferPointer { write(file, $0.baseAddress, $0.count - 1) }
        close(file)
        #expect(mkdir((base + [0xC0]).map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
        let notes = open(
            (base + [0xFE] + Array(".md".utf8)).map { CChar(bitPattern: $0) } + [0],
            O_CREAT | O_WRONLY,
            0o644
        )
        close(notes)

        let outcome = try IAMSpecExecutable.run("lint", scratch.suite)
        #expect(outcome.status == 2)
        let errors = outcome.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
        let suite = scratch.suite
        #expect(
            errors.map(String.init) == [
                "\(suite)/bad\u{FFFD}:1:1: error: cannot read '\(suite)/bad\u{FFFD}': its name is not UTF-8 (byte 0xC0 "
                    + "never appears in UTF-8, at byte 4 of the name); expected a folder named in UTF-8: rename it",
                "\(suite)/bad\u{FFFD}.yaml:1:1: error: cannot read '\(suite)/bad\u{FFFD}.yaml': its name is not UTF-8 "
                    + "(byte 0xFF never appears in UTF-8, at byte 4 of the name); expected a spec file named in UTF-8: "
                    + "rename it",
            ]
        )
    }

    /// The suite paths of a results stream are data, wherever the stream came from: `explain`
    /// never opens a FIFO among them, even inside the working directory (waiting on it would be
    /// for ever, when nothing writes it): it names it as a hint, and reads `Specs` instead.
    @Test func aFIFOAResultsStreamNamesIsNeverOpenedByExplain() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stream = folder.path + "/results.jsonl"
        let fifo = folder.path + "/cases.yaml"
        let made = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--json", stream)
        #expect(made.status == 0, "\(made.standardError)")
        var lines = try String(contentsOfFile: stream, encoding: .utf8).split(separator: "\n").map(String.init)
        var header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        header["suite_paths"] = [fifo]
        lines[0] = String(decoding: try JSONSerialization.data(withJSONObject: header), as: UTF8.self)
        try (lines.joined(separator: "\n") + "\n").write(toFile: stream, atomically: true, encoding: .utf8)
        #expect(mkfifo(fifo, 0o644) == 0)

        // Run from the FIFO's own folder, so that it is inside the working directory; `timeout`
        // bounds the run should explain ever open it.
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let outcome = try IAMSpecExecutable.runInShell(
            "cd '\(folder.path)' && timeout 60 '\(iamspec)' explain results.jsonl"
        )
        // The stream has no failed run: nothing is loaded, `Specs` included.
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "no failed run to explain\n")
        #expect(
            outcome.standardError.hasPrefix(
                "note: the results stream's header records the suite paths '\(fifo)' (not read)"
            )
        )
    }

    /// Root reads any folder; `unshare -U` runs iamspec as an unmapped user, for whom permissions hold.
    @Test(.enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")))
    func anUnreadableFolderIsDiagnosed() throws {
        let scratch = try LinkedSuite()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.suite + "/locked", withIntermediateDirectories: true)
        #expect(chmod(scratch.suite + "/locked", 0) == 0)

        let executable = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let outcome =
            geteuid() == 0
            ? try IAMSpecExecutable.runProgram("/usr/bin/unshare", ["-U", executable, "lint", scratch.suite])
            : try IAMSpecExecutable.run("lint", scratch.suite)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains(
                "\(scratch.suite)/locked:1:1: error: cannot read the folder '\(scratch.suite)/locked': "
                    + "\(String(cString: strerror(EACCES))); expected a readable folder"
            )
        )
    }

    @Test func thirtyThousandNestedParenthesesAreAUsageError() throws {
        let expression = String(repeating: "(", count: 30_000) + "smoke" + String(repeating: ")", count: 30_000)
        let outcome = try IAMSpecExecutable.run("list", "Fixtures/specs/passing", "--tags", expression)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains(
                "column 101: found '(' nested more than 100 deep, expected at most 100 levels of parentheses and 'not'"
            )
        )
    }

    /// Swift's regular expression parser overflows its stack on character classes nested a few
    /// thousand deep: past 100 levels a pattern is a spec problem, found before it is parsed.
    @Test func aRegularExpressionNestedPastTheLimitIsASpecProblem() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/specs/passing/rules.yaml")
        try FileManager.default.copyItem(at: rules, to: folder.appendingPathComponent("rules.yaml"))
        func write(_ name: String, depth: Int) throws -> String {
            let pattern = String(repeating: "[", count: depth) + "a" + String(repeating: "]", count: depth)
            let yaml = """
                id: fixture.pattern-\(depth)
                title: A pattern \(depth) classes deep
                rules: [triggers.session-start]
                given:
                  messages:
                    - {id: promo, triggers: [{custom_event: {name: e, filters: [{property: p, matches: "\(pattern)"}]}}]}
                steps:
                  - session_start
                  - expect: nothing
                  - custom_event: {name: e, properties: {p: a}}
                  - expect:
                      sequence: [displayed: promo]

                """
            let path = folder.appendingPathComponent(name).path
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let deepest = try write("deepest.yaml", depth: 100)
        let lint = try IAMSpecExecutable.run("lint", folder.path)
        #expect(lint.status == 0, "\(lint.standardError)")
        let run = try IAMSpecExecutable.run("run", deepest)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")

        let tooDeep = try write("too-deep.yaml", depth: 101)
        for command in ["lint", "run", "list"] {
            let outcome = try IAMSpecExecutable.run(command, folder.path)
            #expect(outcome.status == 2, "\(command)")
            #expect(
                outcome.standardError.hasPrefix(
                    "\(tooDeep):6:88: error: regular expression for 'matches' too deep: found 101 '[' and set "
                        + "operators ('--', '&&', '~~'), each a possible level of character class; expected at most 100\n"
                ),
                "\(command): \(outcome.standardError)"
            )
        }
    }

    /// 100,000 keys on one 600 KB line: each duplicate is reported, with the line shown around it.
    @Test func oneHundredThousandDuplicateKeysOnOneLineAreEachReported() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("keys.yaml")
        let line = "{" + Array(repeating: "k: 1", count: 100_000).joined(separator: ", ") + "}\n"
        try Data(line.utf8).write(to: file)

        let outcome = try IAMSpecExecutable.run("lint", file.path)
        #expect(outcome.status == 2)
        let duplicates = outcome.standardError.split(separator: "\n").filter {
            $0.hasPrefix(file.path + ":1:")
                && $0.contains(": error: duplicate key 'k' in a mapping; first defined at line 1, column 2")
        }
        #expect(duplicates.count == 99_999)
        #expect(duplicates.last?.hasPrefix(file.path + ":1:\(line.count - 5): error: ") == true)
    }
}

/// Inputs past the size limits (`Specs/README.md`, "YAML version and parser limits"): a
/// diagnostic at their place and exit status 2, in bounded memory.
@Suite("Inputs past the size limits")
struct SizeLimitTests {
    /// A 1 GiB file, sparse: iamspec must refuse it from its size, never read it.
    private static func gibibyteFile(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("huge.yaml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("title: \"".utf8)))
        #expect(truncate(path, 1 << 30) == 0)
        return path
    }

    @Test func aOneGibibyteSpecFileIsRefusedBeforeItIsRead() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.gibibyteFile(in: folder)
        for command in ["lint", "run", "list"] {
            let outcome = try IAMSpecExecutable.run(command, path)
            #expect(outcome.status == 2, "\(command)")
            #expect(
                outcome.standardError == "\(path):1:1: error: the file is 1073741824 bytes long; expected a YAML file "
                    + "of at most 16 MiB (16777216 bytes)\n1 error\n",
                "\(command)"
            )
        }
    }

    /// A FIFO named on the command line (`<(...)`) is read to its end, but no further than the
    /// file limit: its size is not known beforehand, so the limit is found as it is read.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func aFIFOPastTheFileLimitIsRefusedOnceItPassesIt() throws {
        let executable = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let outcome = try IAMSpecExecutable.runProgram(
            "/bin/bash",
            ["-c", #""$0" lint <(yes '# a comment line' | head -c 17000000)"#, executable]
        )
        #expect(outcome.status == 2)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(
            lines.first?.hasSuffix(
                ":1:1: error: the file is more than 16777216 bytes long; expected a YAML file of at most 16 MiB "
                    + "(16777216 bytes)"
            ) == true,
            "\(outcome.standardError)"
        )
        #expect(lines.last == "1 error")
    }

    /// `/usr/bin/time -f %M` gives the peak resident memory in KiB: iamspec stays far below the
    /// file's size.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func aOneGibibyteSpecFileCostsLittleMemory() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.gibibyteFile(in: folder)
        let executable = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let outcome = try IAMSpecExecutable.runProgram("/usr/bin/time", ["-f", "peak %M", executable, "lint", path])
        let peak = try #require(outcome.standardError.split(separator: "\n").last { $0.hasPrefix("peak ") })
        let kibibytes = try #require(Int(peak.dropFirst(5)))
        #expect(kibibytes < 100 * 1024, "peak resident memory \(kibibytes) KiB")
    }

    @Test func aScalarOrADocumentPastItsLimitIsADiagnosticAtItsStart() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scalar = folder.appendingPathComponent("scalar.yaml").path
        let text = "id: a\ntitle: \"" + String(repeating: "x", count: 2 << 20) + "\"\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: scalar))
        let document = folder.appendingPathComponent("document.yaml").path
        let items = String(repeating: "  - " + String(repeating: "y", count: 60) + "\n", count: 80_000)
        try Data(("# one long case\nid: c\nsteps:\n" + items).utf8).write(to: URL(fileURLWithPath: document))

        let outcome = try IAMSpecExecutable.run("lint", scalar, document)
        #expect(outcome.status == 2)
        let errors = outcome.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            errors == [
                "\(document):2:1: error: the document is longer than 4 MiB (4194304 bytes); expected at most that much "
                    + "in one document (split its cases between documents or files)",
                "\(scalar):2:8: error: found a scalar of 2097152 bytes; expected at most 1 MiB (1048576 bytes)",
            ]
        )
    }
}

extension IAMSpecExecutable {
    /// Runs another program (small output only) from the package root and waits for it.
    fileprivate static func runProgram(_ program: String, _ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errorText = error.fileHandleForReading.readDataToEndOfFile()
        let outputText = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputText, as: UTF8.self),
            standardError: String(decoding: errorText, as: UTF8.self)
        )
    }
}
