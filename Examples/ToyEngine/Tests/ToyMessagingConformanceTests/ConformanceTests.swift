import IAMSpec
import IAMSpecRunner
import Testing
import ToyMessagingConformance

@Suite struct ConformanceTests {
    /// The Specs of the iamspec checkout this example lives in; your tests name the Specs of
    /// yours (or a copy kept with your package).
    static let specs: String = {
        var path = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        path.removeLast(5)  // Examples/ToyEngine/Tests/ToyMessagingConformanceTests/ConformanceTests.swift
        return (path + ["Specs"]).joined(separator: "/")
    }()

    /// The rule areas the toy engine implements: triggers, priority and the minimum interval.
    /// Within them, the runner skips the cases that need a capability the engine lacks, and the
    /// provider declines those whose messages it cannot represent, each with the reason.
    static let selection = RunSelection(
        filters: ["triggers-*", "priority-*", "interval-*"].map(GlobPattern.init),
        profiles: [.brazeSwift]
    )

    /// Cases of those areas whose steps need what the toy SDK lacks: not run, reported skipped
    /// with the reason (as the `skip` entries of a baseline).
    static let knownGaps = [
        "interval-from-display-of-stacked-message": "the toy engine has no background state",
        "interval-stacked-behind-visible-starts-nothing": "the toy engine has no stack",
        "interval-test-send-stacked-behind-visible-message": "the toy engine has no stack",
    ]

    @Test func theToyEngineKeepsTheRulesItImplements() throws {
        let options = RunOptions(
            selection: Self.selection,
            jobs: 2,
            plannedSkip: { run in Self.knownGaps[run.specCase.id] }
        )
        let summary = try ConformanceRun(engine: ToyEngineProvider(), options: options).run(specs: Self.specs)
        for result in summary.results where result.status == .failed || result.status == .error {
            Issue.record("\(result.location): \(result.caseID) [\(result.profile.rawValue)]: \(result.message)")
        }
        #expect(summary.failedCount == 0, "\(summary.totalsLine)")
        #expect(!summary.interrupted)
        // Skips are honest, but a selection that only skips checks nothing.
        #expect(summary.passedCount >= 15, "\(summary.totalsLine)")
    }

    @Test func aCaseTheEngineCannotRepresentIsSkippedWithTheReason() throws {
        let summary = try ConformanceRun(
            engine: ToyEngineProvider(),
            options: RunOptions(selection: RunSelection(filters: [GlobPattern("triggers-any-purchase-every-product")]))
        ).run(specs: Self.specs)
        let reasons = summary.results.map(\.skipReason)
        #expect(reasons.contains("the toy engine has no purchase triggers (message thanks)"))
    }
}
