import IAMSpec
import IAMSpecMutants
import IAMSpecReferenceEngine
import IAMSpecRunner
import Synchronization
import Testing

/// A certain name is a prediction, tested on the engine before it is given: borne out by an
/// engine that has the behaviour, refuted by one that follows the reference rules or a rival of
/// the same rule, with the experiment that refuted it.
@Suite("Names tested as predictions")
struct NamePredictionTests {
    /// A certain name for behaviour `id` of the catalogue, replaying no run.
    private static func name(_ id: String) throws -> ExplainedBehaviour {
        let behaviour = try #require(BehaviourCatalogue.behaviour(id: id))
        return ExplainedBehaviour(behaviour: id, summary: behaviour.summary, rule: behaviour.rule, runs: [])
    }

    @Test func anEngineWithTheNamedBehaviourBearsItOut() throws {
        let engine = BehaviourEngineProvider(
            behaviour: try #require(BehaviourCatalogue.behaviour(id: "priority-lowest-wins"))
        )
        let tested = NamePrediction(engine: engine).test([try Self.name("priority-lowest-wins")])
        #expect(tested.refuted.isEmpty)
        let given = try #require(tested.given.first)
        #expect(given.refutation == nil)
        #expect((given.predictions ?? 0) >= 1)
        #expect(given.toldApart.map(\.behaviour).contains(ExplainedBehaviour.reference))
        #expect(given.toldApart.allSatisfy { $0.experiment != nil })
        #expect(given.line.contains("borne out by the engine"))
        // A scenario that tells the name from several rivals is one prediction.
        #expect(given.predictions == Set(given.toldApart.compactMap { $0.experiment?.steps }).count)
    }

    @Test func whatTheEngineDoesOnAResiduesChannelIsLeftOutOfItsAnswers() throws {
        // The engine has the named behaviour, and logs each impression twice, which no name
        // explains: its answers differ from the name's at every impression.
        let engine = ImpressionsLoggedTwice(
            base: BehaviourEngineProvider(
                behaviour: try #require(BehaviourCatalogue.behaviour(id: "priority-lowest-wins"))
            )
        )
        let alone = try #require(
            NamePrediction(engine: engine).test([try Self.name("priority-lowest-wins")]).given.first
        )
        #expect(alone.predictions == 0)
        #expect(alone.unanswered >= 1)
        #expect(alone.line.contains("; no prediction borne out: the engine answered "))
        // Each experiment is kept: the engine logged one more impression than either predicts.
        let neither = try #require(alone.inconclusive.first { $0.reason == .neither })
        #expect(!neither.experiment.steps.isEmpty)
        #expect(neither.experiment.engineAnswer != neither.experiment.otherAnswer)
        #expect(neither.experiment.engineAnswer != neither.rivalAnswer)
        #expect(alone.proofLines.contains { $0.hasPrefix("inconclusive against ") })
        // Where a name replays a run in part, the engine's analytics its own: left out.
        var name = try Self.name("priority-lowest-wins")
        name.residues = [
            .init(run: .init(caseID: "priority-tie-later-wins", profile: .brazeSwift), channels: ["analytics"])
        ]
        let tested = try #require(NamePrediction(engine: engine).test([name]).given.first)
        #expect((tested.predictions ?? 0) >= 1)
        #expect(tested.line.contains("borne out by the engine"))
    }

    @Test func anEngineThatFollowsTheRulesRefutesTheName() throws {
        let tested = NamePrediction(engine: ReferenceEngineProvider()).test([try Self.name("priority-lowest-wins")])
        #expect(tested.given.isEmpty)
        let refuted = try #require(tested.refuted.first)
        let refutation = try #require(refuted.refutation)
        #expect(refutation.rival.behaviour == ExplainedBehaviour.reference)
        #expect(refutation.experiment.engineAnswer == refutation.rivalAnswer)
        #expect(refutation.experiment.engineAnswer != refutation.experiment.otherAnswer)
        #expect(!refutation.experiment.steps.isEmpty)
        #expect(refuted.refutationLines.first?.contains("-> the engine, as the reference rules predicts: ") == true)
    }

    @Test func anEngineWithARivalOfTheSameRuleRefutesTheName() throws {
        let engine = BehaviourEngineProvider(
            behaviour: try #require(BehaviourCatalogue.behaviour(id: "priority-ignored"))
        )
        let tested = NamePrediction(engine: engine).test([try Self.name("priority-lowest-wins")])
        let refuted = try #require(tested.refuted.first)
        let refutation = try #require(refuted.refutation)
        #expect(refutation.rival.behaviour != "priority-lowest-wins")
        #expect(refutation.experiment.engineAnswer != refutation.experiment.otherAnswer)
    }

    @Test func oneScenarioAnsweredAgainstTheNameRefutesItWhateverTheOthersSay() throws {
        // The engine answers its first scenario as the reference rules do (the rival), and every
        // later one as the name: the first contradicts the name, and refutes it.
        let named = BehaviourEngineProvider(
            behaviour: try #require(BehaviourCatalogue.behaviour(id: "priority-lowest-wins"))
        )
        let engine = AsAnotherAtFirst(first: ReferenceEngineProvider(), later: named)
        let tested = NamePrediction(engine: engine).test([try Self.name("priority-lowest-wins")])
        #expect(tested.given.isEmpty)
        let refutation = try #require(tested.refuted.first?.refutation)
        #expect(refutation.rival.behaviour == ExplainedBehaviour.reference)
        #expect(refutation.experiment.engineAnswer == refutation.rivalAnswer)
    }

    @Test func anEngineAnsweringAsNeitherWhereTheNameMattersRefutesIt() throws {
        // The engine drops a message that meets another on screen; named as one that puts it at
        // the bottom of the stack, whose rival (the reference rules) puts it on top. The engine
        // answers as neither: it contradicts the name's own prediction, and refutes it.
        let engine = BehaviourEngineProvider(
            behaviour: try #require(BehaviourCatalogue.behaviour(id: "message-visible-drops"))
        )
        let tested = NamePrediction(engine: engine).test([try Self.name("reenqueue-at-bottom")])
        #expect(tested.given.isEmpty)
        let refuted = try #require(tested.refuted.first)
        let refutation = try #require(refuted.refutation)
        #expect(refutation.experiment.engineAnswer != refutation.experiment.otherAnswer)
        if refutation.experiment.engineAnswer != refutation.rivalAnswer {
            #expect(refuted.refutationLines.first?.contains("-> the engine: ") == true)
            #expect(refuted.refutationLines.first?.contains("predicted: \(refutation.rivalAnswer)") == true)
        }
    }

    @Test func aScenarioAvoidsTheRulesOfTheDifferencesNoNameExplains() throws {
        // The engine puts a message that meets another on screen at the bottom of the stack (the
        // name), and breaks a priority tie for the first message, which no name explains.
        let bottom = try #require(BehaviourCatalogue.behaviour(id: "reenqueue-at-bottom"))
        let ties = try #require(BehaviourCatalogue.behaviour(id: "priority-ties-first"))
        let engine = FailureExplainer.inProcess([bottom, ties])
        let name = try Self.name("reenqueue-at-bottom")
        // Unaware of the ties, a scenario with one asks the engine something no name predicts.
        let unaware = try #require(NamePrediction(engine: engine).test([name]).given.first)
        #expect(unaware.inconclusive.map(\.reason) == [.neither])
        // Told that the report leaves its ties unexplained, the scenarios found avoid them.
        let aware = try #require(NamePrediction(engine: engine).test([name], avoiding: [ties.rule]).given.first)
        #expect(aware.inconclusive.isEmpty)
        #expect(Set(aware.toldApart.map(\.behaviour)).isSuperset(of: unaware.toldApart.map(\.behaviour)))
        #expect((aware.predictions ?? 0) >= 1)
        // The name's own rule is never avoided: its rivals are told apart there.
        let ownRule = try #require(NamePrediction(engine: engine).test([name], avoiding: [bottom.rule]).given.first)
        #expect(ownRule == unaware)
    }

    @Test func namesStillOpenAreLeftToTheTieExperiment() throws {
        var open = try Self.name("priority-lowest-wins")
        open.alternatives = [
            .init(behaviour: "priority-ignored", summary: "ignores priority", rule: "priority.highest-wins")
        ]
        let tested = NamePrediction(engine: ReferenceEngineProvider()).test([open])
        #expect(tested.given == [open])
        #expect(tested.refuted.isEmpty)
    }

    @Test func anEngineThatDeclinesEveryExperimentLeavesTheNameUntestedAndSaysSo() throws {
        let tested = NamePrediction(engine: DecliningEverything()).test([try Self.name("priority-lowest-wins")])
        let given = try #require(tested.given.first)
        #expect(given.predictions == 0)
        // Each rival's three seeds, each scenario declined.
        #expect(given.declined >= 3)
        #expect(given.unanswered == 0)
        #expect(given.inconclusive.allSatisfy { $0.experiment.engineAnswer.hasPrefix("declined: ") })
        #expect(given.line.contains("; untested: the engine declined or failed "))
        #expect(!given.line.contains("none of the scenarios generated"))
    }

    @Test func anInterruptedRunGivesItsNamesUntested() throws {
        let name = try Self.name("priority-lowest-wins")
        let tested = NamePrediction(engine: ReferenceEngineProvider(), stoppingWhen: { true }).test([name])
        #expect(tested.given == [name])
        #expect(tested.given.first?.predictions == nil)
    }
}

/// An engine of the reference engine's description that declines every case it is given.
private struct DecliningEverything: EngineProvider {
    var description: EngineDescription { ReferenceEngineProvider().description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        throw CaseSkipped(reason: "declines every scenario")
    }
}

/// An engine that answers the first scenario it is given as `first` does, and every later one as
/// `later` does.
private final class AsAnotherAtFirst: EngineProvider {
    let first: any EngineProvider
    let later: any EngineProvider
    private let made = Mutex(0)

    init(first: any EngineProvider, later: any EngineProvider) {
        self.first = first
        self.later = later
    }

    var description: EngineDescription { later.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        let isFirst = made.withLock { count in
            count += 1
            return count == 1
        }
        return try (isFirst ? first : later).makeEngine(for: setup)
    }
}
