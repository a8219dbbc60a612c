import IAMSpec
import IAMSpecReferenceEngine
import IAMSpecRunner
import Synchronization
import Testing

@testable import IAMSpecExplanation

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

    /// A run whose message `tapped` is triggered while `first` is on screen, and its scenario.
    private static let firstThenTap = (
        run: ExplainedBehaviour.Run(caseID: "first-then-tap", profile: .brazeSwift),
        scenario: Build.scenario(
            [Build.message("first", .sessionStart), Build.message("tapped", Build.tap)],
            [Build.start, Build.event("tap")],
            configuration: Build.noInterval
        )
    )

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
        let engine = impressionsLoggedTwice(
            BehaviourEngineProvider(
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
        #expect(
            refuted.refutationLines(namedOtherwise: []).first?.contains(
                "-> the engine, as the reference rules predicts: "
            ) == true
        )
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
            #expect(refuted.refutationLines(namedOtherwise: []).first?.contains("-> the engine: ") == true)
            #expect(
                refuted.refutationLines(namedOtherwise: []).first?.contains("predicted: \(refutation.rivalAnswer)")
                    == true
            )
        }
    }

    @Test func aNameThatDiffersOnlyWhereTheEngineIsUnexplainedSaysWhereItWasUntested() throws {
        // The engine logs every click, and its impressions its own way (a name replays a run in
        // part on analytics): the answers are compared without analytics, where alone the name
        // differs from the reference rules and its rivals. Nothing can test it, and it says why.
        let engine = BehaviourEngineProvider(
            behaviour: try #require(BehaviourCatalogue.behaviour(id: "click-logged-every-time"))
        )
        var name = try Self.name("click-logged-every-time")
        name.residues = [.init(run: .init(caseID: "impressions", profile: .brazeSwift), channels: ["analytics"])]
        let tested = try #require(NamePrediction(engine: engine).test([name]).given.first)
        #expect(tested.predictions == 0)
        #expect(tested.untestedOn == ["analytics"])
        #expect(
            tested.line.hasSuffix(
                "untested: it differs from the reference rules and its rivals only in the engine's analytics, where "
                    + "the engine does what no name explains (a name replays runs in part there))"
            )
        )
        // Compared on every channel, it is borne out.
        let plain = try #require(
            NamePrediction(engine: engine).test([try Self.name("click-logged-every-time")]).given.first
        )
        #expect(plain.untestedOn.isEmpty)
        #expect((plain.predictions ?? 0) >= 1)
    }

    @Test func aMessageANameTookOffTheScreenUnreportedIsClickedAfterItsRun() throws {
        // The engine shows a message that meets another on screen beside it, and reports no
        // dismissals. Named as one that shows it in the other's place, it says nothing the engine
        // reports otherwise: the name's run, continued, clicks the message the name took off the
        // screen, and the engine logs the click.
        let engine = ObservedByTheEngine(
            base: BehaviourEngineProvider(
                behaviour: try #require(BehaviourCatalogue.behaviour(id: "message-visible-shown-beside"))
            ),
            capabilities: Set(Capability.allCases).subtracting([.dismissals]),
            declaring: true
        )
        var name = try Self.name("message-visible-replaced")
        let (run, scenario) = Self.firstThenTap
        name.runs = [run]
        let tested = NamePrediction(engine: engine, scenarioOfRun: { $0 == run ? scenario : nil }).test([name])
        #expect(tested.given.isEmpty)
        let refutation = try #require(tested.refuted.first?.refutation)
        #expect(refutation.experiment.engineAnswer.contains("click: first -> {click_logged: first}"))
        #expect(refutation.experiment.otherAnswer.contains("click: first -> nothing"))
        // Where clicks are among the differences no name explains, a click logged on a message
        // no longer on screen may be one: the click concludes nothing. Unless the engine's passes
        // rule it out (it passes the suite's case of a click on a message that left the screen).
        let clicksUnexplained: Set<String> = ["analytics.once-per-message"]
        let unpassed = NamePrediction(engine: engine, scenarioOfRun: { $0 == run ? scenario : nil })
            .test([name], avoiding: clicksUnexplained)
        #expect(unpassed.refuted.first?.refutation?.experiment.engineAnswer.contains("click: first") != true)
        let passes = try SpecsCases.passes(of: engine, profile: .brazeSwift)
        #expect(passes.contains { $0.run.caseID == "analytics-no-click-after-dismiss" })
        let passed = NamePrediction(engine: engine, scenarioOfRun: { $0 == run ? scenario : nil }, passes: passes)
            .test([name], avoiding: clicksUnexplained)
        let refuted = try #require(passed.refuted.first?.refutation)
        #expect(refuted.experiment.engineAnswer.contains("click: first -> {click_logged: first}"))
        // The same engine reporting its dismissals refutes the name at its run's trigger, as
        // before: no click is sent.
        let reporting = BehaviourEngineProvider(
            behaviour: try #require(BehaviourCatalogue.behaviour(id: "message-visible-shown-beside"))
        )
        let told = NamePrediction(engine: reporting, scenarioOfRun: { $0 == run ? scenario : nil }).test([name])
        let plain = try #require(told.refuted.first?.refutation)
        #expect(!plain.experiment.steps.contains { $0.hasPrefix("click") })
    }

    @Test func aRunContinuedPastARelaunchOrADaySendsItsTriggerAgain() throws {
        // The engine fires Session Start triggers only just after the app's launch; named as one
        // that shows one message a day for them. Their runs agree, and so does the session start
        // that follows dismissals and waits: a relaunch tells them apart, its session start
        // showing a message the name says waits a day; so does a day's wait, after which the
        // name's message is due again and the engine shows nothing.
        let launch = BehaviourEngineProvider(
            behaviour: try #require(BehaviourCatalogue.behaviour(id: "session-start-only-after-launch"))
        )
        var name = try Self.name("session-start-once-per-day")
        let run = ExplainedBehaviour.Run(caseID: "two-sessions", profile: .brazeSwift)
        name.runs = [run]
        let scenario = Build.scenario(
            [Build.message("first", .sessionStart), Build.message("second", .sessionStart)],
            [Build.start, .messageDismissed("first"), Build.advance(60), Build.start]
        )
        func refutation(on engine: any EngineProvider) throws -> ExplainedBehaviour.Refutation {
            let tested = NamePrediction(engine: engine, scenarioOfRun: { $0 == run ? scenario : nil }).test([name])
            return try #require(tested.refuted.first?.refutation)
        }
        let relaunched = try refutation(on: launch)
        #expect(relaunched.experiment.steps.joined(separator: "; ").contains("relaunch; session_start"))
        #expect(relaunched.experiment.engineAnswer.contains("session_start -> {displayed: "))
        // The same engine, declaring no app lifecycle: no relaunch can be sent.
        let unlaunched = try refutation(
            on: ObservedByTheEngine(
                base: launch,
                capabilities: Set(Capability.allCases).subtracting([.appLifecycle]),
                declaring: true
            )
        )
        let steps = unlaunched.experiment.steps.joined(separator: "; ")
        #expect(!steps.contains("relaunch"))
        #expect(steps.contains("advance: 86401; session_start"))
        #expect(
            unlaunched.experiment.otherAnswer.contains("advance: 86401 -> nothing; session_start -> {displayed: first}")
        )
    }

    @Test func aContinuationTheEngineDeclinesIsRunAgainWithoutWhatItMayDecline() throws {
        // The engine drops a message triggered while another is visible, and declines a relaunch.
        // The name's run continued whole reaches a relaunch, and is declined; continued without
        // the relaunch and the triggers sent again, it bears the name out against the rules.
        let engine = decliningRelaunch(
            BehaviourEngineProvider(
                behaviour: try #require(BehaviourCatalogue.behaviour(id: "message-visible-drops"))
            )
        )
        var name = try Self.name("message-visible-drops")
        let (run, scenario) = Self.firstThenTap
        name.runs = [run]
        let tested = try #require(
            NamePrediction(engine: engine, scenarioOfRun: { $0 == run ? scenario : nil }).test([name]).given.first
        )
        let declined = try #require(tested.inconclusive.first)
        #expect(declined.reason == .declined)
        #expect(declined.experiment.steps.contains("relaunch"))
        let rules = try #require(tested.toldApart.first { $0.behaviour == ExplainedBehaviour.reference }?.experiment)
        #expect(
            Array(rules.steps.prefix(4)) == [
                "profile braze-swift", "session_start", "custom_event: \"tap\"", "dismiss: first",
            ]
        )
        #expect(!rules.steps.contains("relaunch"))
    }

    @Test func aMechanismBesideANameMustLeaveTheNamesOwnRunsAsTheyFailed() throws {
        // Named as an engine that offers nothing at a session start: "the waiting message shown
        // once the screen is free" beside it would show the waiting message at the dismissal of
        // the name's own run, where the name (and the engine) show nothing: the engine has not
        // both. A mechanism of the filters changes nothing there.
        let run = try SpecsCases.run("stack-session-start-offers-top", profile: .brazeSwift)
        let agreement = OwnRunsAgreement(capabilities: Set(Capability.allCases))
        let named = ["eligibility-offers-nothing"]
        #expect(!agreement.agree(named + ["waiting-shown-once-screen-free"], with: named, on: [run]))
        #expect(agreement.agree(named + ["equality-ignoring-case"], with: named, on: [run]))
        #expect(agreement.agree(named + ["waiting-shown-once-screen-free"], with: named, on: []))
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

    @Test func aRuleNoNameExplainsStandsInTheWayOnlyWhereItMattersByTheDeparture() throws {
        // The engine follows the rules: a new session shows the message waiting on the stack.
        // Named as one that offers nothing at a session start, its run departs from the name
        // there. The run then sends an event that a filter of another message matches only when
        // strings are compared ignoring case.
        let engine = ReferenceEngineProvider()
        var name = try Self.name("eligibility-offers-nothing")
        let run = ExplainedBehaviour.Run(caseID: "waiting-then-new-session", profile: .brazeSwift)
        name.runs = [run]
        let scenario = Build.scenario(
            [
                Build.message("first", .customEvent(name: "one", filters: PropertyFilters())),
                Build.message("waiting", .customEvent(name: "two", filters: PropertyFilters())),
                Build.message("gold", Build.tap("plan", .equals(.string("gold")))),
            ],
            [
                Build.start, Build.event("one"), Build.event("two"), .messageDismissed("first"), .sessionEnded,
                Build.start, Build.advance(60), Build.event("tap", ["plan": .string("Gold")]),
            ],
            configuration: Build.noInterval
        )
        func tested(leavingUnexplained rule: String) -> (given: [ExplainedBehaviour], refuted: [ExplainedBehaviour]) {
            NamePrediction(
                engine: engine,
                scenarios: 0,
                rivalsPerRule: 0,
                scenarioOfRun: { $0 == run ? scenario : nil }
            )
            .test([name], avoiding: [rule])
        }
        // Where the report leaves string equality unexplained, a behaviour of it changes the name's
        // answer only at the event, after the session start where the engine departed: it cannot
        // be why. The name is refuted.
        let late = tested(leavingUnexplained: "filters.equals")
        #expect(late.given.isEmpty)
        let refutation = try #require(late.refuted.first?.refutation)
        #expect(
            refutation.experiment.engineAnswer.hasPrefix(
                "session_start -> {no_matching_trigger: session_start}, {displayed: waiting}"
            )
        )
        // Where it leaves a message that meets another on screen unexplained, a behaviour of that
        // rule changes the name's answer by the session start: nothing is concluded.
        let early = try #require(tested(leavingUnexplained: "reenqueue.message-visible").given.first)
        #expect(early.inconclusive.map(\.reason) == [.neither])
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

    @Test func aNameHoldingARefutedBehaviourThatPredictsAlikeIsRefutedByTheSameExperiment() throws {
        let engine = CountingEngines(base: ReferenceEngineProvider())
        let prediction = NamePrediction(engine: engine)
        var refuting: [RefutingExperiment] = []
        let first = prediction.test([try Self.name("priority-lowest-wins")], refuting: &refuting)
        let refutation = try #require(first.refuted.first?.refutation)
        #expect(refuting.count == 1)
        let asked = engine.made
        // The refuted behaviour beside one that changes nothing on its experiment (API events):
        // refuted by the same experiment, the engine not asked again.
        let beside = prediction.test([try Self.name("api-events-trigger+priority-lowest-wins")], refuting: &refuting)
        #expect(beside.given.isEmpty)
        #expect(beside.refuted.first?.refutation == refutation)
        #expect(engine.made == asked)
        #expect(refuting.count == 1)
        // A name without the refuted behaviour is asked of the engine itself.
        let other = prediction.test([try Self.name("priority-ignored")], refuting: &refuting)
        #expect(engine.made > asked)
        #expect(other.refuted.first?.refutation != refutation)
    }

    /// The name of behaviour `id`, replaying one run of `scenario`, tested on the engine of the
    /// catalogue's behaviour `engineID` (declaring every capability but `lacking`) by its own run
    /// alone: no rival of its rule, no generated scenario; what the run, continued and varied,
    /// answers.
    private static func testedOnItsRunAlone(
        _ id: String,
        _ scenario: Scenario,
        onEngineOf engineID: String,
        lacking: Set<Capability> = []
    ) throws -> (given: [ExplainedBehaviour], refuted: [ExplainedBehaviour]) {
        var name = try Self.name(id)
        name.runs = [ExplainedBehaviour.Run(caseID: "run", profile: .brazeSwift)]
        let engine = ObservedByTheEngine(
            base: BehaviourEngineProvider(behaviour: try #require(BehaviourCatalogue.behaviour(id: engineID))),
            capabilities: Set(Capability.allCases).subtracting(lacking),
            declaring: true
        )
        return NamePrediction(engine: engine, scenarios: 0, rivalsPerRule: 0, scenarioOfRun: { _ in scenario })
            .test([name])
    }

    @Test func aNameOfPriorityIsAskedItsRunWithThePrioritiesTurnedRound() throws {
        // The engine shows the lowest priority's message. On the run (the higher priority
        // delivered first), the lowest and the tie rule (the later message) pick the same one, so
        // a name that says the engine ignores priority replays it. With no rival of its rule and
        // no generated scenario to ask, only the run with its priorities turned round tells them
        // apart: the engine shows the other message, and the name is refuted there.
        let scenario = Build.scenario(
            [
                Build.message("high", Build.tap) { $0.priority = 2 },
                Build.message("low", Build.tap) { $0.priority = 1 },
            ],
            [Build.start, Build.event("tap")],
            configuration: Build.noInterval
        )
        let lowest = try Self.testedOnItsRunAlone("priority-ignored", scenario, onEngineOf: "priority-lowest-wins")
        #expect(lowest.given.isEmpty)
        let refutation = try #require(lowest.refuted.first?.refutation)
        #expect(refutation.experiment.steps.contains("priorities turned round: high 1, low 2"))
        #expect(refutation.experiment.engineAnswer.contains("{displayed: high}"))
        #expect(refutation.experiment.otherAnswer.contains("{displayed: low}"))
        // An engine that ignores priority answers the turned run as the name says: given.
        let ignoring = try Self.testedOnItsRunAlone("priority-ignored", scenario, onEngineOf: "priority-ignored")
        #expect(ignoring.refuted.isEmpty)
        #expect(ignoring.given.first?.refutation == nil)
        #expect(ignoring.given.first?.behaviour == "priority-ignored")
    }

    @Test func aNameOfAssetsIsAskedItsRunWithTheFailedDownloadSucceeding() throws {
        // The engine makes a message a candidate only once its image is downloaded: triggered
        // while the image downloads, then failed, it is never shown and nothing is reported.
        // Named as one that skips a failed message in silence, the run replays (the engine
        // reports no trigger that matched nothing, as Swrve's does not); with the download
        // succeeding, the name shows the message, and the engine does not.
        let scenario = Build.scenario(
            [Build.message("pic", Build.tap) { $0.image = .pending }],
            [Build.start, Build.event("tap"), .assetDownloadSettled(message: "pic", succeeded: false)],
            configuration: Build.noInterval
        )
        func tested(onEngineOf id: String) throws -> (given: [ExplainedBehaviour], refuted: [ExplainedBehaviour]) {
            try Self.testedOnItsRunAlone(
                "asset-failure-silent",
                scenario,
                onEngineOf: id,
                lacking: [.noMatchingTrigger]
            )
        }
        let notACandidate = try tested(onEngineOf: "assets-not-ready-not-a-candidate")
        #expect(notACandidate.given.isEmpty)
        let refutation = try #require(notACandidate.refuted.first?.refutation)
        #expect(refutation.experiment.steps.contains("failed downloads made to succeed: pic"))
        #expect(refutation.experiment.otherAnswer.contains("{displayed: pic}"))
        #expect(!refutation.experiment.engineAnswer.contains("{displayed: pic}"))
        // An engine that does skip a failed message in silence shows it once it succeeds: given.
        let silent = try tested(onEngineOf: "asset-failure-silent")
        #expect(silent.refuted.isEmpty)
        #expect(silent.given.first?.behaviour == "asset-failure-silent")
    }

    @Test func theRunWhoseVariantAsksSomethingIsVariedThoughItComesLate() throws {
        // The name's first three runs are of images that fail at delivery: succeeding, they show
        // on the engine as the name says. Only its fourth run, a pending download, varied, tells
        // the name from an engine that never makes a downloading message a candidate.
        var name = try Self.name("asset-failure-silent")
        var scenarios: [ExplainedBehaviour.Run: Scenario] = [:]
        for number in 1...4 {
            let run = ExplainedBehaviour.Run(caseID: "run-\(number)", profile: .brazeSwift)
            name.runs.append(run)
            scenarios[run] =
                number < 4
                ? Build.scenario(
                    [Build.message("pic", Build.tap) { $0.image = .fails }],
                    [Build.start, Build.event("tap")],
                    configuration: Build.noInterval
                )
                : Build.scenario(
                    [Build.message("pic", Build.tap) { $0.image = .pending }],
                    [Build.start, Build.event("tap"), .assetDownloadSettled(message: "pic", succeeded: false)],
                    configuration: Build.noInterval
                )
        }
        let engine = ObservedByTheEngine(
            base: BehaviourEngineProvider(
                behaviour: try #require(BehaviourCatalogue.behaviour(id: "assets-not-ready-not-a-candidate"))
            ),
            capabilities: Set(Capability.allCases).subtracting([.noMatchingTrigger]),
            declaring: true
        )
        let tested = NamePrediction(engine: engine, scenarios: 0, rivalsPerRule: 0, scenarioOfRun: { scenarios[$0] })
            .test([name])
        let refutation = try #require(tested.refuted.first?.refutation)
        #expect(refutation.experiment.steps.contains("asset_download: {message: pic, outcome: succeeds}"))
    }

    @Test func aRefutedNameIsCompletedByTheMechanismItsExperimentShows() throws {
        // The engine gives a priority tie to the earlier message, keeps the loser waiting, and
        // shows it by itself once the screen is free. Named as the tie alone (the loser dropped),
        // beside the waiting shown once the screen is free, the name's run continued past its
        // dismissal shows the loser: refuted. The one behaviour that, added, answers as the engine
        // did there is the loser kept waiting: the name given is the tie with it, tested again.
        let engine = try #require(
            BehaviourCatalogue.behaviour(
                id: "priority-ties-first+priority-losers-stacked+waiting-shown-once-screen-free"
            )
        )
        var tie = try Self.name("priority-ties-first")
        let run = ExplainedBehaviour.Run(caseID: "tie", profile: .brazeSwift)
        tie.runs = [run]
        let scenario = Build.scenario(
            [Build.message("older", Build.tap), Build.message("newer", Build.tap)],
            [Build.start, Build.event("tap")],
            configuration: Build.noInterval
        )
        let names = [tie, try Self.name("waiting-shown-once-screen-free")]
        var refuting: [RefutingExperiment] = []
        let tested = NamePrediction(
            engine: BehaviourEngineProvider(behaviour: engine),
            scenarioOfRun: { $0 == run ? scenario : nil }
        )
        .test(names, refuting: &refuting)
        #expect(tested.refuted.isEmpty)
        let completed = try #require(tested.given.first { $0.runs == [run] })
        #expect(completed.behaviour == "priority-losers-stacked+priority-ties-first")
        #expect(completed.refutation == nil)
        #expect((completed.predictions ?? 0) >= 1)
        // The experiment stands against the tie alone, for any later name that predicts as it did.
        #expect(refuting.count == 1)
        // An engine that drops the loser, as the name says, leaves the tie alone.
        let dropping = try #require(
            BehaviourCatalogue.behaviour(id: "priority-ties-first+waiting-shown-once-screen-free")
        )
        let plain = NamePrediction(
            engine: BehaviourEngineProvider(behaviour: dropping),
            scenarioOfRun: { $0 == run ? scenario : nil }
        )
        .test(names)
        #expect(plain.given.map(\.behaviour).contains("priority-ties-first"))
    }

    @Test func aBehaviourThatAnswersWithoutTheNameReplacesItAndDoesNotCompleteIt() throws {
        // The engine drops a message that meets another on screen; named as one that keeps it
        // waiting and shows it once the screen is free. Past the dismissal and the interval, the
        // engine shows nothing: that refutes the name. The drop, added to it, answers so; but it
        // answers so without the name too: it replaces the name, and does not complete it.
        let engine = try #require(BehaviourCatalogue.behaviour(id: "message-visible-drops"))
        let scenario = Build.scenario(
            [Build.message("first", .sessionStart), Build.message("tapped", Build.tap) { $0.timeout = .seconds(120) }],
            [Build.start, Build.event("tap"), .messageDismissed("first"), Build.advance(31), Build.start]
        )
        let answer = ScenarioTrace(running: scenario, on: BehaviourEngineProvider(behaviour: engine))
        let waiting = try #require(BehaviourCatalogue.behaviour(id: "waiting-shown-once-screen-free"))
        let named = ScenarioTrace(running: scenario, on: BehaviourEngineProvider(behaviour: waiting))
        #expect(answer.windows[3].isEmpty)
        #expect(named.windows[3].contains(.displayed("tapped", extras: [:])))
        let experiment = ExplainedBehaviour.Experiment(steps: [], engineAnswer: "", otherAnswer: "", yaml: "")
        let refuting = RefutingExperiment(
            scenario: scenario,
            answer: answer,
            members: ["waiting-shown-once-screen-free"],
            named: ["waiting-shown-once-screen-free"],
            refutation: .init(
                rival: .init(behaviour: "reference", summary: "", rule: ""),
                experiment: experiment,
                rivalAnswer: ""
            )
        )
        let completed = NamePrediction(engine: BehaviourEngineProvider(behaviour: engine)).completion(
            of: try Self.name("waiting-shown-once-screen-free"),
            refutedBy: refuting,
            beside: [],
            claimed: [],
            leavingOut: []
        )
        #expect(completed == nil)
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

/// An engine that counts the engines it makes: one per scenario it is asked.
private final class CountingEngines: EngineProvider {
    let base: any EngineProvider
    private let count = Mutex(0)

    init(base: any EngineProvider) {
        self.base = base
    }

    /// How many engines were made so far.
    var made: Int { count.withLock { $0 } }

    var description: EngineDescription { base.description }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        count.withLock { $0 += 1 }
        return try base.makeEngine(for: setup)
    }
}
