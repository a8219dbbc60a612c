import IAMSpec
import Testing

@testable import IAMSpecRunner

/// A step summary stays under GitHub's 1 MiB whatever the engine wrote: each text from the run is
/// cut once its shown form passes `MarkdownReport.textLimit` characters.
@Suite("The Markdown summary's size")
struct MarkdownSummarySizeTests {
    @Test(arguments: [String(repeating: "E", count: 1_000_000), String(repeating: "\u{1B}", count: 200_000)])
    func thirtyLongMessagesMakeLessThanAMebibyte(message: String) {
        var failure = ReportFixtures.errored
        failure.message = message
        let results = (0..<40).map { index in
            var result = failure
            result.caseID = "case-\(index)"
            return result
        }
        var summary = RunSummary(header: ReportFixtures.header(), results: results)
        summary.lateLines = Array(repeating: message, count: 40)
        let markdown = MarkdownReport.summary(summary)
        #expect(markdown.utf8.count < 1_048_576, "\(markdown.utf8.count) bytes")
        #expect(markdown.contains("more characters: see the JUnit report or the results stream)"))
    }

    @Test func aShortMessageIsKeptWhole() {
        #expect(MarkdownReport.clipped("timed out after 30 s") == "timed out after 30 s")
        let long = String(repeating: "x", count: MarkdownReport.textLimit + 5)
        #expect(
            MarkdownReport.clipped(long)
                == String(repeating: "x", count: MarkdownReport.textLimit)
                + "… (5 more characters: see the JUnit report or the results stream)"
        )
    }
}
