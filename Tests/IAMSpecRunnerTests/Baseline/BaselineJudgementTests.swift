import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Judging a run against a baseline")
struct BaselineJudgementTests {
    static let location = SourceLocation(file: "Specs/a.yaml", line: 1, column: 1)

    static func result(_ id: String, _ profile: Profile, _ status: CaseStatus) -> CaseResult {
        CaseResult(
            caseID: id,
            profile: profile,
            title: id,
            status: status,
            message: status == .failed ? "sequence on delivery: expected [displayed: promo], found []" : "",
            kind: status == .failed ? .sequence : nil,
            location: location
        )
    }

    static func summary(_ results: [CaseResult]) -> RunSummary {
        RunSummary(header: ReportFixtures.header(), results: results)
    }

    static let cases = ["broken", "fixed", "flaky", "fine"].map {
        CaseFixtures.displaysPromo($0, profiles: Profile.allCases)
    }

    static let baseline = Baseline(
        engine: "sample",
        entries: [
            BaselineEntry(caseID: "broken", status: .fail, reason: "known", issue: "https://x/1"),
            BaselineEntry(caseID: "fixed", profile: .brazeSwift, status: .fail, reason: "was broken"),
            BaselineEntry(caseID: "flaky", status: .flaky, reason: "timing"),
        ]
    )

    @Test func expectedFailuresAreSkippedWithTheirReasonAndDoNotFailTheRun() {
        let run = Self.summary([
            Self.result("broken", .appboyLegacy, .failed),
            Self.result("broken", .brazeSwift, .error),
            Self.result("fine", .brazeSwift, .passed),
            Self.result("flaky", .brazeSwift, .failed),
            Self.result("flaky", .appboyLegacy, .passed),
        ])
        let judgement = BaselineJudgement(run, against: Self.baseline, cases: Self.cases)
        #expect(judgement.succeeded)
        #expect(judgement.exitCode == 0)
        #expect(judgement.expectedFailures.count == 3)
        #expect(judgement.summary.totalsLine == "2 passed, 0 failed, 3 skipped")
        let first = judgement.summary.results[0]
        #expect(first.status == .skipped && first.kind == .expectedFailure)
        #expect(first.message.hasPrefix("expected failure: known (https://x/1); failed: sequence on delivery"))
        #expect(judgement.summary.results[3].message.hasPrefix("flaky: timing; failed:"))
        let lines = judgement.consoleLines(style: ConsoleStyle(usesColor: false))
        #expect(lines.first == "expected failures (3):")
        #expect(lines.last == "baseline: 3 expected failures, 0 new failures, 0 unexpected passes, 0 stale entries")
    }

    @Test func aNewFailureStillFailsTheRun() {
        let run = Self.summary([Self.result("fine", .brazeSwift, .failed), Self.result("broken", .brazeSwift, .failed)])
        let judgement = BaselineJudgement(run, against: Self.baseline, cases: Self.cases)
        #expect(!judgement.succeeded)
        #expect(judgement.summary.totalsLine == "0 passed, 1 failed, 1 skipped")
    }

    @Test func anUnexpectedPassFailsTheRunUnlessAllowed() {
        let run = Self.summary([
            Self.result("fixed", .brazeSwift, .passed), Self.result("fixed", .appboyLegacy, .passed),
        ])
        let strict = BaselineJudgement(run, against: Self.baseline, cases: Self.cases)
        #expect(!strict.succeeded)
        #expect(strict.unexpectedPasses.map(\.profile) == [.brazeSwift])
        #expect(strict.summary.results[0].status == .failed)
        #expect(strict.summary.results[0].kind == .unexpectedPass)
        #expect(strict.summary.results[0].message.contains("remove the entry fixed@braze-swift"))
        #expect(strict.summary.totalsLine == "1 passed, 1 failed, 0 skipped")

        let lenient = BaselineJudgement(run, against: Self.baseline, cases: Self.cases, allowingUnexpectedPasses: true)
        #expect(lenient.succeeded)
        #expect(lenient.summary.totalsLine == "2 passed, 0 failed, 0 skipped")
        #expect(lenient.consoleLines(style: ConsoleStyle(usesColor: false)).contains("unexpected passes, allowed (1):"))
    }

    @Test func entriesForCasesOrProfilesTheSuiteLacksAreStale() {
        let baseline = Baseline(
            engine: "sample",
            entries: [
                BaselineEntry(caseID: "gone", status: .fail, reason: "x"),
                BaselineEntry(caseID: "swift-only", profile: .appboyLegacy, status: .fail, reason: "x"),
                BaselineEntry(caseID: "swift-only", profile: .brazeSwift, status: .fail, reason: "x"),
            ]
        )
        let cases = [CaseFixtures.displaysPromo("swift-only", profiles: [.brazeSwift])]
        let judgement = BaselineJudgement(Self.summary([]), against: baseline, cases: cases)
        #expect(judgement.staleEntries.map(\.key) == ["gone", "swift-only@appboy-legacy"])
        #expect(!judgement.succeeded)
        #expect(BaselineJudgement(Self.summary([]), against: baseline, cases: nil).succeeded)
    }

    @Test func aProfileEntryWinsOverTheBareIdAndSkipEntriesPlanSkips() {
        let baseline = Baseline(
            engine: "e",
            entries: [
                BaselineEntry(caseID: "c", status: .skip, reason: "hangs"),
                BaselineEntry(caseID: "c", profile: .brazeSwift, status: .flaky, reason: "timing"),
            ]
        )
        #expect(baseline.entry(caseID: "c", profile: .brazeSwift)?.status == .flaky)
        #expect(baseline.skipReason(caseID: "c", profile: .appboyLegacy) == "skipped by the baseline: hangs")
        #expect(baseline.skipReason(caseID: "c", profile: .brazeSwift) == nil)
    }

    @Test func junitShowsExpectedFailuresAsSkippedAndUnexpectedPassesAsFailures() {
        let run = Self.summary([
            Self.result("broken", .brazeSwift, .failed), Self.result("fixed", .brazeSwift, .passed),
        ])
        let xml = JUnitReport.xml(for: BaselineJudgement(run, against: Self.baseline, cases: Self.cases).summary)
        #expect(xml.contains("<skipped message=\"expected failure: known (https://x/1); failed: sequence on delivery"))
        #expect(
            xml.contains(
                "<failure type=\"iamspec.unexpected-pass\" message=\"unexpected pass: the baseline expects it to fail"
            )
        )
    }
}
