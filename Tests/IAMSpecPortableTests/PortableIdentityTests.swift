import IAMSpec
import IAMSpecExplanation
import IAMSpecPortable
import IAMSpecReferenceEngine
import IAMSpecRunner
import Testing

/// The portable executor, given the bundled Specs compiled, writes the runner's results stream,
/// line for line and byte for byte but for the circumstances of the run (when, where, how many at
/// once, by what) and the durations: passed, failed and skipped runs alike.
@Suite struct PortableIdentityTests {
    @Test func theReferenceEngineGivesTheRunnersResults() async throws {
        let summary = try await compare(on: ReferenceEngineProvider())
        #expect(summary.results.count > 500 && summary.passedCount == summary.results.count, "\(summary.totalsLine)")
        #expect(summary.failedCount == 0, "\(summary.totalsLine)")
    }

    @Test func aMutantFailsTheSameRunsTheSameWay() async throws {
        let mutant = try #require(BehaviourCatalogue.behaviour(id: "api-events-trigger"))
        let summary = try await compare(on: BehaviourEngineProvider(behaviour: mutant))
        #expect(summary.failedCount > 0, "\(summary.totalsLine)")
        #expect(!summary.differences.isEmpty)
    }

    @Test func anEngineLackingCapabilitiesIsSkippedTheSameWay() async throws {
        let summary = try await compare(on: LackingReferenceProvider())
        let reasons = Set(summary.results.compactMap(\.skipReason))
        #expect(reasons.contains("the engine does not support the profile appboy-legacy"))
        #expect(reasons.contains { $0.hasPrefix("the engine lacks the capabilit") })
        #expect(summary.passedCount > 0)
    }

    /// Runs the bundled Specs on `provider`'s engines with the runner and, compiled, with the
    /// portable executor; expects the same results stream, and returns the runner's summary.
    private func compare(on provider: some EngineProvider) async throws -> RunSummary {
        let runner = try await ConformanceRun(engine: provider, options: RunOptions(jobs: 2))
            .run(specs: PortableFixtures.specs)
        let suite = try PortableFixtures.compiled(PortableFixtures.specs)
        let portable = await suite.runAll(on: provider)
        #expect(portable.header.executor == .portable)
        #expect(portable.results.count == runner.results.count)
        let expected = PortableFixtures.comparable(ResultsStream.encode(runner))
        let actual = PortableFixtures.comparable(ResultsStream.encode(portable))
        #expect(expected.count == actual.count)
        for (number, (left, right)) in zip(expected, actual).enumerated() where left != right {
            Issue.record("line \(number + 1) differs:\n\(left)\n\(right)")
        }
        return runner
    }
}

/// The reference engine, declaring braze-swift alone and lacking the keyboard and delays.
private struct LackingReferenceProvider: EngineProvider {
    var description: EngineDescription {
        EngineDescription(
            name: "lacking",
            version: "1.0.0",
            profiles: [.brazeSwift],
            capabilities: Set(Capability.allCases).subtracting([.keyboard, .delay])
        )
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        try ReferenceEngineProvider().makeEngine(for: setup)
    }
}
