import IAMSpec
import IAMSpecExplanation
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

    /// An engine that declines its first `declining` scenarios (an adapter that cannot play the
    /// server's part in them), then answers as `behaviour` does, counting the engines asked for.
    private final class DecliningEngineProvider: EngineProvider {
        let declining: Int
        let behaviour: String
        let made = Mutex(0)

        init(declining: Int, then behaviour: String = "sync-events-dropped") {
            self.declining = declining
            self.behaviour = behaviour
        }

        var description: EngineDescription { FailingEngineProvider(error: EngineError("")).description }

        func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
            let count = made.withLock {
                $0 += 1
                return $0
            }
            guard count > declining, let answering = BehaviourCatalogue.behaviour(id: behaviour) else {
                throw CaseSkipped(reason: "the server's decision")
            }
            // The behaviour as an engine of these capabilities observes it, as the experiment
            // predicts its hypotheses.
            return try ObservedByTheEngine(
                base: BehaviourEngineProvider(behaviour: answering),
                capabilities: TieExperimentFailureTests.capabilities,
                declaring: true
            )
            .makeEngine(for: setup)
        }
    }

    @Test func anEngineThatDeclinesEveryExperimentIsSaidToHaveDeclinedThem() {
        let engine = DecliningEngineProvider(declining: .max)
        let decided = TieExperiment(engine: engine).decide(Self.tie)
        #expect(decided.isOpen, "nothing was told apart")
        // Two: the different experiments the generator's 300 scenarios hold for the pair (a legacy
        // full message has its image for an engine without `assets`), below the 3 a pair may get.
        #expect(engine.made.withLock { $0 } == 2, "two different experiments, each declined")
        #expect(
            decided.toTellApart
                == "2 experiments within the engine's capabilities separate them, and the engine declined each: "
                + "the server's decision"
        )
    }

    /// A declined scenario asks the engine nothing; another form of the question may not need what
    /// the adapter cannot play, and the engine's answer to it decides.
    @Test func anExperimentTheEngineDeclinesIsFollowedByAnotherThatDecides() {
        let engine = DecliningEngineProvider(declining: 1, then: "sync-events-not-held")
        let decided = TieExperiment(engine: engine).decide(Self.tie)
        #expect(engine.made.withLock { $0 } == 2, "the declined experiment, then one the engine answered")
        #expect(!decided.isOpen)
        #expect(decided.behaviour == "sync-events-not-held")
        #expect(decided.toldApart.map(\.behaviour) == ["sync-events-dropped"])
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
        // Two: every different experiment the generator's 300 scenarios hold for the pair.
        #expect(engine.made.withLock { $0 } == 2, "two different experiments, each on a fresh engine")
        #expect(
            decided.toTellApart
                == "2 experiments within the engine's capabilities separate them, and the engine answered each as neither"
        )
    }
}
