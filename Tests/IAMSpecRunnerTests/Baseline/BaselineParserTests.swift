import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Reading baselines")
struct BaselineParserTests {
    private func parse(_ text: String) -> BaselineParser.Outcome {
        BaselineParser.parse(Array(text.utf8), file: "known.yaml")
    }

    @Test func readsEntriesWithProfilesReasonsAndIssues() throws {
        let outcome = parse(
            """
            engine: my-engine
            cases:
              stack-lifo:
                status: fail
                reason: the stack is a queue
                issue: https://example.com/issues/12
              interval.test-send@appboy-legacy:
                status: flaky
                reason: "depends on the wall clock"
              sync-hang:
                status: skip
                reason: hangs

            """
        )
        #expect(outcome.diagnostics.isEmpty)
        let baseline = try #require(outcome.baseline)
        #expect(baseline.engine == "my-engine")
        #expect(baseline.engineLocation == SourceLocation(file: "known.yaml", line: 1, column: 9))
        #expect(baseline.entries.map(\.key) == ["stack-lifo", "interval.test-send@appboy-legacy", "sync-hang"])
        #expect(baseline.entries.map(\.status) == [.fail, .flaky, .skip])
        #expect(baseline.entries[0].issue == "https://example.com/issues/12")
        #expect(baseline.entries[1].profile == .appboyLegacy)
        #expect(baseline.entries[1].location == SourceLocation(file: "known.yaml", line: 7, column: 3))
    }

    @Test func anEmptyCasesMappingIsABaselineWithNoEntries() throws {
        let baseline = try #require(parse("engine: e\ncases: {}\n").baseline)
        #expect(baseline.entries.isEmpty)
    }

    @Test func everyProblemIsReportedWithItsLocation() {
        let outcome = parse(
            """
            engine: e
            colour: red
            cases:
              ok-case:
                status: passing
                reason: x
              Bad_Id@braze-swift:
                status: fail
                reason: x
              other@android:
                status: fail
                reason: x
              no-reason:
                status: fail

            """
        )
        let lines = outcome.diagnostics.map(\.description)
        #expect(lines.contains { $0.hasPrefix("known.yaml:2:1: error: unknown key 'colour' in a baseline") })
        #expect(lines.contains { $0.hasPrefix("known.yaml:5:13: error: expected one of fail, flaky, skip") })
        #expect(
            lines.contains {
                $0.hasPrefix("known.yaml:7:3: error: found the key 'Bad_Id@braze-swift', expected a case id")
            }
        )
        #expect(lines.contains { $0.hasPrefix("known.yaml:10:3: error: found the profile 'android'") })
        #expect(lines.contains { $0.hasPrefix("known.yaml:14:5: error: missing required key 'reason'") })
        #expect(outcome.diagnostics.count == 5)
    }

    @Test func syntaxErrorsAndWrongShapesAreDiagnostics() {
        #expect(parse("engine: [unclosed\n").diagnostics.first?.location.file == "known.yaml")
        #expect(
            parse("").diagnostics.map(\.message) == [
                "found an empty file, expected one mapping with the keys engine and cases"
            ]
        )
        #expect(parse("- a\n- b\n").diagnostics.first?.message.hasPrefix("expected a mapping for a baseline") == true)
        #expect(parse("cases: {}\n").diagnostics.first?.message == "missing required key 'engine' in a baseline")
        #expect(parse("engine: e\ncases: {}\n---\nengine: f\ncases: {}\n").diagnostics.first?.location.line == 4)
    }

    @Test func whatTheWriterWritesReadsBack() throws {
        let baseline = Baseline(
            engine: "engine \"quoted\"",
            entries: [
                BaselineEntry(
                    caseID: "a-case",
                    status: .fail,
                    reason: "line one\nline two: \\ and \"quotes\" # not a comment"
                ),
                BaselineEntry(
                    caseID: "b.case",
                    profile: .brazeSwift,
                    status: .flaky,
                    reason: "ünïcode ✓",
                    issue: "https://x/1"
                ),
            ]
        )
        let text = BaselineWriter.yaml(baseline)
        let read = try #require(parse(text).baseline)
        #expect(read.engine == baseline.engine)
        #expect(read.entries.map(\.key) == baseline.entries.map(\.key))
        #expect(read.entries.map(\.reason) == baseline.entries.map(\.reason))
        #expect(read.entries.map(\.issue) == baseline.entries.map(\.issue))
        #expect(BaselineWriter.yaml(Baseline(engine: "e")).hasSuffix("cases: {}\n"))
    }
}
