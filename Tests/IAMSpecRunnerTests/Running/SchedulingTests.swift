import Dispatch
import IAMSpec
import IAMSpecTesting
import Synchronization
import Testing

@testable import IAMSpecRunner

#if canImport(Glibc)
import Glibc
#endif

/// Every run here is on a ``ManualWatchdogClock``: a run times out when the test advances the
/// clock, so no outcome depends on how busy the machine is.
@Suite("Scheduling, watchdog and interruption")
struct SchedulingTests {
    @Test func theLibraryEntryPointRunsCasesAndGivesExitSemantics() {
        let cases = [CaseFixtures.displaysPromo("a", profiles: Profile.allCases), CaseFixtures.displaysPromo("b")]
        let summary = ConformanceRun(engine: CaseFixtures.promoEngine()).onManualClock().run(
            cases: cases,
            paths: ["Specs"]
        )
        #expect(summary.totalsLine == "3 passed, 0 failed, 0 skipped")
        #expect(summary.exitCode == 0)
        #expect(summary.header.engine.name == "scripted")
        #expect(summary.header.suitePaths == ["Specs"])
        #expect(!summary.interrupted)

        let failing = ConformanceRun(engine: ScriptedEngineProvider { _, _ in [] }).onManualClock().run(cases: cases)
        #expect(failing.totalsLine == "0 passed, 3 failed, 0 skipped")
        #expect(failing.exitCode == 1)
    }

    @Test func errorsFailTheRunCountedApartAndSkipsDoNotFailIt() {
        let cases = [CaseFixtures.displaysPromo("a", profiles: Profile.allCases)]
        let skipping = ConformanceRun(engine: CaseFixtures.promoEngine(profiles: [.brazeSwift])).onManualClock()
            .run(cases: cases)
        #expect(skipping.totalsLine == "1 passed, 0 failed, 1 skipped")
        #expect(skipping.succeeded)
        let throwing = ConformanceRun(engine: ScriptedEngineProvider { _, _ in throw EngineError("no") })
            .onManualClock().run(cases: cases)
        #expect(throwing.totalsLine == "0 passed, 0 failed, 2 errors, 0 skipped")
    }

    @Test func failFastStartsNoRunAfterAFailureAndCountsTheRestAsNotRun() {
        let cases = ["a", "b", "c", "d", "e"].map { CaseFixtures.displaysPromo($0) }
        let failsOnB = ScriptedEngineProvider { _, setup in setup.caseID == "b" ? [] : [CaseFixtures.displayed] }
        let summary = ConformanceRun(
            engine: failsOnB,
            options: RunOptions(jobs: 1, failFast: RunOptions.stopsAtAnyFailure)
        ).onManualClock().run(cases: cases)
        #expect(summary.results.map(\.caseID) == ["a", "b"])
        #expect(summary.totalsLine == "1 passed, 1 failed, 0 skipped")
        #expect(summary.stoppedAtFirstFailure)
        #expect(summary.notRun == 3)
        #expect(!summary.interrupted)
        #expect(summary.exitCode == 1)

        let passing = ConformanceRun(
            engine: CaseFixtures.promoEngine(),
            options: RunOptions(jobs: 2, failFast: RunOptions.stopsAtAnyFailure)
        ).onManualClock().run(cases: cases)
        #expect(passing.totalsLine == "5 passed, 0 failed, 0 skipped")
        #expect(!passing.stoppedAtFirstFailure)
        #expect(passing.notRun == 0)
    }

    @Test func failFastLetsTheRunsUnderWayFinish() {
        // `a` fails only once `b` has started, so `b` is under way when the run stops.
        let bStarted = DispatchSemaphore(value: 0)
        let provider = ScriptedEngineProvider { stimulus, setup in
            guard case .sessionStarted = stimulus else { return [] }
            if setup.caseID == "a" {
                bStarted.wait()
                return []
            }
            if setup.caseID == "b" { bStarted.signal() }
            return [CaseFixtures.displayed]
        }
        let cases = ["a", "b", "c", "d"].map { CaseFixtures.displaysPromo($0) }
        let summary = ConformanceRun(
            engine: provider,
            options: RunOptions(jobs: 2, failFast: RunOptions.stopsAtAnyFailure)
        ).onManualClock().run(cases: cases)
        #expect(summary.results.map(\.caseID).prefix(2) == ["a", "b"])
        #expect(summary.results.first?.status == .failed)
        #expect(summary.results.dropFirst().first?.status == .passed, "a run under way finishes, not an error")
        #expect(summary.results.count + summary.notRun == 4)
        #expect(summary.stoppedAtFirstFailure)
    }

    @Test func resultsAreSortedWhateverTheCompletionOrder() {
        // `a` answers only once `b`'s result has reached progress, so `b` completes first.
        let bReported = DispatchSemaphore(value: 0)
        let provider = ScriptedEngineProvider { stimulus, setup in
            if case .sessionStarted = stimulus, setup.caseID == "a" {
                bReported.wait()
            }
            return [CaseFixtures.displayed]
        }
        let reported = Reported()
        let summary = ConformanceRun(
            engine: provider,
            options: RunOptions(jobs: 2),
            progress: { result in
                reported.append(result)
                if result.caseID == "b" { bReported.signal() }
            }
        ).onManualClock().run(cases: [CaseFixtures.displaysPromo("b"), CaseFixtures.displaysPromo("a")])
        #expect(reported.values.map(\.caseID) == ["b", "a"])
        #expect(summary.results.map(\.caseID) == ["a", "b"])
        #expect(summary.results.allSatisfy { $0.status == .passed })
    }

    @Test func aStreamedRunDeliversInReportOrderAndKeepsOnlyWhatItIsAskedTo() throws {
        // `a` answers only once `b`'s result has reached progress: `b` completes first, yet is
        // delivered after both runs of `a`; `c` fails.
        let bReported = DispatchSemaphore(value: 0)
        let provider = ScriptedEngineProvider { stimulus, setup in
            guard case .sessionStarted = stimulus else { return [] }
            if setup.caseID == "a" && setup.profile == .brazeSwift {
                bReported.wait()
            }
            return setup.caseID == "c" ? [] : [CaseFixtures.displayed]
        }
        let cases = [
            CaseFixtures.displaysPromo("c"), CaseFixtures.displaysPromo("b"),
            CaseFixtures.displaysPromo("a", profiles: Profile.allCases),
        ]
        let run = ConformanceRun(engine: provider, options: RunOptions(jobs: 2)).onManualClock()
        let delivered = Reported()
        let summary = try run.run(
            RunSelection().runs(of: cases),
            header: run.header(paths: []),
            rules: RuleCatalogue(),
            keepingPassed: { _ in false },
            timelineWhenPassed: { _ in false },
            progress: { batch in
                if batch.contains(where: { $0.caseID == "b" }) { bReported.signal() }
            },
            deliver: { delivered.append($0) }
        )
        #expect(
            delivered.values.map { "\($0.caseID)@\($0.profile.rawValue)" } == [
                "a@appboy-legacy", "a@braze-swift", "b@braze-swift", "c@braze-swift",
            ]
        )
        #expect(summary.results.map(\.caseID) == ["c"])
        let passedTimelines = delivered.values.filter { $0.status == .passed }.map(\.timeline)
        #expect(passedTimelines.count == 3 && passedTimelines.allSatisfy(\.isEmpty), "no report reads them")
        #expect(!summary.results[0].timeline.isEmpty, "a failed run keeps its timeline")
        #expect(summary.passedNotKept == 3)
        #expect(summary.totalsLine == "3 passed, 1 failed, 0 skipped")
        #expect(summary.runCount == 4)
    }

    @Test func aSinkSlowerThanTheRunsHoldsTheWorkersBack() throws {
        // The first result's delivery waits until the worker has made as many engines as the
        // scheduler lets results wait, then yields: the worker must be held back, not running
        // ahead.
        let bound = RunScheduler.maximumUndelivered
        let counter = CountingProvider(base: CaseFixtures.promoEngine(), signalAt: bound)
        let cases = (0..<(bound + 500)).map { CaseFixtures.displaysPromo(String(format: "case-%05d", $0)) }
        let run = ConformanceRun(engine: counter, options: RunOptions(jobs: 1)).onManualClock()
        let madeWhenTheSinkCaughtUp = Mutex<Int?>(nil)
        let summary = try run.run(
            RunSelection().runs(of: cases),
            header: run.header(paths: []),
            rules: RuleCatalogue(),
            keepingPassed: { _ in false },
            timelineWhenPassed: { _ in true },
            progress: { _ in },
            deliver: { _ in
                guard madeWhenTheSinkCaughtUp.withLock({ $0 }) == nil else { return }
                counter.reached.wait()
                // Give a worker that is not held back the processor to run ahead on.
                var yields = 0
                while yields < 20_000 && counter.made == bound {
                    sched_yield()
                    yields += 1
                }
                madeWhenTheSinkCaughtUp.withLock { $0 = counter.made }
            }
        )
        #expect(madeWhenTheSinkCaughtUp.withLock { $0 } == bound)
        #expect(summary.passedCount == cases.count)
        #expect(summary.results.isEmpty)
    }

    @Test func aSlowFirstCaseDoesNotStopAWorkerThatRanAhead() {
        // Case "a" comes first in report order and has two runs; its first engine is made only once
        // the other worker has run as far ahead as the scheduler lets it. A worker held back between
        // the two runs of "a" would leave its second run unmade, and every result after it waiting.
        let ahead = RunScheduler.maximumUndelivered - 2
        let provider = HeadHoldingProvider(base: CaseFixtures.promoEngine(), heldCase: "a", releasedAfter: ahead)
        let cases =
            [CaseFixtures.displaysPromo("a", profiles: Profile.allCases)]
            + (0..<(ahead + 500)).map { CaseFixtures.displaysPromo(String(format: "case-%05d", $0)) }
        let summary = ConformanceRun(engine: provider, options: RunOptions(jobs: 2)).onManualClock().run(cases: cases)
        #expect(summary.totalsLine == "\(cases.count + 1) passed, 0 failed, 0 skipped")
        #expect(summary.results.first.map { "\($0.caseID)@\($0.profile.rawValue)" } == "a@appboy-legacy")
    }

    @Test func aRunEndsAsItsLastResultComesNotAPauseLater() {
        // Case "b"'s engine is made only once the watchdog pauses to let results gather after
        // "a"'s: "b"'s result, the last, must wake it. The clock's pause ends only when woken (or
        // after two seconds of real time, which the test counts as a pause that ran out).
        let clock = PauseWitness()
        let provider = MadeInAPause(base: CaseFixtures.promoEngine(), heldCase: "b", clock: clock)
        var run = ConformanceRun(engine: provider, options: RunOptions(jobs: 2))
        run.watchdogClock = clock
        let summary = run.run(cases: [CaseFixtures.displaysPromo("a"), CaseFixtures.displaysPromo("b")])
        #expect(summary.totalsLine == "2 passed, 0 failed, 0 skipped")
        #expect(clock.pausesRanOut == 0)
    }

    @Test func aHangingInterruptibleEngineTimesOutAndTheRunCompletes() {
        let clock = ManualWatchdogClock()
        let provider = ScriptedEngineProvider { stimulus, setup in
            guard case .sessionStarted = stimulus else { return [] }
            guard setup.caseID == "hangs" else { return [CaseFixtures.displayed] }
            clock.advance(by: .milliseconds(50))
            return .hang
        }
        let reported = Reported()
        let summary = ConformanceRun(
            engine: provider,
            options: RunOptions(jobs: 1, timeout: .milliseconds(50)),
            progress: { reported.append($0) }
        ).onClock(clock).run(cases: [CaseFixtures.displaysPromo("hangs"), CaseFixtures.displaysPromo("works")])
        #expect(summary.results.map(\.status) == [.error, .passed])
        #expect(summary.results[0].message == "timed out after 0.05 s")
        #expect(summary.results[0].kind == .timeout)
        #expect(summary.results[0].durationMilliseconds == 50)
        #expect(provider.recorder.run(caseID: "hangs", profile: .brazeSwift)?.wasInterrupted == true)
        #expect(reported.values.sorted(by: { $0.caseID < $1.caseID }) == summary.results)
    }

    @Test func aHangingEngineThatCannotBeInterruptedIsAbandoned() {
        let clock = ManualWatchdogClock()
        let release = DispatchSemaphore(value: 0)
        let summary = ConformanceRun(
            engine: BlockingEngineProvider(clock: clock, release: release),
            options: RunOptions(jobs: 1, timeout: .milliseconds(50))
        ).onClock(clock).run(cases: [CaseFixtures.displaysPromo("a"), CaseFixtures.displaysPromo("b")])
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
        let summary = ConformanceRun(engine: provider, options: RunOptions(jobs: 1), control: control)
            .onManualClock().run(cases: cases)
        #expect(summary.interrupted)
        #expect(summary.results.map(\.caseID) == ["a", "b"])
        #expect(summary.results.map(\.status) == [.passed, .error])
        #expect(summary.results[1].kind == .interrupted)
        #expect(summary.exitCode == 1)
        #expect(provider.recorder.run(caseID: "c", profile: .brazeSwift) == nil)
    }

    @Test func anInterruptedRunReachesProgressLikeAnyOther() {
        let control = RunControl()
        let provider = ScriptedEngineProvider { stimulus, setup in
            guard case .sessionStarted = stimulus else { return [] }
            guard setup.caseID == "b" else { return [CaseFixtures.displayed] }
            control.interrupt()
            return .hang
        }
        let reported = Reported()
        let summary = ConformanceRun(
            engine: provider,
            options: RunOptions(jobs: 1),
            control: control,
            progress: { reported.append($0) }
        ).onManualClock().run(cases: ["a", "b", "c"].map { CaseFixtures.displaysPromo($0) })
        #expect(summary.results.map(\.kind) == [nil, .interrupted])
        #expect(reported.values.sorted(by: { $0.caseID < $1.caseID }) == summary.results)
    }

    @Test func aRunInterruptedBeforeItStartsRunsNothing() {
        let control = RunControl()
        control.interrupt()
        let summary = ConformanceRun(engine: CaseFixtures.promoEngine(), control: control).onManualClock().run(
            cases: [CaseFixtures.displaysPromo("a")]
        )
        #expect(summary.interrupted)
        #expect(summary.results.isEmpty)
    }
}

extension ConformanceRun {
    /// The run with its watchdog on `clock`.
    fileprivate func onClock(_ clock: ManualWatchdogClock) -> ConformanceRun {
        var run = self
        run.watchdogClock = clock
        return run
    }

    /// The run with its watchdog on a clock nobody advances: no run ever overruns.
    fileprivate func onManualClock() -> ConformanceRun {
        onClock(ManualWatchdogClock())
    }
}

/// The results passed to progress, in the order they came.
private final class Reported: Sendable {
    private let collected = Mutex<[CaseResult]>([])

    func append(_ result: CaseResult) {
        collected.withLock { $0.append(result) }
    }

    var values: [CaseResult] { collected.withLock { $0 } }
}

/// A provider that counts the engines it makes, and signals `reached` once it has made
/// `signalAt`.
private final class CountingProvider: EngineProvider {
    let base: any EngineProvider
    let signalAt: Int
    let reached = DispatchSemaphore(value: 0)
    private let count = Mutex(0)

    init(base: any EngineProvider, signalAt: Int) {
        self.base = base
        self.signalAt = signalAt
    }

    var made: Int { count.withLock { $0 } }

    var description: EngineDescription { base.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        let made = count.withLock { count in
            count += 1
            return count
        }
        if made == signalAt { reached.signal() }
        return try base.makeEngine(for: setup)
    }
}

/// Makes the first engine of one case only once `releasedAfter` engines of other cases are made.
/// A watchdog clock that never moves, whose pause ends only when the watchdog is woken, or after
/// ``patience`` of real time (counted in ``pausesRanOut``); each pause signals ``pausing``.
private final class PauseWitness: WatchdogClock {
    static let patience = DispatchTimeInterval.seconds(2)
    let pausing = DispatchSemaphore(value: 0)
    private let manual = ManualWatchdogClock()
    private let ranOut = Mutex(0)

    var now: Duration { manual.now }
    var pausesRanOut: Int { ranOut.withLock { $0 } }

    func sleep(until deadline: Duration, orUntil wake: DispatchSemaphore) {
        manual.sleep(until: deadline, orUntil: wake)
    }

    func pause(until deadline: Duration, orUntil wake: DispatchSemaphore) {
        pausing.signal()
        if wake.wait(timeout: .now() + Self.patience) == .timedOut {
            ranOut.withLock { $0 += 1 }
        }
    }
}

/// Makes the engine of `heldCase` only once the watchdog of `clock` pauses (or after the clock's
/// patience).
private final class MadeInAPause: EngineProvider {
    let base: any EngineProvider
    let heldCase: String
    let clock: PauseWitness

    init(base: any EngineProvider, heldCase: String, clock: PauseWitness) {
        self.base = base
        self.heldCase = heldCase
        self.clock = clock
    }

    var description: EngineDescription { base.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        if setup.caseID == heldCase {
            _ = clock.pausing.wait(timeout: .now() + PauseWitness.patience)
        }
        return try base.makeEngine(for: setup)
    }
}

private final class HeadHoldingProvider: EngineProvider {
    let base: any EngineProvider
    let heldCase: String
    let releasedAfter: Int
    private let released = DispatchSemaphore(value: 0)
    /// Engines made for other cases, and whether the held case's first engine was asked for.
    private let state = Mutex((others: 0, heldAskedFor: false))

    init(base: any EngineProvider, heldCase: String, releasedAfter: Int) {
        self.base = base
        self.heldCase = heldCase
        self.releasedAfter = releasedAfter
    }

    var description: EngineDescription { base.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        let waits = state.withLock { state -> Bool in
            guard setup.caseID == heldCase else {
                state.others += 1
                if state.others == releasedAfter { released.signal() }
                return false
            }
            defer { state.heldAskedFor = true }
            return !state.heldAskedFor
        }
        if waits {
            released.wait()
        }
        return try base.makeEngine(for: setup)
    }
}

/// Engines that move the clock past their run's deadline, then block on a semaphore and cannot
/// be interrupted.
private struct BlockingEngineProvider: EngineProvider {
    let clock: ManualWatchdogClock
    let release: DispatchSemaphore

    var description: EngineDescription {
        EngineDescription(name: "blocking", version: "1", profiles: Set(Profile.allCases), capabilities: [])
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        BlockingEngine(clock: clock, release: release)
    }

    struct BlockingEngine: DeliveryEngine {
        let clock: ManualWatchdogClock
        let release: DispatchSemaphore

        func handle(_ stimulus: Stimulus) throws -> [Observation] {
            clock.advance(by: .milliseconds(50))
            release.wait()
            return []
        }
    }
}
