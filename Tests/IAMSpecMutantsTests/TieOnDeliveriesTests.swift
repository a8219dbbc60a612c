import IAMSpec
import IAMSpecMutants
import Testing

/// An engine that answers a tie's experiment as neither hypothesis, but as one of them on what is
/// shown, where they differ there, decides the tie: what it does otherwise is its own beside
/// either (``TieExperiment/answersAsOne(_:_:_:)``).
@Suite("A tie decided on deliveries")
struct TieOnDeliveriesTests {
    /// The answers of "drops a message triggered while another is visible" and of "keeps it
    /// waiting and shows it at the dismissal" to: the first shown, the second triggered, the first
    /// dismissed.
    private static let drops: [[Observation]] = [
        [.displayed("first", extras: [:]), .impressionLogged("first")], [], [.dismissed("first")],
    ]
    private static let waits: [[Observation]] = [
        [.displayed("first", extras: [:]), .impressionLogged("first")], [],
        [.dismissed("first"), .displayed("second", extras: [:]), .impressionLogged("second")],
    ]

    @Test func anAnswerAsOneOfThemDecides() {
        #expect(TieExperiment.answersAsOne(Self.drops, Self.drops, Self.waits) == true)
        #expect(TieExperiment.answersAsOne(Self.waits, Self.drops, Self.waits) == false)
    }

    @Test func anEngineLoggingItsOwnWayIsToldApartByWhatItShows() {
        // The engine drops, and logs the first's impression twice, which neither predicts.
        let engine: [[Observation]] = [
            [.displayed("first", extras: [:]), .impressionLogged("first"), .impressionLogged("first")], [],
            [.dismissed("first")],
        ]
        #expect(TieExperiment.answersAsOne(engine, Self.drops, Self.waits) == true)
        #expect(TieExperiment.answersAsOne(engine, Self.waits, Self.drops) == false)
    }

    @Test func anEngineShowingWhatNeitherShowsDecidesNothing() {
        let engine: [[Observation]] = [
            [.displayed("first", extras: [:]), .impressionLogged("first")], [],
            [.dismissed("first"), .displayed("third", extras: [:])],
        ]
        #expect(TieExperiment.answersAsOne(engine, Self.drops, Self.waits) == nil)
    }

    @Test func hypothesesThatDifferOffTheScreenAreComparedWhereTheyDiffer() {
        // Both show the same; one logs the click, the other not; the engine reports no dismissal.
        let logs: [[Observation]] = [[.clickLogged("first")], [.dismissed("first")]]
        let silent: [[Observation]] = [[], [.dismissed("first")]]
        let engine: [[Observation]] = [[.clickLogged("first")], []]
        #expect(TieExperiment.answersAsOne(engine, logs, silent) == true)
    }
}
