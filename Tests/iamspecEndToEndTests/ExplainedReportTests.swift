import Foundation
import Testing

/// An engine that differs from the reference engine in known behaviours, over the stdio protocol:
/// every report names exactly those behaviours, each failed run under one of them.
@Suite("What an engine does differently, in every report")
struct ExplainedReportTests {
    /// The built tool serving the reference engine with the behaviours joined by `+`.
    private static func engine(_ behaviours: String) -> String {
        "'" + IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
            + "' engine --stdio --mutant " + behaviours
    }

    private static let twoBehaviours = [
        "stack.lifo: the engine lets waiting messages leave first in, first out (behaviour stack-fifo; ",
        "analytics.once-per-message: the engine logs every click on a display, not only the first "
            + "(behaviour click-logged-every-time; 1 case, 2 runs; checked against ",
    ]

    @Test func everyReportNamesTheSameBehavioursEachFailedRunOnce() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let junit = folder.appendingPathComponent("junit.xml").path
        let summary = folder.appendingPathComponent("summary.md").path
        let run = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--engine-command",
            Self.engine("stack-fifo+click-logged-every-time"),
            "--json",
            json,
            "--junit",
            junit,
            "--summary",
            summary
        )
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.contains("behaviours (2): what the engine does differently"))
        for line in Self.twoBehaviours { #expect(run.standardOutput.contains("\n  " + line), "\(line)") }
        #expect(!run.standardOutput.contains("differences ("), "no failed run is left unexplained")

        let footer = try #require(try IAMSpecExecutable.resultsRecords(at: json).last)
        let behaviours = try #require(footer["behaviours"] as? [[String: Any]])
        #expect(behaviours.compactMap { $0["behaviour"] as? String } == ["stack-fifo", "click-logged-every-time"])
        let runs = behaviours.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }
        let keys = runs.map { "\($0["case"] ?? "") [\($0["profile"] ?? "")]" }
        let totals = try #require(footer["totals"] as? [String: Any])
        #expect(Set(keys).count == keys.count && keys.count == totals["failed"] as? Int)
        #expect((footer["differences"] as? [Any])?.isEmpty == true)

        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<property name=\"behaviour.1\" value=\"" + Self.twoBehaviours[0]))
        #expect(xml.contains("<property name=\"behaviour.2\" value=\"" + Self.twoBehaviours[1]))
        let markdown = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(markdown.contains("### What the engine does differently (2)"))
        #expect(markdown.contains("`stack-fifo`") && markdown.contains("`click-logged-every-time`"))

        // From the stream alone: the same behaviours, by replay, and in the site.
        let explain = try IAMSpecExecutable.run("explain", json)
        #expect(explain.status == 0, "\(explain.standardError)")
        for line in Self.twoBehaviours { #expect(explain.standardOutput.contains("\n  " + line), "\(line)") }
        // Each name as the run gave it, with the run's verdict on it as a prediction: explain runs no
        // experiment, and says none is untested.
        let given = run.standardOutput.split(separator: "\n").filter { line in
            Self.twoBehaviours.contains { line.hasPrefix("  " + $0) }
        }
        #expect(given.count == 2 && given.allSatisfy { $0.contains(" borne out by the engine") })
        for line in given { #expect(explain.standardOutput.contains("\n" + line + "\n"), "\(line)") }
        #expect(!explain.standardOutput.contains("untested: "))
        // The cases named by another path than the run's: the same behaviours.
        let elsewhere = try IAMSpecExecutable.run("explain", json, "--specs", "./Specs/../Specs")
        for line in Self.twoBehaviours { #expect(elsewhere.standardOutput.contains("\n  " + line), "\(line)") }
        let site = folder.appendingPathComponent("site").path
        let docs = try IAMSpecExecutable.run("docs", "--out", site, "Specs", "--results", json)
        #expect(docs.status == 0, "\(docs.standardError)")
        let page = try FileManager.default.contentsOfDirectory(atPath: site + "/engines")
            .filter { $0.hasSuffix(".html") }
            .map { try String(contentsOfFile: site + "/engines/" + $0, encoding: .utf8) }
            .joined()
        #expect(page.contains("<h2 id=\"behaviours\">What the engine does differently</h2>"))
        #expect(page.contains("<code>stack-fifo</code>") && page.contains("<code>click-logged-every-time</code>"))
    }

    @Test func withoutExplainingTheFailedRunsAreGroupedByRuleAlone() throws {
        let run = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--no-explain",
            "--engine-command",
            Self.engine("stack-fifo")
        )
        #expect(run.status == 1)
        #expect(!run.standardOutput.contains("behaviours ("))
        #expect(run.standardOutput.contains("differences ("))
    }

    @Test func aStreamWithoutFailuresHasNothingToExplain() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        _ = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--json", json)
        let explain = try IAMSpecExecutable.run("explain", json)
        #expect(explain.status == 0)
        #expect(explain.standardOutput == "no failed run to explain\n")
    }

    /// Specs that lack the cases of the stream's failed runs explain nothing of them, and say so
    /// on standard error, naming the runs: a wrong `--specs` is not taken for a clean stream.
    @Test func failedRunsWhoseCasesTheSpecsLackAreNamedInAWarning() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        #expect(try IAMSpecExecutable.run("run", "Fixtures/specs/failing", "--json", json).status == 1)
        let elsewhere = try IAMSpecExecutable.run("explain", "--specs", "Fixtures/specs/passing", json)
        #expect(elsewhere.status == 0)
        #expect(
            elsewhere.standardError
                == "warning: 1 failed run has no case in the specs read (Fixtures/specs/passing), so nothing "
                + "explains it: fixture.expects-stacked-wrongly [braze-swift]; give --specs the spec files the "
                + "runs came from\n"
        )
        #expect(elsewhere.standardOutput.hasPrefix("differences (1): "), "\(elsewhere.standardOutput)")
        let own = try IAMSpecExecutable.run("explain", json, "--specs", "Fixtures/specs/failing")
        #expect(own.status == 0)
        #expect(own.standardError.isEmpty, "\(own.standardError)")
    }

    /// A stream's header is a hint, never read: with no --specs, explain reads `Specs` of the
    /// working directory, even when the header names a file there (a CI job's environment file) or
    /// elsewhere (the process's environment); it names the header's paths as a hint, and reads
    /// what --specs names.
    @Test func suitePathsAStreamNamesAreAHintNeverRead() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        #expect(try IAMSpecExecutable.run("run", "Fixtures/specs/failing", "--json", json).status == 1)
        try "AWS_ACCESS_KEY_ID: AKIA-never-shown\n".write(
            to: folder.appendingPathComponent(".ci-env.yml"),
            atomically: true,
            encoding: .utf8
        )
        var lines = try String(contentsOfFile: json, encoding: .utf8).components(separatedBy: "\n")
        let suitePaths = try #require(lines[0].range(of: #""suite_paths":["Fixtures/specs/failing"]"#))
        lines[0].replaceSubrange(suitePaths, with: #""suite_paths":[".ci-env.yml","/proc/self/environ"]"#)
        try lines.joined(separator: "\n").write(toFile: json, atomically: true, encoding: .utf8)
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let hostile = try IAMSpecExecutable.runInShell(
            "IAMSPEC_TEST_TOKEN=ghp-5ec7e7-never-shown '\(iamspec)' explain results.jsonl",
            in: folder
        )
        #expect(hostile.status == 2, "\(hostile.standardError)")
        #expect(
            hostile.standardError.hasPrefix(
                "note: the results stream's header records the suite paths '.ci-env.yml', '/proc/self/environ' "
                    + "(not read); reading 'Specs': give the spec paths its runs came from with --specs\n"
            ),
            "\(hostile.standardError)"
        )
        #expect(hostile.standardError.contains("no such file or folder 'Specs'"), "\(hostile.standardError)")
        for output in [hostile.standardOutput, hostile.standardError] {
            #expect(!output.contains("AKIA-never-shown") && !output.contains("ghp-5ec7e7"))
        }
        let named = try IAMSpecExecutable.runInShell(
            "'\(iamspec)' explain results.jsonl --specs '\(IAMSpecExecutable.packageRoot.path)/Fixtures/specs/failing'",
            in: folder
        )
        #expect(named.status == 0, "\(named.standardError)")
        #expect(!named.standardError.contains("AKIA-never-shown"))
    }

    /// The explanation `iamspec run` starts as a child ends with the run, however the run ends
    /// (`kill -9` too): its standard input is a pipe only the run holds, and when that pipe ends
    /// the child removes the run's private folder and exits, even while it waits on its input.
    @Test func theRunsExplanationChildEndsWithItsParentAndRemovesItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iamspec-explain-test-\(UUID().uuidString)"
        )
        try #require(mkdir(folder.path, 0o700) == 0)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stream nobody writes: without its parent's end, the child would wait on it for ever.
        let stream = folder.appendingPathComponent("failures.jsonl").path
        try #require(mkfifo(stream, 0o600) == 0)
        let iamspec = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let outcome = try IAMSpecExecutable.runInShell(
            "true | timeout 60 '\(iamspec)' explain '\(stream)' --records --ends-with-parent"
        )
        // It ends at once (1), or as the stream it was reading vanished (2): never waits on.
        #expect(outcome.status == 1 || outcome.status == 2, "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
