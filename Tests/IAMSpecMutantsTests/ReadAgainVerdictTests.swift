import Foundation
import IAMSpec
import IAMSpecPortable
import IAMSpecReferenceEngine
import IAMSpecRunner
import Testing

/// A large suite's cases are not held: those past the loader's model budget are read again from
/// their files when their runs start (``LoadedCase``). Its verdicts are a small suite's: the
/// bundled cases, every one read again, give the reference engine's run the very results they
/// give it kept.
@Suite struct ReadAgainVerdictTests {
    private static let specs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Specs").path

    @Test func everyCaseReadAgainGivesTheVerdictsOfEveryCaseKept() throws {
        let kept = SuiteLoader.load(paths: [Self.specs], jobs: 2, stoppingWhen: { false })
        let readAgain = SuiteLoader.load(paths: [Self.specs], jobs: 2, modelBudget: 0, stoppingWhen: { false })
        #expect(kept.diagnostics.isEmpty && readAgain.diagnostics.isEmpty)
        #expect(kept.loadedCases.count >= 300)
        let keptResults = try Self.results(of: kept)
        let readAgainResults = try Self.results(of: readAgain)
        #expect(keptResults.count >= 600)
        #expect(readAgainResults == keptResults)
        #expect(keptResults.contains { $0.hasPrefix("passed") })
    }

    /// Each result of the reference engine's run of the suite, as its status, case, profile,
    /// kind, message and the length of its timeline, in report order.
    private static func results(of suite: LoadedSuite) throws -> [String] {
        let run = ConformanceRun(engine: ReferenceEngineProvider(), options: RunOptions(jobs: 2))
        var results: [String] = []
        _ = try run.run(
            RunSelection().runs(of: suite.loadedCases),
            header: run.header(paths: [Self.specs]),
            rules: suite.rules,
            keepingPassed: { _ in false },
            timelineWhenPassed: { _ in true },
            progress: { _ in },
            deliver: { result in
                results.append(
                    "\(result.status) \(result.caseID) \(result.profile) \(String(describing: result.kind)) "
                        + "\(result.message) \(result.timeline.count)"
                )
            }
        )
        return results
    }
}
