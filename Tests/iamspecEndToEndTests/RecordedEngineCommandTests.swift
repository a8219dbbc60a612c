import Foundation
import Testing

/// A results stream is an artefact, possibly of another's job (a fork's, say): the engine command
/// it records is data. `report`, `explain` and `docs`, which read it, show it as data and name it
/// `"$ENGINE"` in their re-run lines, for the user to set: no line they print runs it as pasted.
@Suite("The engine command a results stream records")
struct RecordedEngineCommandTests {
    /// The engine the stream was made with, before its header is changed.
    private static let engine = "exec .build/debug/iamspec engine --stdio"

    @Test func noLinePrintedFromAStreamRunsTheEngineCommandItRecords() throws {
        let scratch = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let marker = scratch.appendingPathComponent("pwned").path
        let recorded = "touch \(marker)"
        let stream = try Self.stream(recording: recorded, in: scratch)
        let file = { (name: String) in scratch.appendingPathComponent(name).path }

        let explain = try IAMSpecExecutable.run("explain", stream, "--specs", "Fixtures/specs/failing")
        #expect(explain.status == 0, "\(explain.standardError)")
        let report = try IAMSpecExecutable.run(
            "report",
            stream,
            "--summary",
            file("summary.md"),
            "--junit",
            file("junit.xml"),
            "--runner-records",
            file("records.jsonl")
        )
        #expect(report.status == 1, "\(report.standardError)")
        let noBaseline = try IAMSpecExecutable.run(
            "report",
            stream,
            "--summary",
            file("summary-2.md"),
            "--baseline",
            file("missing.baseline.yaml")
        )
        #expect(noBaseline.status == 2, "\(noBaseline.standardError)")
        let site = try IAMSpecExecutable.run(
            "docs",
            "Fixtures/specs/failing",
            "--results",
            stream,
            "--out",
            file("site")
        )
        #expect(site.status == 0, "\(site.standardError)")

        let records = try String(contentsOfFile: file("records.jsonl"), encoding: .utf8).split(separator: "\n")
            .compactMap { line in
                try (JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["text"] as? String
            }
        let html = try String(contentsOfFile: file("site/engines/iamspec-reference.html"), encoding: .utf8)
        let markdownPage = try String(
            contentsOfFile: file("site/markdown/engines/iamspec-reference.md"),
            encoding: .utf8
        )
        var pasted: [(String, String)] = []
        pasted += Self.lines(after: "re-run: ", in: explain.standardOutput).map { ("explain", $0) }
        pasted += Self.lines(after: "Re-run: `", in: try String(contentsOfFile: file("summary.md"), encoding: .utf8))
            .map { ("the summary", String($0.dropLast())) }
        pasted += Self.lines(after: "re-run: ", in: try String(contentsOfFile: file("junit.xml"), encoding: .utf8))
            .map { ("JUnit", Self.unescaped(String($0.prefix { $0 != "<" }))) }
        pasted += Self.lines(after: "re-run: ", in: records.joined(separator: "\n")).map { ("runner records", $0) }
        pasted += noBaseline.standardError.matches(of: /with `([^`]*)` and review/).map {
            ("the missing baseline", String($0.1))
        }
        pasted += html.matches(of: /<td class="rerun" data-label="Re-run one"><code>([^<]*)<\/code>/).map {
            ("the site", Self.unescaped(String($0.1)))
        }
        pasted += markdownPage.matches(of: /\| `([^`|]* run [^`|]*)` \|/).map { ("the site's Markdown", String($0.1)) }
        for source in ["explain", "the summary", "JUnit", "runner records", "the missing baseline", "the site"] {
            #expect(pasted.contains { $0.0 == source }, "no line to paste from \(source)")
        }
        for (source, line) in pasted {
            #expect(line.contains(#"--engine-command "$ENGINE""#), "\(source): \(line)")
            // Pasted into a shell where ENGINE is not set, as it is given: it never runs the command.
            _ = try IAMSpecExecutable.runInShell("unset ENGINE; " + line)
            #expect(!FileManager.default.fileExists(atPath: marker), "\(source)'s line ran the command: \(line)")
            try? FileManager.default.removeItem(atPath: marker)
        }
        // The command is shown, as data, where the lines are.
        let shown = "the results stream records, as data: \(recorded)"
        for (source, text) in [
            ("explain", explain.standardOutput),
            ("the summary", try String(contentsOfFile: file("summary.md"), encoding: .utf8)),
            ("runner records", records.joined(separator: "\n")), ("the missing baseline", noBaseline.standardError),
        ] {
            #expect(text.contains(shown), "\(source): \(text)")
        }
        #expect(html.contains("shown as data, not as a line to run: <code>\(recorded)</code>"))
        #expect(!html.contains("ENGINE=") && !markdownPage.contains("ENGINE="), "no line sets ENGINE to it")
    }

    /// A stream records any suite path and any program: a suite path beginning with `-` is
    /// written `./-...`, read as a path, never as an option (`--engine-command=...` would set the
    /// engine), and each line starts this tool, not the program the stream names.
    @Test func aSuitePathOrProgramFromAStreamNeverActsAsAnOptionOrAnotherProgram() throws {
        let scratch = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let marker = scratch.appendingPathComponent("pwned").path
        let madePath = scratch.appendingPathComponent("made.jsonl").path
        let broken = "python3 Fixtures/engines/broken_priority_ties.py"
        let run = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--filter",
            "priority-tie-later-wins",
            "--engine-command",
            broken,
            "--no-explain",
            "--json",
            madePath
        )
        #expect(run.status == 1, "\(run.standardError)")
        let program = "\(IAMSpecExecutable.productsDirectoryFromRoot)/iamspec"
        let made = try String(contentsOfFile: madePath, encoding: .utf8)
        // First a suite path that is an option, then another program besides.
        for forgesProgram in [false, true] {
            var text = made
            var fields = [
                ("\"engine_command\":\"\(broken)\",", ""),
                ("\"suite_paths\":[\"Specs\"]", "\"suite_paths\":[\"--engine-command=touch \(marker)\"]"),
            ]
            if forgesProgram { fields.append(("\"program\":\"\(program)\"", "\"program\":\"sh\"")) }
            for (field, forged) in fields {
                try #require(text.contains(field), "\(field)")
                text = text.replacingOccurrences(of: field, with: forged)
            }
            let stream = scratch.appendingPathComponent("theirs.jsonl").path
            try text.write(toFile: stream, atomically: true, encoding: .utf8)
            let summary = scratch.appendingPathComponent("summary.md").path
            let records = scratch.appendingPathComponent("records.jsonl").path
            let report = try IAMSpecExecutable.run("report", stream, "--summary", summary, "--runner-records", records)
            #expect(report.status == 1, "\(report.standardError)")
            let texts = try String(contentsOfFile: records, encoding: .utf8).split(separator: "\n").compactMap {
                try (JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["text"] as? String
            }
            let pasted =
                Self.lines(after: "Re-run: `", in: try String(contentsOfFile: summary, encoding: .utf8)).map {
                    String($0.dropLast())
                } + Self.lines(after: "re-run: ", in: texts.joined(separator: "\n"))
            #expect(pasted.count >= 2)
            for line in pasted {
                #expect(line.hasPrefix("\(program) run './--engine-command=touch \(marker)' --filter "), "\(line)")
                _ = try IAMSpecExecutable.runInShell("unset ENGINE; " + line)
                #expect(!FileManager.default.fileExists(atPath: marker), "the line ran the command: \(line)")
                try? FileManager.default.removeItem(atPath: marker)
            }
        }
    }

    /// `iamspec run` writes the line of the command it was given in full, ready to paste: the
    /// command is the user's own.
    @Test func theRunsOwnReportsCarryTheCommandItWasGiven() throws {
        let scratch = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let summary = scratch.appendingPathComponent("summary.md").path
        let run = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/failing",
            "--engine-command",
            Self.engine,
            "--summary",
            summary,
            "--color",
            "never"
        )
        #expect(run.status == 1, "\(run.standardError)")
        let quoted = "--engine-command '\(Self.engine)' # not carried: "
        #expect(Self.lines(after: "re-run: ", in: run.standardOutput).allSatisfy { $0.contains(quoted) })
        #expect(try String(contentsOfFile: summary, encoding: .utf8).contains(quoted))
        #expect(!run.standardOutput.contains("$ENGINE"))
    }

    /// `report --engine-command` (a test runner that made the run gives it the user's command)
    /// vouches for the command the stream records: the lines then carry it in full; a stream that
    /// records another is refused (exit 2), no report written.
    @Test func theCommandGivenToReportIsCarriedInFullOnlyWhenTheStreamRecordsIt() throws {
        let scratch = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let marker = scratch.appendingPathComponent("pwned").path
        let stream = try Self.stream(recording: Self.engine, in: scratch)
        let summary = scratch.appendingPathComponent("summary.md").path
        let given = try IAMSpecExecutable.run("report", stream, "--summary", summary, "--engine-command", Self.engine)
        #expect(given.status == 1, "\(given.standardError)")
        let lines = Self.lines(after: "Re-run: `", in: try String(contentsOfFile: summary, encoding: .utf8))
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.contains("--engine-command '\(Self.engine)'") && line.contains("# not carried: "), "\(line)")
        }

        let theirs = try Self.stream(recording: "touch \(marker)", in: scratch)
        let other = scratch.appendingPathComponent("other.md").path
        let refused = try IAMSpecExecutable.run("report", theirs, "--summary", other, "--engine-command", Self.engine)
        #expect(refused.status == 2)
        #expect(
            refused.standardError.contains(
                "error: --engine-command '\(Self.engine)': \(theirs) records the engine command 'touch \(marker)', "
                    + "expected the one given"
            ),
            "\(refused.standardError)"
        )
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    /// A run's stream of `Fixtures/specs/failing` on the reference engine over stdio, its header
    /// changed to record `command` as its engine command, as another's job could write it.
    private static func stream(recording command: String, in scratch: URL) throws -> String {
        let made = scratch.appendingPathComponent("made.jsonl").path
        let run = try IAMSpecExecutable.run(
            "run",
            "Fixtures/specs/failing",
            "--engine-command",
            engine,
            "--json",
            made
        )
        #expect(run.status == 1, "\(run.standardError)")
        let text = try String(contentsOfFile: made, encoding: .utf8)
        let field = "\"engine_command\":\"\(engine)\""
        try #require(text.contains(field))
        let path = scratch.appendingPathComponent("theirs.jsonl").path
        try text.replacingOccurrences(of: field, with: "\"engine_command\":\"\(command)\"")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// What follows `marker` on each line of `text` that holds it.
    private static func lines(after marker: String, in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            line.range(of: marker).map { String(line[$0.upperBound...]) }
        }
    }

    /// XML or HTML text as it reads: its five entities replaced.
    private static func unescaped(_ text: String) -> String {
        [("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")].reduce(text) {
            $0.replacingOccurrences(of: $1.0, with: $1.1)
        }
    }
}
