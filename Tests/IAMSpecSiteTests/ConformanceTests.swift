import IAMSpec
import IAMSpecPortable
import IAMSpecRunner
import Testing

@testable import IAMSpecSite

@Suite("Conformance figures and badges")
struct ConformanceTests {
    @Test func thePercentageIsPassedOutOfSupportedRunsRoundedDown() {
        #expect(Conformance(passed: 3, failed: 0, errored: 0, skipped: 9).percentText == "100%")
        #expect(Conformance(passed: 1999, failed: 1, errored: 0, skipped: 0).percentText == "99.9%")
        #expect(Conformance(passed: 2, failed: 1, errored: 0, skipped: 0).percentText == "66.6%")
        #expect(Conformance(passed: 1, failed: 0, errored: 1, skipped: 5).percentText == "50%")
        #expect(Conformance(passed: 0, failed: 0, errored: 0, skipped: 4).percentText == "no runs")
        #expect(
            Conformance(passed: 1, failed: 0, errored: 0, skipped: 2).detailText
                == "1 of 1 supported run passed, 0 failed, 0 errors; 2 of 3 runs skipped"
        )
    }

    @Test func failuresSkipsAndErrorsAreWrittenOnTheBadgeNeverHiddenInTheFigure() {
        let partial = Conformance(passed: 266, failed: 0, errored: 0, skipped: 106)
        #expect(partial.badgeText == "100% · 106 skipped")
        #expect(Conformance(passed: 5, failed: 0, errored: 0, skipped: 0).badgeText == "100%")
        #expect(
            Conformance(passed: 97, failed: 1, errored: 2, skipped: 10).badgeText
                == "97% · 1 failed · 2 errors · 10 skipped"
        )
        #expect(
            Conformance(passed: 310, failed: 12, errored: 12, skipped: 249).badgeText
                == "92.8% · 12 failed · 12 errors · 249 skipped"
        )
        #expect(Conformance(passed: 3, failed: 1, errored: 0, skipped: 0).badgeText == "75% · 1 failed")
        #expect(Conformance(passed: 0, failed: 0, errored: 0, skipped: 3).badgeText == "no runs · 3 skipped")
        let svg = ConformanceBadge.svg(engine: "partial", conformance: partial)
        #expect(svg.contains(">100% · 106 skipped</text>"))
        #expect(!svg.contains("fill=\"#4c1\""), "bright green is for an engine that skipped nothing")
    }

    @Test func aBadgeIsGreenOnlyWhenEveryRunPassed() {
        let all = Conformance(passed: 490, failed: 0, errored: 0, skipped: 0)
        #expect(ConformanceBadge.color(all) == "#4c1")
        #expect(ConformanceBadge.svg(engine: "e", conformance: all).contains("fill=\"#4c1\""))
    }

    @Test func aBadgeIsYellowWhenRunsWereSkippedButNoneFailedOrErrored() {
        #expect(ConformanceBadge.color(Conformance(passed: 319, failed: 0, errored: 0, skipped: 171)) == "#dfb317")
        #expect(ConformanceBadge.color(Conformance(passed: 1, failed: 0, errored: 0, skipped: 1)) == "#dfb317")
    }

    @Test func aBadgeIsRedWhenAnyRunFailedOrErroredHoweverFew() {
        #expect(ConformanceBadge.color(Conformance(passed: 999, failed: 1, errored: 0, skipped: 0)) == "#e05d44")
        #expect(ConformanceBadge.color(Conformance(passed: 999, failed: 0, errored: 1, skipped: 0)) == "#e05d44")
        #expect(ConformanceBadge.color(Conformance(passed: 300, failed: 1, errored: 0, skipped: 100)) == "#e05d44")
        #expect(ConformanceBadge.color(Conformance(passed: 0, failed: 0, errored: 3, skipped: 9)) == "#e05d44")
    }

    @Test func aBadgeIsGreyWhenNothingRan() {
        #expect(ConformanceBadge.color(Conformance(passed: 0, failed: 0, errored: 0, skipped: 0)) == "#9f9f9f")
        #expect(ConformanceBadge.color(Conformance(passed: 0, failed: 0, errored: 0, skipped: 12)) == "#9f9f9f")
    }

    @Test func theFourColoursAreFourAndEachBadgeHasOne() {
        let colours = [ConformanceBadge.green, ConformanceBadge.yellow, ConformanceBadge.red, ConformanceBadge.grey]
        #expect(Set(colours).count == 4)
        let svg = ConformanceBadge.svg(
            engine: "e",
            conformance: Conformance(passed: 1, failed: 1, errored: 0, skipped: 0)
        )
        #expect(colours.filter { svg.contains("fill=\"\($0)\"") } == [ConformanceBadge.red])
    }

    @Test func aBadgeIsEscapedSVGWideEnoughForItsText() {
        let svg = ConformanceBadge.svg(
            engine: "a<b>&c",
            conformance: Conformance(passed: 1, failed: 0, errored: 0, skipped: 0)
        )
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">a&lt;b&gt;&amp;c conformance</text>") && !svg.contains("a<b>"))
        #expect(
            svg.contains(
                "<title>a&lt;b&gt;&amp;c conformance: 100% (1 of 1 supported run passed, 0 failed, 0 errors; 0 of 1 run skipped)</title>"
            )
        )
        let short = ConformanceBadge.textWidth("e conformance")
        let long = ConformanceBadge.textWidth("a much longer engine name conformance")
        #expect(long > short && short > 40)
    }
}

/// A run green in its CI by its baseline says so on its badge and in the matrix, beside the raw
/// figures, which stay what the engine did.
@Suite("Conformance green by a baseline")
struct GreenByBaselineTests {
    private static func files(entries: [BaselineEntry]) throws -> [String: String] {
        var run = DocumentationSiteTests.reference
        run.baseline = AppliedBaseline(
            Baseline(engine: "reference", entries: entries),
            file: "b.yaml",
            staleEntries: []
        )
        return try SiteFixtures.files(results: [run])
    }

    @Test func aRunWhoseEveryFailureTheBaselineExpectsIsGreenByItsBaseline() throws {
        let files = try Self.files(entries: [
            BaselineEntry(caseID: "interval-two", profile: .brazeSwift, status: .fail, reason: "known")
        ])
        let badge = try #require(files["badges/reference.svg"])
        #expect(badge.contains(">75% · 1 failed · 1 skipped · green by its baseline</text>"))
        #expect(badge.contains("fill=\"\(ConformanceBadge.green)\""))
        #expect(
            try #require(files["matrix.html"]).contains(
                "alt=\"reference conformance: 75% · 1 failed · 1 skipped · green by its baseline\""
            )
        )
        #expect(
            try #require(files["markdown/README.md"]).contains("75% · 1 failed · 1 skipped · green by its baseline")
        )
    }

    @Test func aFailureTheBaselineDoesNotExpectStaysRed() throws {
        let files = try Self.files(entries: [
            BaselineEntry(caseID: "stack-one", status: .flaky, reason: "timing")
        ])
        let badge = try #require(files["badges/reference.svg"])
        #expect(badge.contains(">75% · 1 failed · 1 skipped</text>"))
        #expect(badge.contains("fill=\"\(ConformanceBadge.red)\""))
    }
}
