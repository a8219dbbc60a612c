import Foundation
import IAMSpec
import IAMSpecPortable
import IAMSpecReferenceEngine
import IAMSpecRunner
import IAMSpecTesting
import Testing

@testable import IAMSpecPortableTesting

/// One baseline file, compiled into the suite (`iamspec compile --baseline`), judges the runs in
/// the app's test bundle as `iamspec run --baseline` and `iamspec report` judge them on the host.
@Suite struct CompiledBaselineTests {
    /// The one-case suite, compiled with a baseline of these entries, read back from its bytes.
    private static func suite(with entries: [BaselineEntry]) throws -> PortableSuite {
        var compiled = PortableFixtures.promoSuite().compiled
        compiled.baseline = CompiledBaseline(
            file: "baseline.yaml",
            baseline: Baseline(engine: "iamspec-reference", entries: entries)
        )
        return try PortableSuite(data: Data(compiled.encoded()), named: "suite.json")
    }

    /// The bundle's judgement of a run of the suite, and the host's of the stream it writes.
    private static func judgements(
        of suite: PortableSuite
    ) async throws -> (bundle: RunSummary, host: RunSummary) {
        let made = await suite.runAll(on: ReferenceEngineProvider())
        let bundle = suite.judged(made)
        let stream = ResultsStream.encode(made, judged: bundle)
        let host = try ResultsStream.decodeRecorded(Data(stream), path: "results.jsonl").judged
        return (bundle, host)
    }

    @Test func anEntryForARunThatPassesIsAnUnexpectedPassInTheBundleAndOnTheHost() async throws {
        let suite = try Self.suite(with: [BaselineEntry(caseID: "promo", status: .fail, reason: "a known gap")])
        let (bundle, host) = try await Self.judgements(of: suite)
        #expect(bundle.results.map(\.kind) == [.unexpectedPass])
        #expect(bundle.verdict == host.verdict)
        #expect(!bundle.verdict.succeeded)
        #expect(bundle.results[0].status == .failed)
    }

    @Test func aStaleEntryFailsTheBundleAndTheHostAlike() async throws {
        let suite = try Self.suite(with: [BaselineEntry(caseID: "no-such-case", status: .fail, reason: "gone")])
        let (bundle, host) = try await Self.judgements(of: suite)
        #expect(bundle.baseline?.staleEntries.map(\.caseID) == ["no-such-case"])
        #expect(bundle.verdict == host.verdict)
        #expect(!bundle.verdict.succeeded)
    }

    @Test func aSkipEntrySkipsTheRunWithItsReason() async throws {
        let suite = try Self.suite(with: [BaselineEntry(caseID: "promo", status: .skip, reason: "not on this device")])
        let (bundle, host) = try await Self.judgements(of: suite)
        #expect(bundle.results.map(\.status) == [.skipped])
        #expect(bundle.results[0].message == "skipped by the baseline: not on this device")
        #expect(bundle.verdict == host.verdict && bundle.verdict.succeeded)
    }

    @Test func anExpectedFailureIsCountedAsTheHostCountsItAndSaidSo() async throws {
        let suite = try Self.suite(with: [BaselineEntry(caseID: "promo", status: .fail, reason: "no promo yet")])
        let made = await suite.runAll(on: ScriptedEngineProvider { _, _ in [] })
        let judged = suite.judged(made)
        #expect(judged.results.map(\.kind) == [.expectedFailure])
        #expect(
            ConsoleNotice.totals(of: judged) == "1 run: 0 passed, 0 failed, 0 errors, 1 skipped (1 expected failure)"
        )
        let host = try ResultsStream.decodeRecorded(Data(ResultsStream.encode(made, judged: judged)), path: "r.jsonl")
        #expect(host.judged.verdict == judged.verdict && judged.verdict.succeeded)
    }

    /// A suite compiled with another engine's baseline judges none of its runs, as `iamspec run
    /// --baseline` refuses another engine's file: each test case records why, and no engine is made.
    @Test func anotherEnginesBaselineRunsNothingAndSaysWhy() async throws {
        let suite = try Self.suite(with: [BaselineEntry(caseID: "promo", status: .fail, reason: "a known gap")])
        let other = ScriptedEngineProvider(name: "acme\n::error::") { _, _ in [] }
        let expected =
            #"the compiled suite carries the baseline of the engine "iamspec-reference" (baseline.yaml), "#
            + #"and the engine under test is "acme⏎::error::"; expected this engine's known outcomes: "#
            + "compile the suite with its baseline (iamspec compile --baseline FILE)"
        try await withKnownIssue {
            try await suite.check(suite.runs[0], on: other)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected]
        }
        await #expect(throws: BaselineMismatch.self) { try await suite.checkEveryRun(on: other) }
        #expect(other.recorder.runs.isEmpty)
    }

    @Test func theCompiledBaselineReadsBackAsWritten() throws {
        let entries = [
            BaselineEntry(caseID: "promo", profile: .brazeSwift, status: .flaky, reason: "timing", issue: "#12")
        ]
        let suite = try Self.suite(with: entries)
        #expect(suite.appliedBaseline?.baseline.entries == entries)
        #expect(suite.appliedBaseline?.file == "baseline.yaml")
    }
}
