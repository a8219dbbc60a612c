import Foundation
import IAMSpec
import IAMSpecBundledSpecs
import IAMSpecExplanation
import IAMSpecPortable
import IAMSpecRunner
import Testing

/// The bundled Specs judged by a baseline in JSON (`PortableSuite.judged(byBaselineAt:)`), with no
/// host build and no YAML, judge every run as `iamspec run --baseline` judges it with the same
/// entries in its YAML file: the same expected failures, unexpected passes, skips and stale
/// entries, and the same verdict.
@Suite struct JSONBaselineTests {
    /// An engine with known failures: the reference engine with API events triggering nothing.
    private static let engine = BehaviourEngineProvider(
        behaviour: BehaviourCatalogue.behaviour(id: "api-events-trigger")!
    )

    @Test func theBundleJudgesAsTheHostDoesWithTheSameEntries() async throws {
        let host = try await ConformanceRun(engine: Self.engine, options: RunOptions(jobs: 2)).run(
            specs: PortableFixtures.specs
        )
        let failing = try #require(host.results.first { $0.status == .failed })
        let passing = host.results.filter { $0.status == .passed }
        #expect(passing.count > 2)
        let baseline = Baseline(
            engine: Self.engine.description.name,
            entries: [
                BaselineEntry(
                    caseID: failing.caseID,
                    profile: failing.profile,
                    status: .fail,
                    reason: "known",
                    issue: "#1"
                ),
                BaselineEntry(caseID: passing[0].caseID, status: .fail, reason: "fixed since"),
                BaselineEntry(caseID: passing[1].caseID, profile: passing[1].profile, status: .skip, reason: "hangs"),
                BaselineEntry(caseID: "no-such-case", status: .flaky, reason: "gone \"long\" ago\n"),
            ]
        )

        // The host: the YAML file, read by the runner's parser, stale entries from the loaded Specs.
        let yaml = BaselineParser.parse(Array(BaselineWriter.yaml(baseline).utf8), file: "my-engine.baseline.yaml")
        let read = try #require(yaml.baseline)
        #expect(yaml.diagnostics.isEmpty)
        let loaded = SuiteLoader.load(paths: [PortableFixtures.specs])
        let hostJudged = BaselineJudgement.judge(
            try await ConformanceRun(
                engine: Self.engine,
                options: RunOptions(jobs: 2) { run in read.skipReason(caseID: run.specCase.id, profile: run.profile) }
            ).run(specs: PortableFixtures.specs),
            applying: AppliedBaseline(
                read,
                file: "my-engine.baseline.yaml",
                staleEntries: read.staleEntries(in: loaded.loadedCases.lazy.map { ($0.id, $0.profiles) })
            )
        )

        // The bundle: the JSON file, with no YAML.
        let json = Data(BaselineJSON.text(baseline).utf8)
        let suite = try BundledSpecs.suite().judged(byBaseline: json, named: "my-engine.baseline.json")
        let bundleJudged = suite.judged(await suite.runAll(on: Self.engine))

        #expect(bundleJudged.verdict == hostJudged.verdict)
        #expect(!bundleJudged.verdict.succeeded)
        #expect(bundleJudged.verdict.expectedFailures == 1 && bundleJudged.verdict.unexpectedPasses > 0)
        let outcome = { (result: CaseResult) in
            "\(result.caseID) \(result.profile) \(result.status) \(String(describing: result.kind))"
        }
        #expect(bundleJudged.results.map(outcome) == hostJudged.results.map(outcome))
        let judgedFailing = try #require(
            bundleJudged.results.first { $0.caseID == failing.caseID && $0.profile == failing.profile }
        )
        #expect(judgedFailing.kind == .expectedFailure)
        #expect(judgedFailing.message.hasPrefix("expected failure: known (#1); failed: "))
        let skipped = try #require(
            bundleJudged.results.first { $0.caseID == passing[1].caseID && $0.profile == passing[1].profile }
        )
        #expect(skipped.message == "skipped by the baseline: hangs")
        // The stale entry is named by its place in the JSON file, as the YAML reader names it in its own.
        #expect(
            bundleJudged.baseline?.staleEntries.map(\.staleLine) == [
                "my-engine.baseline.json:7:5: no-such-case: the suite has no such case run; remove the entry"
            ]
        )
        #expect(hostJudged.baseline?.staleEntries.map(\.key) == ["no-such-case"])
        #expect(bundleJudged.baseline?.file == "my-engine.baseline.json")
    }

    @Test func theJSONFileReadsBackAsWrittenAndAsTheRunnerReadsIt() throws {
        let baseline = Baseline(
            engine: "my-engine",
            entries: [
                BaselineEntry(caseID: "b-case", profile: .appboyLegacy, status: .flaky, reason: "timing", issue: "x"),
                BaselineEntry(caseID: "a-case", status: .fail, reason: "é \u{1} \\"),
            ]
        )
        let text = BaselineJSON.text(baseline)
        let read = try BaselineJSON.decode(Array(text.utf8), file: "b.json")
        #expect(read.engine == "my-engine")
        #expect(read.entries.map(\.key) == ["b-case@appboy-legacy", "a-case"])
        #expect(read.entries.map { $0.location?.description } == ["b.json:4:5", "b.json:5:5"])
        var located = baseline
        for index in located.entries.indices { located.entries[index].location = read.entries[index].location }
        #expect(read.entries == located.entries)
        let runner = BaselineParser.parseJSON(Array(text.utf8), file: "b.json")
        #expect(runner.baseline == read && runner.diagnostics.isEmpty)
        #expect(BaselineJSON.text(Baseline(engine: "e")) == "{\n  \"engine\": \"e\",\n  \"cases\": {}\n}\n")
    }

    @Test(arguments: [
        (
            #"{"engine": "e", "cases": {"Bad": {"status": "fail", "reason": "r"}}}"#,
            "b.json:1:27: error: cases: found the key \"Bad\""
        ),
        (
            #"{"engine": "e", "cases": {"a@web": {"status": "fail", "reason": "r"}}}"#,
            "b.json:1:27: error: cases: found the key \"a@web\""
        ),
        (
            "{\"engine\": \"e\", \"cases\": {\n  \"a\": {\"status\": \"broken\", \"reason\": \"r\"}}}",
            "b.json:2:3: error: cases.a.status: found \"broken\""
        ),
        (#"{"engine": "e", "cases": {"a": {"status": "fail"}}}"#, "b.json:1:27: error: cases.a.reason: found nothing"),
        (#"{"engine": "", "cases": {}}"#, "b.json:1:1: error: engine: found \"\""),
        (
            #"{"engine": "e", "cases": {}, "extra": 1}"#,
            "b.json:1:1: error: extra: found a key the protocol does not define here"
        ),
        (#"{"engine": "e", "cases": [}"#, "b.json:1:27: error: found text that is not JSON"),
    ])
    func aBaselineThatIsNotOneSaysWhereAndWhat(text: String, start: String) throws {
        do {
            _ = try BundledSpecs.suite().judged(byBaseline: Data(text.utf8), named: "b.json")
            Issue.record("\(text) was read")
        } catch {
            #expect(error.description.hasPrefix(start), "\(error.description)")
        }
    }

    @Test func aMissingFileIsNamedByItsNameAlone() throws {
        let url = URL(fileURLWithPath: "/no/such/folder/my-engine.baseline.json")
        #expect(throws: CompiledSuiteError.self) { try BundledSpecs.suite().judged(byBaselineAt: url) }
        do {
            _ = try BundledSpecs.suite().judged(byBaselineAt: url)
        } catch {
            #expect(error.description == "my-engine.baseline.json:1:1: error: cannot read the baseline: no such file")
        }
    }
}
