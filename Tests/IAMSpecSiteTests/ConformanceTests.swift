import IAMSpec
import Testing

@testable import IAMSpecSite

@Suite("Conformance figures and badges")
struct ConformanceTests {
    @Test func thePercentageIsPassedOutOfRunsMadeRoundedDown() {
        #expect(Conformance(passed: 3, failed: 0, skipped: 9).percentText == "100%")
        #expect(Conformance(passed: 1999, failed: 1, skipped: 0).percentText == "99.9%")
        #expect(Conformance(passed: 2, failed: 1, skipped: 0).percentText == "66.6%")
        #expect(Conformance(passed: 1, failed: 1, skipped: 0).percentText == "50%")
        #expect(Conformance(passed: 0, failed: 0, skipped: 4).percentText == "no runs")
        #expect(Conformance(passed: 1, failed: 0, skipped: 2).detailText == "1 of 1 run passed, 2 skipped")
    }

    @Test func badgeColoursFollowTheFigure() {
        #expect(ConformanceBadge.color(Conformance(passed: 5, failed: 0, skipped: 0)) == "#4c1")
        #expect(ConformanceBadge.color(Conformance(passed: 95, failed: 5, skipped: 0)) == "#97ca00")
        #expect(ConformanceBadge.color(Conformance(passed: 80, failed: 20, skipped: 0)) == "#dfb317")
        #expect(ConformanceBadge.color(Conformance(passed: 60, failed: 40, skipped: 0)) == "#fe7d37")
        #expect(ConformanceBadge.color(Conformance(passed: 1, failed: 9, skipped: 0)) == "#e05d44")
        #expect(ConformanceBadge.color(Conformance(passed: 0, failed: 0, skipped: 1)) == "#9f9f9f")
    }

    @Test func aBadgeIsEscapedSVGWideEnoughForItsText() {
        let svg = ConformanceBadge.svg(engine: "a<b>&c", conformance: Conformance(passed: 1, failed: 0, skipped: 0))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">a&lt;b&gt;&amp;c conformance</text>") && !svg.contains("a<b>"))
        #expect(svg.contains("<title>a&lt;b&gt;&amp;c conformance: 100% (1 of 1 run passed, 0 skipped)</title>"))
        let short = ConformanceBadge.textWidth("e conformance")
        let long = ConformanceBadge.textWidth("a much longer engine name conformance")
        #expect(long > short && short > 40)
    }

    @Test func engineNamesBecomeFileNames() {
        #expect(ConformanceMatrix.slug("iamspec-reference") == "iamspec-reference")
        #expect(ConformanceMatrix.slug("My Engine 2.0 (beta)") == "my-engine-2-0-beta")
        #expect(ConformanceMatrix.slug("../..") == "engine")
    }
}
