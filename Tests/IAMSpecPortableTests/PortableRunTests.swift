import Foundation
import IAMSpec
import IAMSpecPortable
import IAMSpecTesting
import Testing

/// A portable run: on a task of its own, under its suite's timeout, interrupted when its caller
/// is cancelled, and free to reach an engine on the main actor from a test on the main actor.
@Suite struct PortableRunTests {
    @Test func aRunLongerThanTheTimeoutIsAnErrorAndItsEngineInterrupted() async {
        let suite = PortableFixtures.promoSuite(timeout: 20)
        let provider = ScriptedEngineProvider { _, _ in .hang }
        let result = await suite.run(suite.runs[0], on: provider)
        #expect(result.status == .error)
        #expect(result.kind == .timeout)
        #expect(result.message == "timed out after 0.02 s")
        #expect(result.durationMilliseconds >= 20)
        #expect(
            result.given == [
                "config: {minimum_trigger_interval: 30}", "messages:", "  - {id: promo, triggers: [session_start]}",
            ]
        )
        #expect(provider.recorder.runs.first?.wasInterrupted == true)
    }

    @Test func cancellingTheCallerInterruptsTheRun() async {
        let suite = PortableFixtures.promoSuite()
        let provider = ScriptedEngineProvider { _, _ in .hang }
        let run = Task { await suite.run(suite.runs[0], on: provider) }
        while provider.recorder.runs.first?.stimuli.isEmpty ?? true {
            await Task.yield()
        }
        run.cancel()
        let result = await run.value
        #expect(result.status == .error)
        #expect(result.kind == .interrupted)
        #expect(result.message == "interrupted before it finished")
    }

    @Test func cancellingAWholeRunReportsItInterrupted() async throws {
        let suite = try PortableFixtures.compiled(
            PortableFixtures.specs,
            selection: RunSelection(filters: [GlobPattern("priority-*")])
        )
        let provider = ScriptedEngineProvider { _, _ in .hang }
        let whole = Task { await suite.runAll(on: provider) }
        while provider.recorder.runs.first?.stimuli.isEmpty ?? true {
            await Task.yield()
        }
        whole.cancel()
        let summary = await whole.value
        #expect(summary.interrupted)
        #expect(summary.results.map(\.kind) == [.interrupted])
        #expect(summary.notRun == suite.runs.count - 1)
    }

    /// The caller, on the main actor, awaits the run: the engine, on the run's own task, waits
    /// for the main actor at each call, as an adapter of a main-actor SDK does.
    @MainActor @Test func anEngineOnTheMainActorRunsFromATestOnTheMainActor() async {
        let suite = PortableFixtures.promoSuite()
        let result = await suite.run(suite.runs[0], on: MainActorEngineProvider())
        #expect(result.status == .passed, "\(result.message)")
    }

    /// A stdio provider takes a process back when its engine is freed: the next run reuses it.
    @Test func aRunsEngineIsFreedBeforeTheRunReturns() async {
        let suite = PortableFixtures.promoSuite()
        let provider = CountedEngineProvider()
        for expected in 1...3 {
            let result = await suite.run(suite.runs[0], on: provider)
            #expect(result.status == .passed, "\(result.message)")
            #expect(provider.freed.count == expected)
        }
    }

    @Test func aRunTheEngineLacksACapabilityForIsSkippedWithTheReason() async {
        let suite = PortableFixtures.promoSuite(requires: [.keyboard, .delay])
        let provider = ScriptedEngineProvider(capabilities: Set(Capability.allCases).subtracting([.keyboard])) { _, _ in
            []
        }
        let result = await suite.run(suite.runs[0], on: provider)
        #expect(result.status == .skipped)
        #expect(result.skipReason == "the engine lacks the capability keyboard")
        #expect(provider.recorder.runs.isEmpty)
    }

    @Test func aFailureReportIsTheConsolesWithTheRunsTest() async throws {
        let suite = PortableFixtures.promoSuite()
        let result = await suite.run(suite.runs[0], on: ScriptedEngineProvider { _, _ in [] })
        let report = try #require(suite.failureReport(for: result))
        #expect(
            report.split(separator: "\n", omittingEmptySubsequences: false) == [
                "FAILED   promo [braze-swift]  the promo shows",
                "  rule delivery.basic: Messages show",
                "    q",
                "  given:",
                "    config: {minimum_trigger_interval: 30}",
                "    messages:",
                "      - {id: promo, triggers: [session_start]}",
                "",
                "  Specs/area/case.yaml:6:7: sequence on delivery: expected [displayed: promo], found []",
                "",
                "    time  step                                    observations",
                "       0  session_start                           -",
                "       0  expect: {sequence: [displayed: promo]}  -",
                "          expected: displayed: promo",
                "          actual:   (nothing)",
                "",
                "  re-run: in the app's test bundle, the test of the run `promo [braze-swift]` again",
            ]
        )
        #expect(
            suite.failureReport(
                for: await suite.run(
                    suite.runs[0],
                    on: ScriptedEngineProvider { _, _ in [.displayed("promo", extras: [:])] }
                )
            ) == nil
        )
    }

    @Test func theLastRunRecordedGivesTheSummaryOfEveryRun() async throws {
        let suite = try PortableFixtures.compiled(
            PortableFixtures.specs,
            selection: RunSelection(filters: [GlobPattern("priority-*")])
        )
        let provider = ScriptedEngineProvider { _, _ in [] }
        // As parallel tests would: every run begins before any ends.
        let summaries = await withTaskGroup(of: RunSummary?.self) { group in
            for run in suite.runs.reversed() {
                group.addTask { await suite.runRecording(run, on: provider).summary }
            }
            var summaries: [RunSummary] = []
            for await summary in group { summary.map { summaries.append($0) } }
            return summaries
        }
        try #require(summaries.count == 1)
        #expect(summaries[0].results.map { "\($0.caseID) [\($0.profile.rawValue)]" } == suite.runs.map(\.description))
        #expect(summaries[0].header.executor == .portable)
        #expect(summaries[0].header.jobs >= 1 && summaries[0].header.jobs <= suite.runs.count)
        #expect(summaries[0].header.engine.name == "scripted")
        let again = await suite.runRecording(suite.runs[0], on: provider)
        #expect(again.summary == nil || suite.runs.count == 1)
    }
}

/// Counts the engines freed, from any thread.
private final class FreedEngines: @unchecked Sendable {
    private let lock = NSLock()
    private var freed = 0

    func add() { lock.withLock { freed += 1 } }
    var count: Int { lock.withLock { freed } }
}

/// An interruptible engine that displays `promo` at session start and counts itself freed.
private final class CountedEngine: InterruptibleEngine, @unchecked Sendable {
    let freed: FreedEngines

    init(freed: FreedEngines) { self.freed = freed }

    deinit { freed.add() }

    func handle(_ stimulus: Stimulus) throws -> [Observation] {
        guard case .sessionStarted = stimulus else { return [] }
        return [.displayed("promo", extras: [:])]
    }

    func interrupt() {}
}

private struct CountedEngineProvider: EngineProvider {
    let freed = FreedEngines()

    var description: EngineDescription {
        EngineDescription(name: "counted", version: "1.0.0", profiles: [.brazeSwift], capabilities: [])
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        CountedEngine(freed: freed)
    }
}
