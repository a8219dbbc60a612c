import Foundation
import IAMSpec
import IAMSpecRunner
import Testing

/// The results stream of a whole run, read back through the library: its experiments' verdicts
/// as the run recorded them, refused for a run of another suite or engine, and the runs it passed
/// among the suite loaded again, but when it cannot tell them.
@Suite("The whole run's stream")
struct WholeRunStreamTests {
    private static let suitePath = FixturePaths.root + "/specs/passing"
    private static let engine = "python3 engine.py"

    /// The whole run of the passing fixture suite on `engine`, in report order: every run passed
    /// but `fixture.highest-priority-wins` under braze-swift, which a refuted name and a name given
    /// explain; written to a fresh file.
    private static func wholeRun(cutShort: Bool = false) throws -> (path: String, summary: RunSummary) {
        let suite = SuiteLoader.load(paths: [suitePath])
        #expect(suite.diagnostics.isEmpty)
        let selection = RunSelection()
        var header = ReportFixtures.header()
        header.suitePaths = [suitePath]
        header.selection = selection
        header.invocation = RunInvocation(engineCommand: engine)
        let results = selection.runs(of: suite.loadedCases).map { run in
            let id = suite.loadedCases[run.caseIndex].id
            var result =
                id == "fixture.highest-priority-wins" && run.profile == .brazeSwift
                ? ReportFixtures.failed : ReportFixtures.passed
            result.caseID = id
            result.profile = run.profile
            return result
        }
        var summary = RunSummary(header: header, results: results)
        summary.interrupted = cutShort
        let failedRun = ExplainedBehaviour.Run(caseID: "fixture.highest-priority-wins", profile: .brazeSwift)
        let experiment = ExplainedBehaviour.Experiment(
            steps: ["profile braze-swift", "custom_event: buy"],
            engineAnswer: "displayed: low",
            otherAnswer: "displayed: high",
            yaml: "- id: told-apart\n"
        )
        summary.behaviours = [
            ExplainedBehaviour(
                behaviour: "priority-lowest-wins",
                summary: "shows the lowest priority first",
                rule: "priority.highest-wins",
                runs: [failedRun],
                predictions: 2
            )
        ]
        summary.refutedNames = [
            ExplainedBehaviour(
                behaviour: "priority-ignored",
                summary: "ignores priority",
                rule: "priority.highest-wins",
                runs: [failedRun],
                refutation: ExplainedBehaviour.Refutation(
                    rival: .init(behaviour: "priority-lowest-wins", summary: "", rule: "priority.highest-wins"),
                    experiment: experiment,
                    rivalAnswer: "displayed: low"
                )
            )
        ]
        let path = NSTemporaryDirectory() + "iamspec-whole-run-" + UUID().uuidString + ".jsonl"
        try ResultsStream.write(summary, to: path)
        return (path, summary)
    }

    @Test func itsVerdictsAreThoseTheWholeRunRecorded() throws {
        let (path, summary) = try Self.wholeRun()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try WholeRunStream(readingFrom: path)
        #expect(whole.path == path)
        #expect(whole.header.suitePaths == [Self.suitePath])
        #expect(whole.verdicts == RunVerdicts(summary))
        #expect(Set(whole.verdicts.ruledOut.keys) == ["priority-ignored"])
        #expect(whole.verdicts.given["priority-lowest-wins"]?.predictions == 2)

        // A run of part of it that names the refuted behaviour has it refuted.
        var part = RunSummary(header: summary.header, results: [])
        part.behaviours = summary.refutedNames.map { name in
            var given = name
            given.refutation = nil
            return given
        }
        whole.verdicts.carry(into: &part)
        #expect(part.behaviours.isEmpty)
        #expect(part.refutedNames.map(\.behaviour) == ["priority-ignored"])
    }

    @Test func aStreamOfAnotherSuiteOrEngineIsRefusedSayingWhatDiffers() throws {
        let (path, _) = try Self.wholeRun()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try WholeRunStream(readingFrom: path)
        try whole.requireRun(of: [Self.suitePath], engineCommand: Self.engine)

        let otherSuite = #expect(throws: WholeRunMismatch.self) {
            try whole.requireRun(of: ["Specs", "more"], engineCommand: Self.engine)
        }
        #expect(
            otherSuite?.description
                == "'\(path)' is a run of another suite: found the suite paths '\(Self.suitePath)', "
                + "expected 'Specs', 'more'"
        )
        let otherEngine = #expect(throws: WholeRunMismatch.self) {
            try whole.requireRun(of: [Self.suitePath], engineCommand: nil)
        }
        #expect(otherEngine?.difference == .engineCommand(found: Self.engine, expected: nil))
        #expect(
            otherEngine?.description
                == "'\(path)' is a run of another engine: found the engine command '\(Self.engine)', "
                + "expected the reference engine"
        )
    }

    @Test func theRunsItPassedAreThoseOfItsSelectionItDoesNotListAsAnythingElse() throws {
        let (path, _) = try Self.wholeRun()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try WholeRunStream(readingFrom: path)
        let suite = SuiteLoader.load(paths: [Self.suitePath])
        let runs = RunSelection().runs(of: suite.loadedCases)
        #expect(runs.count >= 3)
        func named(_ runs: [CaseRun]) -> Set<ExplainedBehaviour.Run> {
            Set(runs.map { ExplainedBehaviour.Run(caseID: suite.loadedCases[$0.caseIndex].id, profile: $0.profile) })
        }
        let failed = ExplainedBehaviour.Run(caseID: "fixture.highest-priority-wins", profile: .brazeSwift)
        let passes = try #require(whole.passes(among: suite.loadedCases, leavingOut: []))
        #expect(named(passes) == named(runs).subtracting([failed]))

        // A run the part made again is its own answer now, not the whole run's.
        let madeAgain = ExplainedBehaviour.Run(caseID: "fixture.session-start-displays", profile: .brazeSwift)
        let others = try #require(whole.passes(among: suite.loadedCases, leavingOut: [madeAgain]))
        #expect(named(others) == named(runs).subtracting([failed, madeAgain]))

        // Cases that no longer give as many passes as it counted tell nothing.
        #expect(whole.passes(among: Array(suite.loadedCases.dropFirst()), leavingOut: []) == nil)
    }

    @Test func aWholeRunCutShortTellsNoPasses() throws {
        let (path, _) = try Self.wholeRun(cutShort: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try WholeRunStream(readingFrom: path)
        #expect(whole.passes(among: SuiteLoader.load(paths: [Self.suitePath]).loadedCases, leavingOut: []) == nil)
    }

    @Test func aStreamThatCannotBeReadSaysWhere() {
        let path = NSTemporaryDirectory() + "iamspec-no-such-stream-" + UUID().uuidString + ".jsonl"
        let error = #expect(throws: ResultsStreamError.self) { try WholeRunStream(readingFrom: path) }
        #expect(error?.description.hasPrefix(path + ":") == true, "\(String(describing: error))")
    }
}
