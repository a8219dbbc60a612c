import Dispatch
import IAMSpec
import IAMSpecRunner
import IAMSpecTesting
import Testing

/// An SDK whose every method is isolated to the main actor, as many on Apple platforms are: it
/// displays the first message it was given when a session starts.
@MainActor
private final class MainActorSDK {
    private let messages: [InAppMessage]

    init(messages: [InAppMessage]) {
        self.messages = messages
    }

    func startSession() -> [MessageID] {
        messages.prefix(1).map(\.id)
    }
}

/// The adapter of the runner guide's "Engines on the main actor": each call hops to the main
/// actor and waits there for the SDK, from the worker thread the runner calls it on.
private struct MainActorEngine: DeliveryEngine {
    let sdk: MainActorSDK

    mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
        DispatchQueue.main.sync {
            MainActor.assumeIsolated {
                guard case .sessionStarted = stimulus else { return [] }
                return sdk.startSession().flatMap { id -> [Observation] in
                    [.displayed(id, extras: [:]), .impressionLogged(id)]
                }
            }
        }
    }
}

private struct MainActorEngineProvider: EngineProvider {
    var description: EngineDescription {
        EngineDescription(name: "main-actor", version: "1.0.0", profiles: [.brazeSwift], capabilities: [.analytics])
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        let messages = setup.messages
        let sdk = DispatchQueue.main.sync { MainActor.assumeIsolated { MainActorSDK(messages: messages) } }
        return MainActorEngine(sdk: sdk)
    }
}

@Suite("Running the suite from an async caller")
struct MainActorEngineTests {
    /// With the blocking `run(cases:)`, the main actor would wait for the runs while each engine
    /// waits for the main actor: every run would hang until its timeout.
    @MainActor @Test func anEngineOnTheMainActorRunsFromATestOnTheMainActor() async {
        let summary = await ConformanceRun(engine: MainActorEngineProvider(), options: RunOptions(jobs: 2))
            .run(cases: ["a", "b", "c"].map { CaseFixtures.displaysPromo($0) })
        #expect(summary.passedCount == 3, "\(summary.totalsLine)")
        #expect(!summary.interrupted)
    }

    @Test func cancellingTheTaskInterruptsTheRun() async {
        let provider = ScriptedEngineProvider { _, _ in .hang }
        let run = Task {
            await ConformanceRun(engine: provider, options: RunOptions(jobs: 1))
                .run(cases: [CaseFixtures.displaysPromo("hangs"), CaseFixtures.displaysPromo("never")])
        }
        while provider.recorder.runs.first?.stimuli.isEmpty ?? true {
            await Task.yield()
        }
        run.cancel()
        let summary = await run.value
        #expect(summary.interrupted)
        #expect(summary.results.map(\.status) == [.error])
        #expect(summary.notRun == 1)
    }
}
