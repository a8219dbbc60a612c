import IAMSpec
import Testing

@testable import IAMSpecExplanation

/// The generator sends each step only in a state Specs/README.md defines it for, and a scenario
/// that does not is no well-formed scenario (the shrinker keeps none).
@Suite("Steps in the states the documents define them for")
struct DocumentedStatesTests {
    private static func scenario(_ stimuli: [Stimulus], image: AssetOutcome? = nil) -> Scenario {
        Scenario(
            profile: .brazeSwift,
            configuration: EngineConfiguration(),
            messages: [InAppMessage(id: "m1", triggers: [.sessionStart], image: image)],
            stimuli: stimuli
        )
    }

    @Test func everyGeneratedScenarioIsInsideTheDocumentedStates() {
        var generator = ScenarioGenerator(
            seed: 7,
            profiles: Set(Profile.allCases),
            capabilities: Set(Capability.allCases)
        )
        for _ in 0..<2_000 {
            let scenario = generator.next()
            #expect(scenario.isWellFormed, "\(scenario.stimuli)")
        }
    }

    @Test func foregroundOnlyAfterBackground() {
        #expect(!Self.scenario([.sessionStarted(syncPending: false), .appForegrounded]).isWellFormed)
        #expect(Self.scenario([.sessionStarted(syncPending: false), .appBackgrounded, .appForegrounded]).isWellFormed)
        #expect(
            !Self.scenario([.appBackgrounded, .appForegrounded, .appForegrounded]).isWellFormed,
            "a second foreground brings back nothing"
        )
    }

    @Test func syncCompleteOnlyWhileASyncIsPending() {
        #expect(!Self.scenario([.sessionSyncCompleted]).isWellFormed)
        #expect(!Self.scenario([.sessionStarted(syncPending: false), .sessionSyncCompleted]).isWellFormed)
        #expect(Self.scenario([.sessionStarted(syncPending: true), .sessionSyncCompleted]).isWellFormed)
    }

    @Test func aDownloadSettlesOnlyWhilePendingAfterADelivery() {
        let settle = Stimulus.assetDownloadSettled(message: "m1", succeeded: true)
        #expect(!Self.scenario([settle], image: .pending).isWellFormed, "nothing delivered yet")
        #expect(!Self.scenario([.sessionStarted(syncPending: false), settle], image: .succeeds).isWellFormed)
        #expect(Self.scenario([.sessionStarted(syncPending: false), settle], image: .pending).isWellFormed)
        #expect(
            !Self.scenario([.sessionStarted(syncPending: false), settle, settle], image: .pending).isWellFormed,
            "settled once per delivery"
        )
    }
}
