import IAMSpec
import IAMSpecRunner
import Testing

/// What a run's experiments found stands where its names are given again without experiments (a
/// run of part of it, its stream explained again): a name they refuted, or a rival a name was
/// told apart from, is refuted there with their experiment, an open name keeps only the
/// hypotheses they left, and a name they tested keeps its verdict.
@Suite("A run's verdicts carried")
struct RunVerdictsTests {
    private static let run = ExplainedBehaviour.Run(caseID: "triggers.two", profile: .brazeSwift)

    private static func experiment(_ answer: String) -> ExplainedBehaviour.Experiment {
        .init(steps: ["profile braze-swift", "session_start"], engineAnswer: answer, otherAnswer: "nothing", yaml: "")
    }

    private static func name(
        _ behaviour: String,
        alternatives: [String] = [],
        toldApart: [ExplainedBehaviour.Alternative] = [],
        predictions: Int? = nil,
        refutation: ExplainedBehaviour.Refutation? = nil
    ) -> ExplainedBehaviour {
        ExplainedBehaviour(
            behaviour: behaviour,
            summary: "does \(behaviour)",
            rule: "triggers.session-start",
            runs: [run],
            alternatives: alternatives.map {
                .init(behaviour: $0, summary: "does \($0)", rule: "triggers.session-start")
            },
            toldApart: toldApart,
            toTellApart: alternatives.isEmpty ? nil : "a session start",
            predictions: predictions,
            refutation: refutation
        )
    }

    private static let refutation = ExplainedBehaviour.Refutation(
        rival: .init(
            behaviour: ExplainedBehaviour.reference,
            summary: "follows the rules",
            rule: "triggers.session-start"
        ),
        experiment: experiment("displayed: promo"),
        rivalAnswer: "displayed: promo"
    )

    /// The whole run: it refuted `session-start-ignored`, and gave `session-start-late`, having
    /// told it apart from `session-start-twice` (and from the reference rules).
    private static func wholeRun() -> RunSummary {
        var whole = RunSummary(header: ReportFixtures.header(), results: [])
        whole.refutedNames = [name("session-start-ignored", refutation: refutation)]
        whole.behaviours = [
            name(
                "session-start-late",
                toldApart: [
                    .init(
                        behaviour: "session-start-twice",
                        summary: "does session-start-twice",
                        rule: "triggers.session-start",
                        experiment: experiment("displayed: late")
                    ),
                    .init(
                        behaviour: ExplainedBehaviour.reference,
                        summary: "follows the rules",
                        rule: "triggers.session-start",
                        experiment: experiment("displayed: late")
                    ),
                ],
                predictions: 3
            )
        ]
        return whole
    }

    @Test func aNameTheWholeRunRefutedIsRefutedInThePartWithItsExperiment() {
        var part = RunSummary(header: ReportFixtures.header(), results: [])
        part.behaviours = [Self.name("session-start-ignored"), Self.name("session-start-late")]
        RunVerdicts(Self.wholeRun()).carry(into: &part)
        #expect(part.behaviours.map(\.behaviour) == ["session-start-late"])
        #expect(part.refutedNames.map(\.behaviour) == ["session-start-ignored"])
        #expect(part.refutedNames.first?.refutation == Self.refutation)
    }

    @Test func aRivalANameWasToldApartFromIsRefutedByThatExperimentAsTheNameAnswered() {
        let verdicts = RunVerdicts(Self.wholeRun())
        #expect(Set(verdicts.ruledOut.keys) == ["session-start-ignored", "session-start-twice"])
        let refutation = verdicts.ruledOut["session-start-twice"]
        #expect(refutation?.rival.behaviour == "session-start-late")
        #expect(refutation?.experiment.engineAnswer == "displayed: late")
        #expect(refutation?.rivalAnswer == "displayed: late")

        var part = RunSummary(header: ReportFixtures.header(), results: [])
        part.behaviours = [Self.name("session-start-twice")]
        verdicts.carry(into: &part)
        #expect(part.behaviours.isEmpty)
        #expect(part.refutedNames.map(\.behaviour) == ["session-start-twice"])
    }

    @Test func theRunsLastSearchWasMadeWithoutWhatItsExperimentsRuledOut() {
        // Its stream explained again is searched without the name the run refuted and the rival
        // its experiment told the name given apart from; never without the name given or the
        // reference rules.
        #expect(RunVerdicts(Self.wholeRun()).searchedWithout == ["session-start-ignored", "session-start-twice"])
        // A run whose experiments refuted nothing searched once, without anything.
        var once = Self.wholeRun()
        once.refutedNames = []
        #expect(RunVerdicts(once).searchedWithout.isEmpty)
    }

    @Test func aNameRefutedInThePartAlreadyIsNotRefutedTwice() {
        var part = RunSummary(header: ReportFixtures.header(), results: [])
        part.behaviours = [Self.name("session-start-ignored")]
        part.refutedNames = [Self.name("session-start-ignored", refutation: Self.refutation)]
        RunVerdicts(Self.wholeRun()).carry(into: &part)
        #expect(part.behaviours.isEmpty)
        #expect(part.refutedNames.count == 1)
    }

    @Test func anOpenNameKeepsOnlyTheHypothesesTheWholeRunLeft() throws {
        var part = RunSummary(header: ReportFixtures.header(), results: [])
        part.behaviours = [Self.name("session-start-ignored", alternatives: ["session-start-early"])]
        RunVerdicts(Self.wholeRun()).carry(into: &part)
        let settled = try #require(part.behaviours.first)
        #expect(settled.behaviour == "session-start-early")
        #expect(!settled.isOpen)
        #expect(settled.toTellApart == nil)
        #expect(settled.toldApart.map(\.behaviour) == ["session-start-ignored"])
        #expect(settled.toldApart.first?.experiment == Self.refutation.experiment)
        #expect(part.refutedNames.isEmpty, "an open name is refuted only when each of its hypotheses is")
    }

    @Test func theRunsOwnNamesFoundAgainKeepTheirVerdicts() {
        var whole = Self.wholeRun()
        let found = [Self.name("session-start-late"), Self.name("session-start-ignored")]
        RunVerdicts(whole).give(found, to: &whole)
        #expect(whole.behaviours.map(\.behaviour) == ["session-start-late"])
        #expect(whole.behaviours.first?.predictions == 3, "the verdict of its predictions stands")
        #expect(whole.behaviours.first?.toldApart.map(\.behaviour) == ["reference", "session-start-twice"])
        #expect(whole.refutedNames.map(\.behaviour) == ["session-start-ignored"])
    }

    @Test func anUntestedNameFoundAgainSaysWhatTheRunToldItApartFrom() throws {
        // The run told `session-start-late` apart from `session-start-twice` (an open name
        // settled) and tested nothing more. Searched again without that rival, the name is found
        // certain: it says what told it apart, as the run's does.
        var whole = RunSummary(header: ReportFixtures.header(), results: [])
        let told = ExplainedBehaviour.Alternative(
            behaviour: "session-start-twice",
            summary: "does session-start-twice",
            rule: "triggers.session-start",
            experiment: Self.experiment("displayed: late")
        )
        whole.behaviours = [Self.name("session-start-late", toldApart: [told])]
        RunVerdicts(whole).give([Self.name("session-start-late")], to: &whole)
        let given = try #require(whole.behaviours.first)
        #expect(given.toldApart == [told])
        #expect(given.predictions == nil, "untested, as in the run")
    }

    @Test func aNameTheRunCompletedInPlaceOfItsRefutationIsGivenCompletedWhenFoundAgain() throws {
        // The run's experiment refuted `session-start-early` and showed the mechanism it lacks: the
        // run gave `session-start-early+session-start-twice` in its place, borne out. Its stream
        // explained again finds `session-start-early` for the same run.
        var whole = RunSummary(header: ReportFixtures.header(), results: [])
        var completion = Self.name("session-start-early+session-start-twice", predictions: 2)
        completion.completes = "session-start-early"
        whole.behaviours = [completion]
        RunVerdicts(whole).give([Self.name("session-start-early")], to: &whole)
        let given = try #require(whole.behaviours.first)
        #expect(whole.behaviours.count == 1)
        #expect(given.behaviour == "session-start-early+session-start-twice")
        #expect(given.completes == "session-start-early")
        #expect(given.predictions == 2, "the verdict of its predictions stands")
        #expect(given.runs == [Self.run])
        #expect(given.line.contains("completing the refuted name session-start-early"))
        #expect(whole.refutedNames.isEmpty)
    }

    @Test func aRunTheRunLeftUnexplainedAfterARefutationGetsNoUntestedNameWhenFoundAgain() {
        // The run refuted `session-start-ignored` for its one run, and its searches ended there:
        // the run is among the differences no name explains. Its stream explained again finds
        // `session-start-early`, which no experiment tested: it is not given.
        var whole = RunSummary(header: ReportFixtures.header(), results: [])
        whole.refutedNames = [Self.name("session-start-ignored", refutation: Self.refutation)]
        let verdicts = RunVerdicts(whole)
        #expect(verdicts.leftUnexplained == [Self.run])
        verdicts.give([Self.name("session-start-early")], to: &whole)
        #expect(whole.behaviours.isEmpty)
        #expect(whole.refutedNames.map(\.behaviour) == ["session-start-ignored"])
        // A run the run gave another name keeps that name.
        var renamed = Self.wholeRun()
        RunVerdicts(renamed).give([Self.name("session-start-late")], to: &renamed)
        #expect(renamed.behaviours.map(\.behaviour) == ["session-start-late"])
    }
}
