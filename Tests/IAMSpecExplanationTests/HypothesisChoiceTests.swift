import Testing

@testable import IAMSpecExplanation

/// The names chosen from what explains each failing run: the fewest behaviours that explain the
/// most runs, a tie never broken by catalogue order, and what every tied hypothesis has named
/// for the runs it explains.
@Suite("The names chosen from the runs' explanations")
struct HypothesisChoiceTests {
    @Test func whatEveryTiedHypothesisHasIsNamedForTheRunsItExplainsAndTheTieOnlyForTheRest() {
        // Behaviour 0 alone explains runs 0 to 2; run 3 needs it beside 1 or beside 2, which run 4
        // needs alone: 0 is the engine's whichever of 1 and 2 it has (as CleverTap's replaced
        // popup beside one of two re-eligibility rules that it declines to be asked about).
        let choice = HypothesisChoice(explaining: [[[0]], [[0]], [[0]], [[0, 1], [0, 2]], [[1], [2]]])
        #expect(
            choice.names == [
                HypothesisChoice.Name(hypotheses: [[0]], runs: [0, 1, 2]),
                HypothesisChoice.Name(hypotheses: [[1], [2]], runs: [3, 4]),
            ]
        )
    }

    @Test func aTieWithNothingInCommonNamesEveryRunItExplains() {
        let choice = HypothesisChoice(explaining: [[[0], [1]], [[0], [1]]])
        #expect(choice.names == [HypothesisChoice.Name(hypotheses: [[0], [1]], runs: [0, 1])])
    }

    @Test func aTiedSetWithAChosenBehaviourIsOneHypothesisWithTheSameSetWithoutIt() {
        #expect(HypothesisChoice.distinct([[0, 1], [1], [0, 2], [2]], beside: [0]) == [[1], [2]])
    }
}
