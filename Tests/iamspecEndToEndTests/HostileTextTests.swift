import Foundation
import IAMSpecRunner
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Text from specs and engines, as hostile as `Fixtures/hostile/strings.json` makes it (escapes,
/// CI log commands, bidi controls, line breaks, markup), reaches no terminal, CI log, Markdown,
/// HTML or XML as it is: every report of `run`, `report`, `diff`, `merge`, `docs`, `lint` and
/// `list` shows it inert (`QuotedText`). The suite `Fixtures/hostile/suite` carries each string
/// as a title, a rule's words, an event's and a user's name; `Fixtures/engines/hostile_engine.py`
/// answers with it as an error, a skip reason, a message id, a late line and on stderr.
@Suite("Hostile text in every report")
struct HostileTextTests {
    static let corpus: [String] = {
        let path = IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/hostile/strings.json")
        let entries = try! JSONSerialization.jsonObject(with: Data(contentsOf: path)) as! [[String: String]]
        return entries.map { $0["text"]! }
    }()

    static let engine = "python3 Fixtures/engines/hostile_engine.py"

    /// Runs the hostile suite on the hostile engine with every report, in `folder`.
    private static func run(in folder: URL) throws -> IAMSpecExecutable.Outcome {
        try IAMSpecExecutable.run(
            "run",
            "Fixtures/hostile/suite",
            "--engine-command",
            engine,
            "--validate-protocol",
            "--junit",
            folder.appendingPathComponent("junit.xml").path,
            "--summary",
            folder.appendingPathComponent("summary.md").path,
            "--json",
            folder.appendingPathComponent("results.jsonl").path
        )
    }

    private static func file(_ name: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func aRunsConsoleProgressAndReportsShowEveryStringInert() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try Self.run(in: folder)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.lastLine == "0 passed, 14 failed, 26 errors, 14 skipped")
        for text in Self.corpus {
            #expect(
                outcome.standardOutput.contains(QuotedText.line(text)),
                "the console shows \(QuotedText.line(text))"
            )
        }
        #expect(
            outcome.standardOutput.contains("protocol fault: after case \"hostile.case-03\" (braze-swift) had ended"),
            "a late line"
        )
        #expect(outcome.standardOutput.contains("    | \\u{3a}:error::FORGED"), "stderr lines follow a bar")
        InertText.expectConsole(outcome.standardOutput, "run's standard output")
        InertText.expectConsole(outcome.standardError, "run's standard error (progress, warnings)")
        try InertText.expectXML(Self.file("junit.xml", in: folder), "--junit")
        try InertText.expectMarkdown(Self.file("summary.md", in: folder), "--summary")
        try InertText.expectConsole(Self.file("results.jsonl", in: folder), "--json")
        let records = try IAMSpecExecutable.resultsRecords(at: folder.appendingPathComponent("results.jsonl").path)
        let titles = records.compactMap { $0["title"] as? String }
        #expect(Set(titles) == Set(Self.corpus), "the stream keeps every string, escaped but whole")
    }

    /// `report`, `diff` and `merge` read a stream whose case ids are hostile too; `docs` makes a
    /// site of the run, with the engine's hostile name in the matrix and on its badge.
    @Test func reportDiffMergeAndDocsShowEveryStringInert() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.run(in: folder)
        let results = folder.appendingPathComponent("results.jsonl").path
        let hostileIDs = folder.appendingPathComponent("ids.jsonl").path
        var number = 0
        var records = try IAMSpecExecutable.resultsRecords(at: results).map { record in
            var record = record
            if record["record"] as? String == "case" {
                record["id"] = Self.corpus[number % Self.corpus.count]
                number += 1
            }
            return record
        }
        // In report order again, by the new ids, as `iamspec run` would have written them.
        let key = { (record: [String: Any]) in [record["id"] as? String ?? "", record["profile"] as? String ?? ""] }
        records[1..<(records.count - 1)].sort { key($0).lexicographicallyPrecedes(key($1)) }
        let lines = try records.map { record in
            String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: hostileIDs))

        let report = try IAMSpecExecutable.run(
            "report",
            hostileIDs,
            "--junit",
            folder.appendingPathComponent("report.xml").path,
            "--summary",
            folder.appendingPathComponent("report.md").path
        )
        #expect(report.status == 1, "the run it reports failed: \(report.standardError)")
        try InertText.expectXML(Self.file("report.xml", in: folder), "report --junit")
        let summary = try Self.file("report.md", in: folder)
        InertText.expectMarkdown(summary, "report --summary")
        let failing = try IAMSpecExecutable.resultsRecords(at: hostileIDs).filter {
            ["failed", "error"].contains($0["status"] as? String)
        }
        for case let id as String in failing.prefix(MarkdownReport.listLimit).map({ $0["id"] }) {
            #expect(
                summary.contains("#### \(QuotedText.markdownCode(id)) "),
                "the summary names \(QuotedText.line(id))"
            )
        }

        let diff = try IAMSpecExecutable.run(
            "diff",
            results,
            hostileIDs,
            "--markdown",
            folder.appendingPathComponent("diff.md").path
        )
        #expect(diff.status == 1, "every hostile id is a run only in the later stream: \(diff.standardError)")
        InertText.expectConsole(diff.standardOutput + diff.standardError, "diff")
        try InertText.expectMarkdown(Self.file("diff.md", in: folder), "diff --markdown")

        let merged = folder.appendingPathComponent("merged.jsonl")
        let merge = try IAMSpecExecutable.run("merge", merged.path, hostileIDs)
        #expect(merge.status == 0, "\(merge.standardError)")
        InertText.expectConsole(merge.standardOutput + merge.standardError, "merge")
        InertText.expectConsole(try String(contentsOf: merged, encoding: .utf8), "merge's stream")

        let site = folder.appendingPathComponent("site")
        let docs = try IAMSpecExecutable.run("docs", "Fixtures/hostile/suite", "--results", results, "--out", site.path)
        #expect(docs.status == 0, "\(docs.standardError)")
        let files = try #require(FileManager.default.subpaths(atPath: site.path)).filter { !$0.hasSuffix(".css") }
        #expect(files.contains { $0.hasPrefix("badges/") && $0.hasSuffix(".svg") })
        for name in files where name.contains(".") {
            let text = try String(contentsOf: site.appendingPathComponent(name), encoding: .utf8)
            switch (name as NSString).pathExtension {
            case "svg": InertText.expectXML(text, name)
            case "md": InertText.expectMarkdown(text, name)
            default: InertText.expectHTML(text, name)
            }
        }
        let area = try String(contentsOf: site.appendingPathComponent("areas/hostile.html"), encoding: .utf8)
        for text in Self.corpus {
            #expect(area.contains(QuotedText.html(text)), "the area page shows \(QuotedText.line(text))")
        }
    }

    /// Ids, tags and message ids that carry the strings are refused, each diagnostic quoting them
    /// inert, and its source line after the bar; `list --long` shows the suite's titles inert.
    @Test func diagnosticsAndListingsShowEveryStringInert() throws {
        let lint = try IAMSpecExecutable.run("lint", "Fixtures/hostile/invalid")
        #expect(lint.status == 2)
        let errors = lint.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 3 * Self.corpus.count + 5, "an id, a tag and a message id per case, 5 keys")
        for expected in [
            "\n72 | id: \"title\\n::error file=Specs/x.yaml,line=1::FORGED\"\n",
            "ids.yaml:306:1: error: unknown key 'access \\u{202e}level\\u{202c} FORGED' in a case",
            "\n306 | access \\u{202e}level\\u{202c} FORGED: 1\n",
            "\n307 | \\u{3a}:error::FORGED: 2\n",
            "\n308 | \"see #\\u{23}[error]FORGED\": 3\n",
            "\n309 | \"a\\tFORGED\": 4\n",
            "ids.yaml:310:1: error: unknown key '\\u{1b}[31mFORGED⏎FORGED' in a case",
        ] {
            #expect(lint.standardError.contains(expected), "\(expected)")
        }
        InertText.expectConsole(lint.standardOutput + lint.standardError, "lint")

        let list = try IAMSpecExecutable.run("list", "Fixtures/hostile/suite", "--long")
        #expect(list.status == 0)
        for text in Self.corpus {
            #expect(list.standardOutput.contains("    title: \(QuotedText.line(text))\n"))
        }
        InertText.expectConsole(list.standardOutput, "list --long")
    }

    @Test func anEngineThatDiesAtStartIsQuotedInert() throws {
        let outcome = try IAMSpecExecutable.run(
            ["run", "Fixtures/hostile/suite", "--engine-command", Self.engine],
            environment: ["IAMSPEC_HOSTILE_AT_START": "1"]
        )
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("error: the engine `\(Self.engine)` could not be started"))
        #expect(outcome.standardError.contains("\n| \\u{3a}:add-mask::FORGED\n"))
        InertText.expectConsole(outcome.standardError, "the engine's startup failure")
    }

    /// A `hello_reply` after a byte order mark is no JSON, and the error shows the mark.
    @Test func aByteOrderMarkBeforeTheHandshakeIsShown() throws {
        let engine = #"read -r hello; printf '\357\273\277{"type":"hello_reply"}\n'"#
        let outcome = try IAMSpecExecutable.run("run", "Fixtures/specs/passing", "--engine-command", engine)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains(#"(its answer to hello: `\u{feff}{"type":"hello_reply"}`)"#),
            "\(outcome.standardError)"
        )
        InertText.expectConsole(outcome.standardError, "the engine's startup failure")
    }
}

/// What inert text is, output by output.
enum InertText {
    /// Characters no output may hold as they are (a line feed aside).
    static func actingCharacters(_ text: String) -> [String] {
        text.unicodeScalars.compactMap { scalar in
            switch scalar.value {
            case 0x0A: nil
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064,
                0x2066...0x2069, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
                "U+" + String(scalar.value, radix: 16)
            default: nil
            }
        }
    }

    /// A terminal or a CI log: nothing that acts, no line that begins (after spaces, as CI
    /// runners trim) with a `::` command, no `##[` or `##vso[` anywhere, no quoted line break
    /// that starts a line (`FORGED` first on its line).
    static func expectConsole(_ text: String, _ what: String) {
        #expect(actingCharacters(text).isEmpty, "\(what): \(Set(actingCharacters(text)))")
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            #expect(!trimmed.hasPrefix("::"), "\(what): \(line)")
            #expect(!line.lowercased().contains("##["), "\(what): \(line)")
            #expect(!line.lowercased().contains("##vso["), "\(what): \(line)")
            #expect(!trimmed.hasPrefix("FORGED"), "\(what): \(line)")
        }
    }

    /// Markdown: as a console, and no quoted text starts a block (a heading, list, quote, table
    /// row, fence or numbered item before `FORGED`), and every row of a table has its header's
    /// cells (no quoted pipe splits one).
    static func expectMarkdown(_ text: String, _ what: String) {
        expectConsole(text, what)
        let blockStart = try! Regex(#"^[\s#>*+\-|\d.)]*FORGED"#)
        var tableCells: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.firstMatch(of: blockStart) == nil, "\(what): \(line)")
            guard line.hasPrefix("|") else {
                tableCells = nil
                continue
            }
            let cells = unescapedPipes(line)
            if let tableCells {
                #expect(
                    cells == tableCells,
                    "\(what): a row of \(cells - 1) cells in a table of \(tableCells - 1): \(line)"
                )
            } else {
                tableCells = cells
            }
        }
    }

    /// HTML: nothing that acts, and no element or link made of quoted text.
    static func expectHTML(_ text: String, _ what: String) {
        #expect(actingCharacters(text).isEmpty, "\(what): \(Set(actingCharacters(text)))")
        #expect(!text.contains("<script"), "\(what)")
        #expect(!text.contains("href=\"https://evil.example"), "\(what)")
        #expect(!text.contains("src=\"https://evil.example"), "\(what)")
        #expect(!text.lowercased().contains("##["), "\(what)")
    }

    /// XML (JUnit, a badge): well-formed, and nothing that acts.
    static func expectXML(_ text: String, _ what: String) {
        #expect(actingCharacters(text).isEmpty, "\(what): \(Set(actingCharacters(text)))")
        #expect(!text.lowercased().contains("##["), "\(what)")
        #if canImport(FoundationXML)
        let parser = XMLParser(data: Data(text.utf8))
        #expect(parser.parse(), "\(what) is not well-formed XML: \(String(describing: parser.parserError))")
        #endif
    }

    private static func unescapedPipes(_ line: Substring) -> Int {
        var count = 0
        var escaped = false
        for character in line {
            if character == "|" && !escaped { count += 1 }
            escaped = character == "\\" && !escaped
        }
        return count
    }
}
