import Foundation
import Testing

/// The `re-run:` line of a failure, executed exactly as printed from the directory the run was
/// started in, reproduces the failure: it carries the engine command, the suite, the profile, the
/// timeout and the baseline, each path as given (and the whole run's results stream, where the
/// report knows it), and names no path of the machine (no `cd` to an absolute directory), so that
/// a published report holds none.
@Suite("The re-run line")
struct RerunLineTests {
    @Test func aForeignEnginesFailureIsReproducedByItsRerunLineFromTheRunsDirectory() throws {
        let scratch = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let directory = try Self.runFolder(in: scratch)
        let outcome = try IAMSpecExecutable.runInShell(
            "bin/iamspec run suite --filter 'analytics-*' "
                + "--engine-command 'python3 engines/reference_variant.py no-impressions bin/iamspec engine --stdio' "
                + "--timeout 20 --baseline known.baseline.yaml --jobs 2 --color never",
            in: directory
        )
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let failure = try #require(lines.firstIndex { $0.hasPrefix("FAILED ") })
        let rerun = try #require(lines[failure...].first { $0.hasPrefix("  re-run: ") })
            .dropFirst("  re-run: ".count)
        #expect(rerun.hasPrefix("bin/iamspec run suite --filter "), "\(rerun)")
        #expect(rerun.contains(" --timeout 20 "))
        #expect(rerun.contains(" --baseline known.baseline.yaml"))
        // The engine inherits iamspec's environment, which no option records: the line says so.
        #expect(rerun.hasSuffix(" --baseline known.baseline.yaml " + Self.environmentNotCarried), "\(rerun)")
        #expect(!outcome.standardOutput.contains(scratch.path), "no path of the machine on the console")

        let again = try IAMSpecExecutable.runInShell(String(rerun), in: directory)
        #expect(again.status == 1, "\(again.standardError)")
        let againLines = again.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let entry = try #require(lines[failure...].firstIndex { $0.hasPrefix("  re-run: ") })
        let againFailure = try #require(againLines.firstIndex { $0.hasPrefix("FAILED ") })
        #expect(
            Array(againLines[againFailure...].prefix(entry - failure + 1)) == Array(lines[failure...entry]),
            "the same failure entry: case, profile, rule, given, step, message, timeline and re-run line"
        )
        // One run per profile the entry names (`FAILED   case [appboy-legacy, braze-swift]`).
        let profiles = lines[failure].split(separator: "[").dropFirst().first?.prefix { $0 != "]" }
        let runs = profiles.map { $0.split(separator: ",").count } ?? 0
        #expect(runs >= 1, "\(lines[failure])")
        #expect(again.lastLine == "0 passed, \(runs) failed, 0 skipped")
    }

    /// A site built from results made in one folder and published from another, and the run's
    /// summary, JUnit and results stream, hold no absolute path and no host name: the tool
    /// started by its absolute path (as `swift run` starts it).
    @Test func reportsAndASitePublishedFromAnotherFolderHoldNoPathNorHostOfTheMachine() throws {
        let scratch = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let directory = try Self.runFolder(in: scratch)
        let outcome = try IAMSpecExecutable.runInShell(
            "\"$(pwd -P)/bin/iamspec\" run suite --filter 'analytics-*' "
                + "--engine-command 'python3 engines/reference_variant.py no-impressions bin/iamspec engine --stdio' "
                + "--json results.jsonl --summary summary.md --junit junit.xml --color never",
            in: directory
        )
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let rerun = try #require(outcome.standardOutput.split(separator: "\n").first { $0.hasPrefix("  re-run: ") })
        #expect(rerun.hasPrefix("  re-run: bin/iamspec run suite --filter "), "\(rerun)")
        // The machine's name, when it is one no report could hold by chance.
        let host = ProcessInfo.processInfo.hostName

        let publisher = scratch.appendingPathComponent("publisher")
        try FileManager.default.createDirectory(at: publisher, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: publisher.appendingPathComponent("bin"),
            withDestinationURL: IAMSpecExecutable.productsDirectory
        )
        // A copy: a link to a suite outside the folder given and its repository is not followed.
        try FileManager.default.copyItem(
            at: IAMSpecExecutable.packageRoot.appendingPathComponent("Specs"),
            to: publisher.appendingPathComponent("suite")
        )
        let site = try IAMSpecExecutable.runInShell(
            "bin/iamspec docs --out site suite --results \"../the run's folder/results.jsonl\"",
            in: publisher
        )
        #expect(site.status == 0, "\(site.standardError)")
        let report = try IAMSpecExecutable.runInShell(
            "bin/iamspec report --summary summary.md --junit junit.xml \"../the run's folder/results.jsonl\"",
            in: publisher
        )
        #expect(report.status == 1, "\(report.standardError)")

        var published: [(String, String)] = []
        for (folder, names) in [
            (directory, ["summary.md", "junit.xml", "results.jsonl"]), (publisher, ["summary.md", "junit.xml"]),
        ] {
            for name in names {
                let url = folder.appendingPathComponent(name)
                published.append((url.path, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        let siteFolder = publisher.appendingPathComponent("site")
        let enumerator = try #require(FileManager.default.enumerator(atPath: siteFolder.path))
        for case let file as String in enumerator where file.hasSuffix(".html") || file.hasSuffix(".md") {
            let page = siteFolder.appendingPathComponent(file)
            published.append((file, try String(contentsOf: page, encoding: .utf8)))
        }
        #expect(published.count > 10)
        #expect(published.contains { $0.1.contains("bin/iamspec run suite --filter ") }, "the re-run line is published")
        let machine =
            [
                scratch.path, scratch.resolvingSymlinksInPath().path, IAMSpecExecutable.packageRoot.path,
                IAMSpecExecutable.productsDirectory.path, NSTemporaryDirectory(), "cd /", "cd '/", "\"hostname\"",
            ] + (host.count >= 6 && host != "localhost" ? [host] : [])
        for (name, text) in published {
            for found in machine where text.contains(found) {
                Issue.record("\(name) holds \(found), a path or the name of the machine")
            }
        }
    }

    /// A folder to run in, where everything the run names is relative to it: the program, the
    /// suite, the engine program and the program it starts, and a baseline expecting one failure.
    /// An engine command holding a non-character (U+FFFE, in a shell comment) is written in
    /// bash's `$'...'` by `run`, the character as its UTF-8 bytes: the line shows nothing raw, and
    /// bash runs it as the same command. `explain` and `report`, which read it from the stream,
    /// name it `"$ENGINE"` and show it as data, the character visibly (`\u{fffe}`).
    @Test func aNonCharacterInTheEngineCommandIsWrittenAsItsBytes() throws {
        let scratch = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let results = scratch.appendingPathComponent("results.jsonl").path
        let engine = "exec .build/debug/iamspec engine --stdio #\u{FFFE}"
        let run = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/failing",
            "--engine-command",
            engine,
            "--json",
            results,
            "--color",
            "never"
        )
        #expect(run.status == 1, "\(run.standardError)")
        let explain = try IAMSpecExecutable.run("explain", results)
        #expect(explain.status == 0, "\(explain.standardError)")
        // The runners' failure texts (`report --runner-records`): the same line without the whole
        // run's stream, which a runner that runs the suite removes (one given a stream names it).
        let records = scratch.appendingPathComponent("records.jsonl")
        let report = try IAMSpecExecutable.run("report", results, "--runner-records", records.path)
        #expect(report.status == 1, "\(report.standardError)")
        let texts = try String(contentsOf: records, encoding: .utf8).split(separator: "\n").compactMap { line in
            try (JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["text"] as? String
        }
        let quoted = #"--engine-command $'exec .build/debug/iamspec engine --stdio \x23\xef\xbf\xbe'"#
        let recorded =
            #"--engine-command "$ENGINE"%@ # ENGINE: the engine command to test, yours to set; the results "#
            + #"stream records, as data: exec .build/debug/iamspec engine --stdio #\u{fffe}"#
        for (command, output, ending) in [
            ("run", run.standardOutput, quoted + " --whole-run \(results) " + Self.environmentNotCarried),
            (
                "explain", explain.standardOutput,
                recorded.replacingOccurrences(of: "%@", with: " --whole-run \(results)")
            ),
            (
                "report --runner-records", texts.joined(separator: "\n"),
                recorded.replacingOccurrences(of: "%@", with: "")
            ),
        ] {
            let lines = output.split(separator: "\n").filter { $0.contains("re-run: ") }
            #expect(!lines.isEmpty, "\(command): \(output)")
            for line in lines {
                // A run of the whole suite: its stream is the whole run each line gives, as given.
                #expect(line.hasSuffix(ending), "\(command): \(line)")
                #expect(!line.unicodeScalars.contains("\u{FFFE}"), "\(command)")
            }
        }
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let line = try #require(run.standardOutput.split(separator: "\n").first { $0.hasPrefix("  re-run: ") })
        let singleQuoted = "'" + line.dropFirst("  re-run: ".count).replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        let again = try IAMSpecExecutable.runInShell("exec /bin/bash -c \(singleQuoted)")
        #expect(again.status == 1, "\(again.standardError)")
        #expect(again.lastLine == "0 passed, 1 failed, 0 skipped")
    }

    /// What a re-run line with an engine command ends with: a shell comment, so that it runs as printed.
    private static let environmentNotCarried =
        "# not carried: the environment the engine command inherited (set its variables as in the run)"

    private static func runFolder(in scratch: URL) throws -> URL {
        let directory = scratch.appendingPathComponent("the run's folder")
        let links = [
            "bin": IAMSpecExecutable.productsDirectory,
            "engines": IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/engines"),
        ]
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A copy: a link to a suite outside the folder given and its repository is not followed.
        try FileManager.default.copyItem(
            at: IAMSpecExecutable.packageRoot.appendingPathComponent("Specs"),
            to: directory.appendingPathComponent("suite")
        )
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(
                at: directory.appendingPathComponent(name),
                withDestinationURL: target
            )
        }
        // One known failure, so the run is judged against a baseline the re-run must carry too.
        try """
        engine: iamspec-reference
        cases:
          analytics-impression-on-display@appboy-legacy:
            status: fail
            reason: "the engine logs no impressions"
        """.write(to: directory.appendingPathComponent("known.baseline.yaml"), atomically: true, encoding: .utf8)
        return directory
    }
}
