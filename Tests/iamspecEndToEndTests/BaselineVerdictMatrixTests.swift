import Foundation
import IAMSpecRunner
import Testing

/// Every case of the baseline's semantics (docs/CI.md, "Baselines: known failures"), each run as a
/// user would, with every report: the exit status, the totals line, the JUnit counts (one file
/// and a file per suite), the Markdown summary, the results stream's footer, and `iamspec
/// report` from that stream (its lines, its reports and its exit status) must all say the same.
///
/// The suite is Fixtures/baseline/specs: `baseline.fails` fails on the reference engine under
/// both profiles, `baseline.passes` passes under both; one row runs Fixtures/specs/engine-errors
/// on an engine that exits mid-case, for runs that error.
@Suite("A baseline's verdict, the same in every report")
struct BaselineVerdictMatrixTests {
    /// One case of the matrix: the baseline (its `cases:` mapping), the options, and what the run
    /// must end with.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        /// The `cases:` of the baseline, in YAML, or nil for a run without one.
        var entries: String?
        var extra: [String] = []
        var suite = "Fixtures/baseline/specs"
        var engine = "iamspec-reference"
        var status: Int32
        var totals: String
        /// What the console's `baseline:` line says, when there is a baseline.
        var baselineCounts: String?

        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "no baseline, a failure", status: 1, totals: "2 passed, 2 failed, 0 skipped"),
        Row(
            name: "fail entry, the run fails: an expected failure",
            entries: "baseline.fails: {status: fail, reason: known}",
            status: 0,
            totals: "2 passed, 0 failed, 2 skipped",
            baselineCounts: "2 expected failures, 0 new failures, 0 unexpected passes, 0 stale entries"
        ),
        Row(
            name: "a failure no entry covers: a new failure",
            entries: "baseline.fails@braze-swift: {status: fail, reason: known}",
            status: 1,
            totals: "2 passed, 1 failed, 1 skipped",
            baselineCounts: "1 expected failure, 1 new failure, 0 unexpected passes, 0 stale entries"
        ),
        Row(
            name: "fail entry, the run passes now: an unexpected pass",
            entries:
                "{baseline.fails: {status: fail, reason: known}, baseline.passes@braze-swift: {status: fail, reason: was}}",
            status: 1,
            totals: "1 passed, 1 failed, 2 skipped",
            baselineCounts: "2 expected failures, 0 new failures, 1 unexpected pass, 0 stale entries"
        ),
        Row(
            name: "an unexpected pass, allowed",
            entries:
                "{baseline.fails: {status: fail, reason: known}, baseline.passes@braze-swift: {status: fail, reason: was}}",
            extra: ["--allow-unexpected-pass"],
            status: 0,
            totals: "2 passed, 0 failed, 2 skipped",
            baselineCounts: "2 expected failures, 0 new failures, 1 unexpected pass, 0 stale entries"
        ),
        Row(
            name: "flaky entries, failing and passing",
            entries:
                "{baseline.fails: {status: flaky, reason: timing}, baseline.passes: {status: flaky, reason: timing}}",
            status: 0,
            totals: "2 passed, 0 failed, 2 skipped",
            baselineCounts: "2 expected failures, 0 new failures, 0 unexpected passes, 0 stale entries"
        ),
        Row(
            name: "skip entry: not run, skipped; id@profile wins over the bare id",
            entries:
                "{baseline.fails: {status: skip, reason: hangs}, baseline.fails@braze-swift: {status: fail, reason: known}}",
            status: 0,
            totals: "2 passed, 0 failed, 2 skipped",
            baselineCounts: "1 expected failure, 0 new failures, 0 unexpected passes, 0 stale entries"
        ),
        Row(
            name: "an entry naming a case the suite lacks: stale",
            entries: "{baseline.fails: {status: fail, reason: known}, baseline.removed: {status: fail, reason: gone}}",
            status: 1,
            totals: "2 passed, 1 failed, 2 skipped",
            baselineCounts: "2 expected failures, 0 new failures, 0 unexpected passes, 1 stale entry"
        ),
        Row(
            name: "an entry for a case outside the selection: not stale",
            entries: "baseline.fails: {status: fail, reason: known}",
            extra: ["--filter", "baseline.passes"],
            status: 0,
            totals: "2 passed, 0 failed, 0 skipped",
            baselineCounts: "0 expected failures, 0 new failures, 0 unexpected passes, 0 stale entries"
        ),
        Row(
            name: "fail entry, the run errors: an expected failure",
            entries: "fixture.fault-on-session-start: {status: fail, reason: crashes}",
            extra: ["--engine-command", "python3 Fixtures/engines/faults/exits_mid_case.py"],
            suite: "Fixtures/specs/engine-errors",
            engine: "fault-engine",
            status: 0,
            totals: "2 passed, 0 failed, 2 skipped",
            baselineCounts: "2 expected failures, 0 new failures, 0 unexpected passes, 0 stale entries"
        ),
        Row(
            name: "no baseline, errors",
            extra: ["--engine-command", "python3 Fixtures/engines/faults/exits_mid_case.py"],
            suite: "Fixtures/specs/engine-errors",
            engine: "fault-engine",
            status: 1,
            totals: "2 passed, 0 failed, 2 errors, 0 skipped"
        ),
    ]

    @Test(arguments: rows)
    func everyReportSaysWhatTheExitStatusSays(_ row: Row) throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        var baselineOptions: [String] = []
        if let entries = row.entries {
            let mapping = entries.hasPrefix("{") ? entries : "{\(entries)}"
            try "engine: \(row.engine)\ncases: \(mapping)\n".write(
                toFile: path("baseline.yaml"),
                atomically: true,
                encoding: .utf8
            )
            baselineOptions = ["--baseline", path("baseline.yaml")]
        }
        let run = try IAMSpecExecutable.run(
            [
                "run", row.suite, "--jobs", "1", "--json", path("results.jsonl"), "--junit", path("junit.xml"),
                "--junit-dir", path("suites"), "--summary", path("summary.md"),
            ] + baselineOptions + row.extra
        )
        #expect(run.status == row.status, "\(run.standardOutput)\(run.standardError)")
        #expect(run.lastLine == row.totals)
        let expected = try Totals(line: row.totals)
        if let counts = row.baselineCounts {
            #expect(run.standardOutput.split(separator: "\n").contains("baseline: \(counts)"))
        }

        // JUnit, one file and a file per suite, counts what the totals line counts.
        let junit = try String(contentsOfFile: path("junit.xml"), encoding: .utf8)
        #expect(try Totals(junit: junit) == expected)
        let suiteFiles = try FileManager.default.contentsOfDirectory(atPath: path("suites")).sorted()
        var perSuite = Totals()
        for file in suiteFiles {
            perSuite = perSuite + (try Totals(junit: String(contentsOfFile: path("suites/\(file)"), encoding: .utf8)))
        }
        #expect(perSuite == expected)
        #expect(
            suiteFiles.contains("TEST-iamspec.baseline.xml")
                == (row.baselineCounts?.hasSuffix(" 1 stale entry") == true)
        )

        // The summary's verdict and table.
        let summary = try String(contentsOfFile: path("summary.md"), encoding: .utf8)
        let heading = try #require(summary.split(separator: "\n").first)
        #expect(heading.hasSuffix(": passed") == (row.status == 0), "\(heading)")
        #expect(try Totals(markdown: summary) == expected)

        // The results stream's footer: the engine's own totals, and the verdict.
        let footer = try #require(try IAMSpecExecutable.resultsRecords(at: path("results.jsonl")).last)
        let verdict = try #require(footer["verdict"] as? [String: Any])
        #expect(verdict["succeeded"] as? Bool == (row.status == 0))
        #expect(
            Totals(
                passed: verdict["passed"] as? Int ?? -1,
                failed: verdict["failed"] as? Int ?? -1,
                skipped: verdict["skipped"] as? Int ?? -1
            ) == expected
        )
        #expect((footer["baseline"] != nil) == (row.entries != nil))

        // `iamspec report` from the stream judges as the run did, with the recorded baseline or
        // the same file given again: the same lines, reports and exit status.
        let reportOptions: [[String]] = row.entries == nil ? [[]] : [[], baselineOptions]
        for (index, given) in reportOptions.enumerated() {
            let report = try IAMSpecExecutable.run(
                ["report", "--junit", path("again-\(index).xml"), "--summary", path("again-\(index).md")]
                    + given + row.extra.filter { $0 == "--allow-unexpected-pass" } + [path("results.jsonl")]
            )
            #expect(report.status == row.status, "\(report.standardOutput)\(report.standardError)")
            #expect(report.lastLine == row.totals)
            if let counts = row.baselineCounts {
                #expect(report.standardOutput.split(separator: "\n").contains("baseline: \(counts)"))
            }
            #expect(
                try String(contentsOfFile: path("again-\(index).xml"), encoding: .utf8)
                    == Self.asRead(junit, row: row, quotes: ("&#39;", "&quot;"))
            )
            #expect(
                try String(contentsOfFile: path("again-\(index).md"), encoding: .utf8)
                    == Self.asRead(summary, row: row, quotes: ("'", "\""))
            )
        }
    }

    /// A report of the run as `iamspec report` writes it from the run's stream: the engine command
    /// the stream records named `"$ENGINE"` in the re-run lines, and shown as data after them (the
    /// quotes as the report writes them: `'` and `"`, or XML's `&#39;` and `&quot;`).
    private static func asRead(_ report: String, row: Row, quotes: (single: String, double: String)) -> String {
        guard let index = row.extra.firstIndex(of: "--engine-command") else { return report }
        let command = row.extra[index + 1]
        return
            report
            .replacingOccurrences(
                of: "--engine-command \(quotes.single)\(command)\(quotes.single)",
                with: "--engine-command \(quotes.double)$ENGINE\(quotes.double)"
            )
            .replacingOccurrences(
                of: "# not carried: the environment the engine command inherited (set its variables as in the run)",
                with: "# ENGINE: the engine command to test, yours to set; the results stream records, as data: "
                    + command
            )
    }

    @Test func aStaleEntryIsNamedInEveryReport() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let run = try IAMSpecExecutable.run(
            "run",
            "Fixtures/baseline/specs",
            "--jobs",
            "1",
            "--baseline",
            "Fixtures/baseline/stale.yaml",
            "--junit",
            path("junit.xml"),
            "--summary",
            path("summary.md"),
            "--json",
            path("results.jsonl")
        )
        #expect(run.status == 1)
        let line =
            "Fixtures/baseline/stale.yaml:6:3: baseline.removed-long-ago: the suite has no such case run; remove the entry"
        #expect(run.standardOutput.contains("stale baseline entries (1):\n  \(line)\n"))
        let junit = try String(contentsOfFile: path("junit.xml"), encoding: .utf8)
        #expect(
            junit.contains(
                "<testcase name=\"baseline.removed-long-ago\" classname=\"iamspec.baseline\" time=\"0.000\">\n"
                    + "      <failure type=\"iamspec.stale-baseline-entry\" message=\"stale baseline entry "
                    + "baseline.removed-long-ago: the suite has no such case run; remove the entry\">\(line)</failure>"
            )
        )
        #expect(junit.contains("<property name=\"verdict\" value=\"1 stale baseline entry\"/>"))
        let summary = try String(contentsOfFile: path("summary.md"), encoding: .utf8)
        #expect(
            summary.hasPrefix("## iamspec: `iamspec-reference` `\(IAMSpecVersion.current)`: 1 stale baseline entry\n")
        )
        #expect(summary.contains("### Stale baseline entries (1)\n\n- `\(line)`\n"))
        let footer = try #require(try IAMSpecExecutable.resultsRecords(at: path("results.jsonl")).last)
        let verdict = try #require(footer["verdict"] as? [String: Any])
        #expect(verdict["outcome"] as? String == "1 stale baseline entry")
        #expect((footer["baseline"] as? [String: Any])?["stale"] as? [String] == ["baseline.removed-long-ago"])
    }

    @Test func reportWithAnotherBaselineWarnsOfEntriesItCannotCheck() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        _ = try IAMSpecExecutable.run(["run", "Fixtures/baseline/specs", "--jobs", "1", "--json", results])
        let report = try IAMSpecExecutable.run(
            "report",
            "--baseline",
            "Fixtures/baseline/stale.yaml",
            "--summary",
            folder.appendingPathComponent("summary.md").path,
            results
        )
        #expect(report.status == 0)
        #expect(
            report.standardError.contains(
                "warning: Fixtures/baseline/stale.yaml:6:3: baseline.removed-long-ago: not checked for staleness: "
                    + "the run that wrote \(results) was not judged against this entry and made no run of it"
            )
        )
        #expect(report.lastLine == "2 passed, 0 failed, 2 skipped")
    }
}

/// A run's totals as the totals line counts them: errors and stale baseline entries as failed.
struct Totals: Equatable, CustomStringConvertible {
    var passed = 0
    var failed = 0
    var skipped = 0

    var description: String { "\(passed) passed, \(failed) failed, \(skipped) skipped" }

    static func + (left: Totals, right: Totals) -> Totals {
        Totals(
            passed: left.passed + right.passed,
            failed: left.failed + right.failed,
            skipped: left.skipped + right.skipped
        )
    }

    /// From `N passed, N failed, N skipped` or `N passed, N failed, N errors, N skipped`.
    init(line: String) throws {
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        try #require(numbers.count == 3 || numbers.count == 4, "not a totals line: \(line)")
        let errors = numbers.count == 4 ? numbers[2] : 0
        self.init(passed: numbers[0], failed: numbers[1] + errors, skipped: numbers[numbers.count - 1])
    }

    init(passed: Int = 0, failed: Int = 0, skipped: Int = 0) {
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
    }

    /// The counts of every `<testsuite>` start tag, added up.
    init(junit: String) throws {
        self.init()
        for suite in junit.split(separator: "<testsuite ").dropFirst() {
            let tag = suite.prefix { $0 != ">" }
            func value(_ name: String) throws -> Int {
                let after = try #require(tag.split(separator: "\(name)=\"", maxSplits: 1).dropFirst().first)
                return try #require(Int(after.prefix { $0 != "\"" }))
            }
            let tests = try value("tests")
            let failing = try value("failures") + value("errors")
            let skips = try value("skipped")
            self = self + Totals(passed: tests - failing - skips, failed: failing, skipped: skips)
        }
    }

    /// The summary's totals table: a row per outcome, read by its label (runs, passed, failed,
    /// errors, skipped, and stale baseline entries for a run a baseline judged).
    init(markdown: String) throws {
        var rows: [String: Int] = [:]
        for line in markdown.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count == 2, let number = Int(cells[1]) { rows[cells[0]] = number }
        }
        let passed = try #require(rows["passed"])
        let failed = try #require(rows["failed"])
        let errors = try #require(rows["errors"])
        let skipped = try #require(rows["skipped"])
        self.init(passed: passed, failed: failed + errors + (rows["stale baseline entries"] ?? 0), skipped: skipped)
    }
}
