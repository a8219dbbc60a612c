import Foundation
import Testing

/// A run failing many cases prints the first 50 in full and counts the rest in one line naming
/// where every one is: standard output stays readable (and its lines bounded) however many runs
/// fail, and the results stream still holds each failure. The Markdown summary lists the first 30
/// failed runs and counts every one.
@Suite("The console report of a run failing many cases")
struct BoundedConsoleReportTests {
    @Test func theFirstFiftyFailedCasesAreShownInFullAndTheRestCounted() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.jsonl").path
        let summary = folder.appendingPathComponent("summary.md").path
        let engine =
            "'" + IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
            + "' engine --stdio --mutant message-visible-drops"
        let run = try IAMSpecExecutable.run(
            "run",
            "Specs",
            "--no-explain",
            "--engine-command",
            engine,
            "--json",
            json,
            "--summary",
            summary
        )
        #expect(run.status == 1, "\(run.standardError)")

        // The failed runs the stream holds, by case id: more than 50 cases, or the test shows nothing.
        let records = try IAMSpecExecutable.resultsRecords(at: json)
        let failed = records.filter {
            $0["record"] as? String == "case" && ["failed", "error"].contains($0["status"] as? String)
        }
        let runsByCase = Dictionary(grouping: failed) { $0["id"] as? String ?? "" }
        let cases = runsByCase.keys.sorted()
        try #require(cases.count > 50, "the engine fails \(cases.count) cases of Specs; the test needs more than 50")

        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let entries = lines.filter { $0.hasPrefix("FAILED  ") || $0.hasPrefix("ERROR  ") || $0.hasPrefix("BLOCKED  ") }
        #expect(entries.count == 50)
        // The entries shown are the first 50 cases by id, in that order.
        let shown = entries.map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }.map(String.init)
        #expect(shown == Array(cases.prefix(50)))
        let rest = cases.dropFirst(50)
        let restRuns = rest.reduce(0) { $0 + (runsByCase[$1]?.count ?? 0) }
        #expect(
            lines.contains(
                "\(rest.count) more failed case\(rest.count == 1 ? "" : "s") (\(restRuns) run\(restRuns == 1 ? "" : "s")) "
                    + "not shown in full (the first 50 are, by case id): the results stream (--json) and JUnit "
                    + "(--junit) hold every one"
            ),
            "\(run.standardOutput.suffix(2_000))"
        )
        // The totals line stays last, counting every failed run.
        let totals = try #require(records.last?["totals"] as? [String: Any])
        #expect(run.lastLine == "\(totals["passed"] ?? 0) passed, \(failed.count) failed, 0 skipped")

        // The Markdown summary: the first 30 failed runs, in the stream's order, and every one counted.
        let markdown = try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(markdown.contains("### Failures and errors (\(failed.count))"))
        let listed = markdown.filter { $0.hasPrefix("#### ") }
        let firstRuns = failed.prefix(30).map {
            "#### `\($0["id"] ?? "")` \($0["profile"] ?? ""): \($0["status"] ?? "")"
        }
        #expect(listed == firstRuns)
        #expect(markdown.contains("… and \(failed.count - 30) more (see the JUnit report or the results stream)."))
    }
}
