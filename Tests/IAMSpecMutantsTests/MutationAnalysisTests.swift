import IAMSpec
import IAMSpecExplanation
import IAMSpecMutants
import IAMSpecRunner
import Testing

@Suite("Mutation analysis")
struct MutationAnalysisTests {
    private static let here = SourceLocation(file: "analysis.yaml", line: 1, column: 1)

    /// Two messages stacked behind a visible one, then the top is asked for: LIFO shows `second`.
    private static let lifoCase = SpecCase(
        id: "lifo",
        title: "The last stacked message comes first",
        rules: ["stack.lifo"],
        configuration: EngineConfiguration(minimumTriggerInterval: .zero),
        messages: [
            InAppMessage(id: "shown", triggers: [.sessionStart]),
            InAppMessage(id: "first", triggers: [.customEvent(name: "one", filters: PropertyFilters())]),
            InAppMessage(id: "second", triggers: [.customEvent(name: "two", filters: PropertyFilters())]),
        ],
        steps: [
            Step(.stimulus(.sessionStarted(syncPending: false)), location: here),
            Step(.stimulus(.customEvent(CustomEvent(name: "one"))), location: here),
            Step(.stimulus(.customEvent(CustomEvent(name: "two"))), location: here),
            Step(
                .expectation(
                    Expectation(sequence: [
                        .displayed(.id("shown"), extras: nil), .stacked(.id("first"), reason: .messageVisible),
                        .stacked(.id("second"), reason: .messageVisible),
                    ])
                ),
                location: here
            ),
            Step(.stimulus(.messageDismissed("shown")), location: here),
            Step(.stimulus(.displayNextRequested), location: here),
            Step(.expectation(Expectation(contains: [.displayed(.id("second"), extras: nil)])), location: here),
        ],
        location: here
    )

    private static func mutants(_ ids: String...) throws -> [Behaviour] {
        try ids.map { try #require(BehaviourCatalogue.behaviour(id: $0)) }
    }

    @Test("a case that passes on the reference and fails on a mutant kills it; the others survive")
    func killsAndSurvivors() throws {
        let analysis = MutationAnalysis(
            mutants: try Self.mutants("stack-fifo", "reenqueue-at-bottom", "extras-dropped"),
            options: RunOptions(jobs: 2)
        )
        let report = analysis.run(cases: [Self.lifoCase])
        #expect(report.reference.succeeded)
        #expect(report.outcomes.map(\.mutant.id) == ["stack-fifo", "reenqueue-at-bottom", "extras-dropped"])
        #expect(report.outcomes.map(\.killers) == [["lifo"], ["lifo"], []])
        #expect(report.survivors.map(\.id) == ["extras-dropped"])
        #expect(report.scoreLine == "2/3 (66.7%)")

        let lines = KillMatrixText(report).lines
        #expect(lines.last == "Mutation score: 2/3 (66.7%)")
        #expect(lines.contains { $0.contains("SURVIVED") && $0.contains("extras-dropped") })
        #expect(lines.contains("      by 1 case: lifo"))
        #expect(lines.contains { $0.hasPrefix("  extras-dropped (rule extras.unchanged): ") })
    }

    /// `high` delivered first, then `low`: the higher priority wins over the later delivery.
    private static let priorityCase = SpecCase(
        id: "priority",
        title: "The higher priority wins",
        rules: ["priority.highest-wins"],
        messages: [
            InAppMessage(id: "high", priority: 9, triggers: [.customEvent(name: "go", filters: PropertyFilters())]),
            InAppMessage(id: "low", priority: 1, triggers: [.customEvent(name: "go", filters: PropertyFilters())]),
        ],
        steps: [
            Step(.stimulus(.sessionStarted(syncPending: false)), location: here),
            Step(.stimulus(.customEvent(CustomEvent(name: "go"))), location: here),
            Step(.expectation(Expectation(contains: [.displayed(.id("high"), extras: nil)])), location: here),
        ],
        location: here
    )

    @Test("a killed mutant is told apart only when the report of its run names it alone")
    func toldApart() throws {
        // On this case alone, reading priority upside down, ignoring it (the later delivery
        // winning the tie) and showing every match from the highest down all show `low`: the
        // report names one of them for both, choosing neither.
        let report = MutationAnalysis(
            mutants: try Self.mutants("priority-lowest-wins", "priority-ignored", "extras-dropped"),
            options: RunOptions(jobs: 1)
        )
        .run(cases: [Self.priorityCase])
        #expect(report.outcomes.map(\.isKilled) == [true, true, false])
        let tie = "one of priority-every-match-shown-highest-first, priority-ignored, priority-lowest-wins"
        #expect(report.outcomes.map(\.named) == [[tie], [tie], nil])
        #expect(report.outcomes.map(\.isToldApart) == [false, false, false])
        #expect(report.notToldApart.map(\.mutant.id) == ["priority-lowest-wins", "priority-ignored"])
        let lines = KillMatrixText(report).lines
        #expect(lines.contains("      named as: \(tie)"))
        #expect(lines.contains("  priority-ignored (rule priority.highest-wins): named as \(tie)"))

        // With the suite's case that tells them apart as well, each is named alone.
        let both = MutationAnalysis(
            mutants: try Self.mutants("priority-lowest-wins", "priority-ignored"),
            options: RunOptions(jobs: 1)
        )
        .run(cases: [Self.priorityCase, Self.laterLowCase, Self.tieLoserCase])
        #expect(both.outcomes.map(\.named) == [["priority-lowest-wins"], ["priority-ignored"]])
        #expect(both.notToldApart.isEmpty)
    }

    /// Two messages of one priority: the later delivery wins, and the earlier, not shown, is shown
    /// by the next event; showing every match in turn counts it as shown, and shows nothing.
    private static let tieLoserCase = SpecCase(
        id: "tie-loser",
        title: "The loser of a tie stays eligible",
        rules: ["priority.highest-wins"],
        configuration: EngineConfiguration(minimumTriggerInterval: .zero),
        messages: [
            InAppMessage(id: "older", triggers: [.customEvent(name: "go", filters: PropertyFilters())]),
            InAppMessage(id: "newer", triggers: [.customEvent(name: "go", filters: PropertyFilters())]),
        ],
        steps: [
            Step(.stimulus(.sessionStarted(syncPending: false)), location: here),
            Step(.stimulus(.customEvent(CustomEvent(name: "go"))), location: here),
            Step(.stimulus(.messageDismissed("newer")), location: here),
            Step(.stimulus(.customEvent(CustomEvent(name: "go"))), location: here),
            Step(.expectation(Expectation(contains: [.displayed(.id("older"), extras: nil)])), location: here),
        ],
        location: here
    )

    /// `low` delivered first, then `high`: ignoring priority shows `high` (the later delivery),
    /// reading it upside down shows `low`.
    private static let laterLowCase: SpecCase = {
        var specCase = priorityCase
        specCase.id = "priority-later-high"
        specCase.messages.reverse()
        return specCase
    }()

    @Test("a case the reference engine fails stops the analysis before any mutant runs")
    func referenceMustPass() throws {
        var wrong = Self.lifoCase
        wrong.steps[6] = Step(
            .expectation(Expectation(contains: [.displayed(.id("first"), extras: nil)])),
            location: Self.here
        )
        let report = MutationAnalysis(mutants: try Self.mutants("stack-fifo"), options: RunOptions(jobs: 1))
            .run(cases: [wrong])
        #expect(!report.reference.succeeded)
        #expect(report.outcomes.isEmpty)
    }

    @Test("every mutant survives an empty suite")
    func emptySuite() {
        let report = MutationAnalysis(options: RunOptions(jobs: 1)).run(cases: [])
        #expect(report.outcomes.count == BehaviourCatalogue.all.count)
        #expect(report.killedCount == 0)
        #expect(report.scoreLine == "0/\(BehaviourCatalogue.all.count) (0.0%)")
    }
}
