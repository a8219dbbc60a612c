import IAMSpec
import Testing

@testable import IAMSpecRunner

/// The Markdown summary reads on a phone as GitHub renders it: GitHub wraps a paragraph or a list
/// item, code spans too, but never a fenced code block or a table's cell (a table is as wide as
/// its widest row, and scrolls). So the summary has no fenced code block, and its one table (the
/// totals) has two cells a row, none longer than the longest label; whatever the run holds (a long
/// case id, path, message or engine command) is in a code span of a paragraph or a list item.
/// `scripts/test` renders real summaries with cmark-gfm and measures them in Chromium at 390 px
/// (scripts/test-support/check_summary_width.py).
@Suite("The Markdown summary at 390 px")
struct MarkdownSummaryWidthTests {
    static let longCommand =
        "env IAMSPEC_ENGINE_LOG=/var/tmp/engine.log python3 -X dev vendor/engines/in_app_messaging/engine.py --stdio"
        + " --profile-directory vendor/engines/in_app_messaging/profiles"

    /// A run whose every part is long: a case id and path of 80 characters, a message of 300, late
    /// lines, a capability warning, a stale baseline entry, a difference group.
    static func longRun() -> RunSummary {
        var failure = ReportFixtures.failed
        failure.caseID = "triggers." + String(repeating: "a-very-long-case-name-", count: 3) + "with-no-spaces"
        failure.location = SourceLocation(
            file: "Specs/" + String(repeating: "nested-folder/", count: 5) + "cases.yaml",
            line: 120,
            column: 7
        )
        failure.message = "sequence on delivery: " + String(repeating: "expected [displayed: promo] ", count: 10)
        var header = ReportFixtures.header()
        header.engine.name = "an-engine-with-a-rather-long-name-for-its-badge"
        header.invocation = RunInvocation(program: ".build/debug/iamspec", engineCommand: longCommand)
        var summary = RunSummary(header: header, results: [failure, ReportFixtures.errored, ReportFixtures.passed])
        summary.lateLines = [String(repeating: "late-output-without-spaces", count: 8)]
        summary.capabilityWarnings = ["the engine declares `keyboard` and never answered a stimulus that needs it"]
        return summary
    }

    @Test func noFencedCodeBlockAndTheOneTableIsNarrow() {
        let markdown = MarkdownReport.summary(Self.longRun())
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("```") || $0.hasPrefix("    ") }, "\(markdown)")
        let rows = lines.filter { $0.hasPrefix("|") }
        #expect(rows.count == 6, "\(markdown)")
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.count == 2 && cells.allSatisfy { $0.count <= 22 }, "\(row)")
        }
    }

    @Test func longTextIsInCodeSpansThatWrap() {
        let run = Self.longRun()
        let markdown = MarkdownReport.summary(run)
        let failure = run.results[0]
        #expect(markdown.contains("\n#### `\(failure.caseID)` braze-swift: failed\n"))
        #expect(markdown.contains("\n`\(failure.location.description): \(failure.message)`\n"))
        #expect(markdown.contains("\nRe-run: `.build/debug/iamspec run Specs --filter \(failure.caseID) "))
        #expect(markdown.contains("--engine-command '\(Self.longCommand)'"))
        #expect(markdown.contains("\n- `\(run.lateLines[0])`\n"))
        let warning = "the engine declares `keyboard` and never answered a stimulus that needs it"
        #expect(markdown.contains("\n- ``\(warning)``\n"))
    }
}
