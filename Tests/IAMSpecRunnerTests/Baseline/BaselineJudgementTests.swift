import Foundation
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

    /// `run` judged against `baseline`, its stale entries found against `cases`.
    static func judged(
        _ run: RunSummary,
        against baseline: Baseline = baseline,
        cases: [SpecCase] = cases,
        allowingUnexpectedPasses: Bool = false
    ) -> RunSummary {
        BaselineJudgement.judge(
            run,
            applying: AppliedBaseline(
                baseline,
                file: "ci/sample.baseline.yaml",
                staleEntries: baseline.staleEntries(in: cases.map { ($0.id, $0.profiles) }),
                allowsUnexpectedPasses: allowingUnexpectedPasses
            )
        )
    }

    static func consoleLines(_ summary: RunSummary) -> [String] {
        var lines: [String] = []
        ConsoleReport(style: ConsoleStyle(usesColor: false)).verdictLines(for: summary) { lines.append($0) }
        return lines
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
        let judged = Self.judged(run)
        #expect(judged.succeeded)
        #expect(judged.exitCode == 0)
        #expect(judged.verdict.expectedFailures == 3)
        #expect(judged.totalsLine == "2 passed, 0 failed, 3 skipped")
        let first = judged.results[0]
        #expect(first.status == .skipped && first.kind == .expectedFailure)
        #expect(first.message.hasPrefix("expected failure: known (https://x/1); failed: sequence on delivery"))
        #expect(judged.results[3].message.hasPrefix("flaky: timing; failed:"))
        let lines = Self.consoleLines(judged)
        #expect(lines.first == "expected failures (3):")
        #expect(
            lines.suffix(2) == [
                "baseline: 3 expected failures, 0 new failures, 0 unexpected passes, 0 stale entries",
                "2 passed, 0 failed, 3 skipped",
            ]
        )
    }

    @Test func aNewFailureStillFailsTheRun() {
        let run = Self.summary([Self.result("fine", .brazeSwift, .failed), Self.result("broken", .brazeSwift, .failed)])
        let judged = Self.judged(run)
        #expect(!judged.succeeded)
        #expect(judged.totalsLine == "0 passed, 1 failed, 1 skipped")
        #expect(judged.verdict.newFailures == 1)
    }

    @Test func anUnexpectedPassFailsTheRunUnlessAllowed() {
        let run = Self.summary([
            Self.result("fixed", .brazeSwift, .passed), Self.result("fixed", .appboyLegacy, .passed),
        ])
        let strict = Self.judged(run)
        #expect(!strict.succeeded)
        #expect(strict.results.filter { $0.kind == .unexpectedPass }.map(\.profile) == [.brazeSwift])
        #expect(strict.results[0].status == .failed)
        #expect(strict.results[0].kind == .unexpectedPass)
        #expect(strict.results[0].message.contains("remove the entry fixed@braze-swift"))
        #expect(strict.totalsLine == "1 passed, 1 failed, 0 skipped")
        #expect(strict.verdict.newFailures == 0)

        let lenient = Self.judged(run, allowingUnexpectedPasses: true)
        #expect(lenient.succeeded)
        #expect(lenient.totalsLine == "2 passed, 0 failed, 0 skipped")
        #expect(Self.consoleLines(lenient).contains("unexpected passes, allowed (1):"))
        #expect(lenient.verdict.unexpectedPasses == 1)
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
        let judged = Self.judged(Self.summary([]), against: baseline, cases: cases)
        #expect(judged.baseline?.staleEntries.map(\.key) == ["gone", "swift-only@appboy-legacy"])
        #expect(!judged.succeeded)
        #expect(judged.exitCode == 1)
        // A stale entry is not a run, yet fails the run: the totals line counts it as failed.
        #expect(judged.totalsLine == "0 passed, 2 failed, 0 skipped")
        #expect(judged.verdict.outcome == "2 stale baseline entries")
        #expect(
            Self.consoleLines(judged).contains(
                "  gone: the suite has no such case run; remove the entry"
            )
        )
    }

    /// A baseline's keys and a run's messages are outside text: the console's baseline lines and
    /// the summary's stale entries show their escapes and line breaks, never act on them.
    @Test func baselineLinesQuoteHostileKeysAndMessages() {
        let hostile = "gone\u{1B}]8;;https://evil.example\u{7}\n::error::FORGED"
        let baseline = Baseline(
            engine: "sample",
            entries: [
                BaselineEntry(caseID: hostile, status: .fail, reason: "x"),
                BaselineEntry(caseID: "broken", status: .fail, reason: "known\u{1B}[2J"),
            ]
        )
        let judged = Self.judged(Self.summary([Self.result("broken", .brazeSwift, .failed)]), against: baseline)
        let lines = Self.consoleLines(judged)
        #expect(
            lines.contains("  gone\\u{1b}]8;;https://evil.example\\u{7}⏎::error::FORGED: " + BaselineEntry.staleReason)
        )
        #expect(lines.contains { $0.hasPrefix("  broken [braze-swift]  expected failure: known\\u{1b}[2J; failed:") })
        #expect(!lines.joined().contains("\u{1B}") && !lines.joined().contains("\n"))
        let summary = MarkdownReport.summary(judged)
        #expect(!summary.contains("\u{1B}") && !summary.contains("\n::error"))
        #expect(summary.contains("gone\\u{1b}]8;;https://evil.example\\u{7}⏎::error::FORGED: "))
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
        let xml = JUnitReport.xml(for: Self.judged(run))
        #expect(xml.contains("<skipped message=\"expected failure: known (https://x/1); failed: sequence on delivery"))
        #expect(
            xml.contains(
                "<failure type=\"iamspec.unexpected-pass\" message=\"unexpected pass: the baseline expects it to fail"
            )
        )
    }
}

@Suite("One verdict: every report counts what the verdict counts")
struct RunVerdictTests {
    typealias Fixture = BaselineJudgementTests

    /// A judged run with an expected failure, an unexpected pass, a new failure, an error and a
    /// stale entry.
    static func mixedRun() -> RunSummary {
        var baseline = Fixture.baseline
        baseline.entries.append(
            BaselineEntry(
                caseID: "gone",
                status: .fail,
                reason: "removed",
                location: SourceLocation(file: "ci/sample.baseline.yaml", line: 9, column: 3)
            )
        )
        return Fixture.judged(rawRun(), against: baseline)
    }

    @Test func theVerdictCountsFailuresErrorsAndStaleEntries() {
        let verdict = Self.mixedRun().verdict
        #expect(verdict.totalsLine == "0 passed, 3 failed, 1 error, 1 skipped")
        #expect(verdict.outcome == "2 failed, 1 error, 1 stale baseline entry")
        #expect(verdict.baselineCounts == "1 expected failure, 2 new failures, 1 unexpected pass, 1 stale entry")
        #expect(!verdict.succeeded && verdict.exitCode == 1)
        #expect(RunVerdict(Fixture.summary([])).outcome == "passed")
        #expect(RunVerdict(Fixture.summary([])).baselineCounts == nil)
        var interrupted = Fixture.summary([])
        interrupted.interrupted = true
        #expect(interrupted.verdict.outcome == "interrupted")
    }

    /// A run that did not make every selected run did not succeed, whatever stopped it; its runs
    /// not made are said only when nothing else says why (a stream's footer claiming otherwise
    /// is then refused, as it disagrees with its case lines).
    @Test func aRunThatDidNotMakeEveryRunDidNotSucceed() {
        var stopped = Fixture.summary([Fixture.result("fine", .brazeSwift, .passed)])
        stopped.notRun = 5
        #expect(!stopped.verdict.succeeded && stopped.exitCode == 1)
        #expect(stopped.verdict.outcome == "5 not run")
        stopped.interrupted = true
        #expect(stopped.verdict.outcome == "interrupted")
        stopped.interrupted = false
        stopped.stoppedAtFirstFailure = true
        stopped.results.append(Fixture.result("later", .brazeSwift, .failed))
        #expect(stopped.verdict.outcome == "1 failed")
    }

    @Test(arguments: [false, true])
    func theVerdictOfARunAsItsBaselineJudgesItIsToldWithoutJudgingACopy(allowingUnexpectedPasses: Bool) {
        var baseline = Fixture.baseline
        baseline.entries.append(BaselineEntry(caseID: "gone", status: .fail, reason: "removed"))
        let applied = AppliedBaseline(
            baseline,
            file: "ci/sample.baseline.yaml",
            staleEntries: baseline.staleEntries(in: Fixture.cases.map { ($0.id, $0.profiles) }),
            allowsUnexpectedPasses: allowingUnexpectedPasses
        )
        var raw = Self.rawRun()
        raw.passedNotKept = 3
        let judged = BaselineJudgement.judge(raw, applying: applied)
        #expect(RunVerdict(raw, judgedBy: applied) == judged.verdict)
        #expect(RecordedRun(summary: raw, baseline: applied).judgedVerdict == judged.verdict)
        var counted = RunVerdict(countingFrom: raw, baseline: applied)
        for result in judged.results { counted.count(result) }
        #expect(counted == judged.verdict)
        #expect(RecordedRun(summary: raw, baseline: nil).judgedVerdict == raw.verdict)
    }

    @Test func junitMarkdownAndTheFooterCountAsTheTotalsLine() throws {
        let run = Self.mixedRun()
        let xml = JUnitReport.xml(for: run)
        func total(_ attribute: String) -> Int {
            xml.split(separator: "<testsuite ").dropFirst().reduce(0) { sum, suite in
                let value = suite.split(separator: "\(attribute)=\"")[1].prefix { $0 != "\"" }
                return sum + Int(value)!
            }
        }
        #expect(total("tests") == 5)
        #expect(total("failures") + total("errors") == run.verdict.failed)
        #expect(total("skipped") == run.verdict.skipped)
        #expect(
            xml.contains(
                "<testcase name=\"gone\" classname=\"iamspec.baseline\" time=\"0.000\">\n"
                    + "      <failure type=\"iamspec.stale-baseline-entry\" message=\"stale baseline entry gone: "
                    + "the suite has no such case run; remove the entry\">ci/sample.baseline.yaml:9:3: gone:"
            )
        )
        #expect(xml.contains("<property name=\"verdict\" value=\"2 failed, 1 error, 1 stale baseline entry\"/>"))

        let markdown = MarkdownReport.summary(run)
        #expect(markdown.hasPrefix("## iamspec: `sample` `2.0`: 2 failed, 1 error, 1 stale baseline entry\n"))
        #expect(
            markdown.contains(
                "| runs | 4 |\n|---|---:|\n| passed | 0 |\n| failed | 2 |\n| errors | 1 |\n| skipped | 1 |\n"
                    + "| stale baseline entries | 1 |\n"
            )
        )
        #expect(markdown.contains("### Stale baseline entries (1)"))

        // The results stream records the run as the engine did it, and in its footer the
        // baseline and the verdict: read back, it judges as the run did.
        let recorded = RecordedRun(summary: Self.rawRun(), baseline: run.baseline)
        let stream = String(decoding: Self.encode(recorded), as: UTF8.self)
        let footer = try #require(stream.split(separator: "\n").last)
        #expect(
            footer.contains(
                "\"verdict\":{\"errors\":1,\"expected_failures\":1,\"failed\":4,\"outcome\":\"2 failed, 1 error, 1 stale baseline entry\""
            )
        )
        #expect(footer.contains("\"stale\":[\"gone\"]"))
        let read = try ResultsStream.decodeRecorded(Data(stream.utf8), path: "r.jsonl")
        #expect(read.summary.results == Self.rawRun().results)
        #expect(read.judged.verdict == run.verdict)
        #expect(read.judged.totalsLine == run.totalsLine)
    }

    @Test func aFooterWhoseVerdictDisagreesWithTheCaseLinesIsRefused() throws {
        let recorded = RecordedRun(summary: Self.rawRun(), baseline: Self.mixedRun().baseline)
        let stream = String(decoding: Self.encode(recorded), as: UTF8.self)
        let tampered = stream.replacingOccurrences(of: "\"stale\":[\"gone\"]", with: "\"stale\":[]")
        #expect(tampered != stream)
        let error = try #require(throws: ResultsStreamError.self) {
            try ResultsStream.decodeRecorded(Data(tampered.utf8), path: "r.jsonl")
        }
        #expect(error.description.contains("verdict.stale_entries: the footer says 1, the case lines give 0"))
    }

    static func rawRun() -> RunSummary {
        Fixture.summary([
            Fixture.result("broken", .brazeSwift, .failed),
            Fixture.result("fine", .appboyLegacy, .error),
            Fixture.result("fine", .brazeSwift, .failed),
            Fixture.result("fixed", .brazeSwift, .passed),
        ])
    }

    static func encode(_ recorded: RecordedRun) -> Data {
        let writer = ResultsStreamWriter(header: recorded.summary.header, spool: ReportSpool())
        for result in recorded.summary.results {
            writer.add(result)
        }
        writer.end(FooterLine(recorded.summary, judged: recorded.judged))
        return Data(writer.spool.bufferedBytes)
    }
}
