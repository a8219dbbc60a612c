import Dispatch
import IAMSpec
import IAMSpecReferenceEngine
import IAMSpecRunner
import Synchronization
import Testing

@testable import IAMSpecExplanation

/// A replay that does not end in its timeout is an error of that run, and the replays after it go
/// on: `iamspec run`'s explanation and `iamspec explain` never wait on a replay for ever.
@Suite struct TimedReplaysTests {
    private static let here = SourceLocation(file: "replays.yaml", line: 1, column: 1)

    private static let specCase = SpecCase(
        id: "a-case",
        title: "A session starts",
        rules: ["area.rule"],
        messages: [InAppMessage(id: "welcome", triggers: [.sessionStart])],
        steps: [
            Step(.stimulus(.sessionStarted(syncPending: false)), location: here),
            Step(.expectation(Expectation(contains: [.displayed(.id("welcome"), extras: nil)])), location: here),
        ],
        location: here
    )

    @Test func aReplayThatDoesNotEndInTimeIsATimeoutAndTheNextReplaysGoOn() throws {
        // The stuck replay never ends before `release`: its timeout decides, whatever the
        // machine's speed; the next replay has the whole timeout to pass.
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        var replays = TimedReplays(
            executor: CaseExecutor(provider: StuckOnce(release: release), rules: []),
            timeout: .seconds(2)
        )
        let stuck = try replays.run(CaseRun(specCase: Self.specCase, profile: .brazeSwift))
        #expect(stuck.status == .error)
        #expect(stuck.kind == .timeout)
        let next = try replays.run(CaseRun(specCase: Self.specCase, profile: .brazeSwift))
        #expect(next.status == .passed, "\(next.message)")
    }
}

/// The reference engine, but the first engine made waits at its first stimulus until `release`
/// is signalled.
private final class StuckOnce: EngineProvider {
    private let madeOne = Mutex(false)
    let release: DispatchSemaphore

    init(release: DispatchSemaphore) {
        self.release = release
    }

    var description: EngineDescription { ReferenceEngineProvider().description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        let engine = try ReferenceEngineProvider().makeEngine(for: setup)
        let first = madeOne.withLock { made in
            defer { made = true }
            return !made
        }
        return first ? Waiting(base: engine, release: release) : engine
    }

    private struct Waiting: DeliveryEngine {
        var base: any DeliveryEngine
        let release: DispatchSemaphore

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            release.wait()
            return try base.handle(stimulus)
        }
    }
}
