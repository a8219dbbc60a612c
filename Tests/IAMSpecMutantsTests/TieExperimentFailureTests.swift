import IAMSpec
import IAMSpecMutants
import IAMSpecRunner
import Synchronization
import Testing

/// An engine that does not answer an experiment (its process exits, closes its output or writes
/// what is not an answer: an `EngineError`) leaves the tie open and is reported as such, with
/// what it wrote on standard error, as a run's crash is; never as an engine that answered as
/// neither hypothesis.
@Suite("A tie experiment the engine fails")
struct TieExperimentFailureTests {
    /// A web SDK's capabilities, with which only an experiment tells the two sync behaviours apart.
    private static let capabilities = Set(Capability.allCases).subtracting([
        .stackInspection, .displayNext, .assets, .orientation, .noMatchingTrigger,
    ])

    /// An engine declaring a web SDK's capabilities whose every answer is the error it was given.
    private struct FailingEngineProvider: EngineProvider {
        var error: EngineError

        var description: EngineDescription {
            EngineDescription(
                name: "failing",
                version: "1.0.0",
                profiles: Set(Profile.allCases),
                capabilities: TieExperimentFailureTests.capabilities,
                lacking: Capability.assumedUnlessLacking
            )
        }

        func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
            FailingEngine(error: error)
        }
    }

    private struct FailingEngine: DeliveryEngine {
        var error: EngineError

        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            throw error
        }
    }

    private static let tie = ExplainedBehaviour(
        behaviour: "sync-events-dropped",
        summary: "drops the events of a sync",
        rule: "sync.held-events",
        runs: [],
        alternatives: [
            ExplainedBehaviour.Alternative(
                behaviour: "sync-events-not-held",
                summary: "evaluates the events of a sync at once",
                rule: "sync.held-events"
            )
        ]
    )

    @Test func anEngineThatCrashesDuringTheExperimentIsSaidToHaveCrashedWithItsStandardError() {
        let crash = EngineError(
            "the engine's process exited with status 3 before answering",
            diagnostics: "Traceback (most recent call last):\nRuntimeError: boom in the experiment\n"
        )
        let decided = TieExperiment(engine: FailingEngineProvider(error: crash)).decide(Self.tie)
        #expect(decided.isOpen, "nothing was told apart")
        #expect(decided.toldApart.isEmpty)
        #expect(
            decided.toTellApart
                == "the engine crashed or garbled its answer during the experiment: the engine's process exited "
                + "with status 3 before answering; its standard error: Traceback (most recent call last):\n"
                + "RuntimeError: boom in the experiment"
        )
    }

    @Test func anEngineThatGarblesItsAnswerWithoutStandardErrorIsSaidToHaveGarbledIt() {
        let garbled = EngineError("the engine wrote a line that is not JSON: 'hello'")
        let decided = TieExperiment(engine: FailingEngineProvider(error: garbled)).decide(Self.tie)
        #expect(
            decided.toTellApart
                == "the engine crashed or garbled its answer during the experiment: the engine wrote a line that is "
                + "not JSON: 'hello'"
        )
        #expect(!(decided.toTellApart ?? "").contains("answered as neither"))
    }

    /// An engine that declines every scenario (an adapter that cannot play the server's part).
    private struct DecliningEngineProvider: EngineProvider {
        var description: EngineDescription { FailingEngineProvider(error: EngineError("")).description }

        func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
            throw CaseSkipped(reason: "the server's decision")
        }
    }

    @Test func anEngineThatDeclinesTheExperimentIsSaidToHaveDeclinedIt() {
        let decided = TieExperiment(engine: DecliningEngineProvider()).decide(Self.tie)
        #expect(decided.isOpen, "nothing was told apart")
        #expect(
            decided.toTellApart
                == "an experiment within the engine's capabilities; the engine declined the scenario: the server's decision"
        )
    }

    /// An engine that answers every stimulus with a message no hypothesis shows, counting the
    /// engines made (one per experiment).
    private final class NeitherEngineProvider: EngineProvider {
        let made = Mutex(0)

        var description: EngineDescription { FailingEngineProvider(error: EngineError("")).description }

        func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
            made.withLock { $0 += 1 }
            return NeitherEngine()
        }
    }

    private struct NeitherEngine: DeliveryEngine {
        mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
            [.displayed(MessageID("no-hypothesis-shows-this"), extras: [:])]
        }
    }

    @Test func anEngineThatAnswersAsNeitherGetsFurtherExperimentsBeforeTheTieStaysOpen() {
        let engine = NeitherEngineProvider()
        let decided = TieExperiment(engine: engine).decide(Self.tie)
        #expect(decided.isOpen, "nothing was told apart")
        #expect(engine.made.withLock { $0 } == 3, "three different experiments, each on a fresh engine")
        #expect(
            decided.toTellApart
                == "3 experiments within the engine's capabilities separate them, and the engine answered each as neither"
        )
    }
}
