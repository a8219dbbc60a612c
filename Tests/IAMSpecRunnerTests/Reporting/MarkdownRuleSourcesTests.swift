import IAMSpec
import Testing

@testable import IAMSpecRunner

/// The Markdown summary names each failure's rules, and cites each rule's sources once, under the
/// failures: a summary of many failures of one rule repeats no citation.
@Suite("The Markdown summary's rule sources")
struct MarkdownRuleSourcesTests {
    @Test func eachRulesSourcesAreCitedOncePerSummary() {
        let results = (0..<28).map { index in
            var result = ReportFixtures.failed
            result.caseID = "case-\(index)"
            return result
        }
        let markdown = MarkdownReport.summary(RunSummary(header: ReportFixtures.header(), results: results))
        let citation = "- `triggers.session-start`: `seed 003 (en)`, `seed 000 (pt)`"
        #expect(markdown.components(separatedBy: "seed 003 (en)").count == 2, "\(markdown)")
        #expect(markdown.hasSuffix("### Rules and their sources (1)\n\n\(citation)\n"))
        #expect(markdown.components(separatedBy: "Rules: `triggers.session-start`\n").count == 29)
    }

    @Test func rulesWithoutSourcesMakeNoSection() {
        let markdown = MarkdownReport.summary(
            RunSummary(header: ReportFixtures.header(), results: [ReportFixtures.errored])
        )
        #expect(markdown.contains("Rules: `interval.minimum`\n"))
        #expect(!markdown.contains("### Rules and their sources"))
    }
}
