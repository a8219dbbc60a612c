import Foundation
import IAMSpec
import IAMSpecTesting
import Testing

@testable import IAMSpecRunner

@Suite("Scheduling, watchdog and interruption")
struct SchedulingTests {
    @Test func theLibraryEntryPointRunsCasesAndGivesExitSemantics() {
        let cases = [CaseFixtures.displaysPromo("a", profiles: Profile.allCases), CaseFixtures.displaysPromo("b")]
        let summary = ConformanceRun(engine: CaseFixtures.promoEngine()).run(cases: cases, paths: ["Specs"])
        #expect(summary.totalsLine == "3 passed, 0 failed, 0 skipped")
        #expect(summary.exitCode == 0)
        #expect(summary.header.engine.name == "scripted")
        #expect(summary.header.suitePaths == ["Specs"])
        #expect(!summary.interrupted)

        let failing = ConformanceRun(engine: ScriptedEngineProvider { _, _ in [] }).run(cases: cases)
        #expect(failing.totalsLine == "0 passed, 3 failed, 0 skipped")
        #expect(failing.exitCode == 1)
    }

    @Test func errorsCountAsFailedAndSkipsDoNotFailTheRun() {
        let cases = [CaseFixtures.displaysPromo("a", profiles: Profile.allCases)]
        let skipping = ConformanceRun(engine: CaseFixtures.promoEngine(profiles: [.brazeSwift])).run(cases: cases)
        #expect(skipping.totalsLine == "1 passed, 0 failed, 1 skipped")
        #expect(skipping.succeeded)
        let throwing = ConformanceRun(engine: ScriptedEngineProvider { _, _ in throw EngineError("no") }).run(
            cases: cases
        )
        #expect(throwing.totalsLine == "0 passed, 2 failed, 0 skipped")
    }

    @Test func resultsAreSortedWhateverTheCompletionOrder() {
        let bFinished = DispatchSemaphore(value: 0)
        let provider = ScriptedEngineProvider { stimulus, setup in
            guard case .sessionStarted = stimulus, setup.caseID == "a" else { return [CaseFixtures.displayed] }
            if bFinished.wait(timeout: .now() + 20) == .timedOut {
                throw EngineError("b never finished alongside a")
            }
            return [CaseFixtures.displayed]
        }
        let completed = Completions()
        let summary = ConformanceRun(
            engine: provider,
            options: RunOptions(jobs: 2),
            progress: { result in
                completed.append(result.caseID)
                if result.caseID == "b" { bFinished.signal() }
            }
        ).run(cases: [CaseFixtures.displaysPromo("b"), CaseFixtures.displaysPromo("a")])
        #expect(completed.values == ["b", "a"])
        #expect(summary.results.map(\.caseID) == ["a", "b"])
        #expect(summary.results.allSatisfy { $0.status == .passed })
    }

    @Test func aHangingInterruptibleEngineTimesOutAndTheRunCompletes() {
        let provider = ScriptedEngineProvider { stimulus, setup in
            guard case .sessionStarted = stimulus else { return [] }
            return setup.caseID == "hangs" ? .hang : [CaseFixtures.displayed]
        }
        let summary = ConformanceRun(
            engine: provider,
            options: RunOptions(jobs: 1, timeout: .milliseconds(50))
        ).run(cases: [CaseFixtures.displaysPromo("hangs"), CaseFixtures.displaysPromo("works")])
        #expect(summary.results.map(\.status) == [.error, .passed])
        #expect(summary.results[0].message == "timed out after 0.05 s")
        #expect(summary.results[0].kind == "timeout")
        #expect(provider.recorder.run(caseID: "hangs", profile: .brazeSwift)?.wasInterrupted == true)
    }

    @Test func aHangingEngineThatCannotBeInterruptedIsAbandoned() {
        let release = DispatchSemaphore(value: 0)
        let provider = BlockingEngineProvider(release: release)
        let summary = ConformanceRun(
            engine: provider,
            options: RunOptions(jobs: 1, timeout: .milliseconds(50))
        ).run(cases: [CaseFixtures.displaysPromo("a"), CaseFixtures.displaysPromo("b")])
        release.signal()
        release.signal()
        #expect(summary.results.map(\.status) == [.error, .error])
        #expect(summary.results.map(\.message) == ["timed out after 0.05 s", "timed out after 0.05 s"])
    }

    @Test func anInterruptionStopsTheRunAndKeepsTheResultsSoFar() {
        let control = RunControl()
        let provider = ScriptedEngineProvider { stimulus, setup in
            guard case .sessionStarted = stimulus else { return [] }
            if setup.caseID == "b" {
                control.interrupt()
                return .hang
            }
            return [CaseFixtures.displayed]
        }
        let cases = ["a", "b", "c"].map { CaseFixtures.displaysPromo($0) }
        let summary = ConformanceRun(engine: provider, options: RunOptions(jobs: 1), control: control).run(cases: cases)
        #expect(summary.interrupted)
        #expect(summary.results.map(\.caseID) == ["a", "b"])
        #expect(summary.results.map(\.status) == [.passed, .error])
        #expect(summary.results[1].kind == "interrupted")
        #expect(summary.exitCode == 1)
        #expect(provider.recorder.run(caseID: "c", profile: .brazeSwift) == nil)
    }

    @Test func aRunInterruptedBeforeItStartsRunsNothing() {
        let control = RunControl()
        control.interrupt()
        let summary = ConformanceRun(engine: CaseFixtures.promoEngine(), control: control).run(cases: [
            CaseFixtures.displaysPromo("a")
        ])
        #expect(summary.interrupted)
        #expect(summary.results.isEmpty)
    }
}

/// Collects values from several threads.
private final class Completions: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    func append(_ value: String) {
        lock.withLock { collected.append(value) }
    }

    var values: [String] { lock.withLock { collected } }
}

/// Engines that block on a semaphore and cannot be interrupted.
private struct BlockingEngineProvider: EngineProvider {
    let release: DispatchSemaphore

    var description: EngineDescription {
        EngineDescription(name: "blocking", version: "1", profiles: Set(Profile.allCases), capabilities: [])
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        BlockingEngine(release: release)
    }

    struct BlockingEngine: DeliveryEngine {
        let release: DispatchSemaphore

        func handle(_ stimulus: Stimulus) throws -> [Observation] {
            release.wait()
            return []
        }
    }
}
