import Testing

@testable import IAMSpecExplanation

/// What the search keeps of each failing run's single replays, held flat: the behaviours that
/// reproduce it and those of its check's rules (sets past 64 behaviours too), and the closest
/// behaviours in a pool's order, as many as kept.
@Suite struct SinglesFoundTests {
    @Test func eachRunKeepsItsOwnBehavioursInCatalogueOrderPastSixtyFourOfThem() {
        var found = SinglesFound(runs: 3, behaviours: 130, kept: 2)
        for index in [129, 3, 64, 63] { found.reproduces(1, by: index) }
        found.changes(2, by: 70, steps: 1, ofItsRules: true)
        found.changes(2, by: 5, steps: 1, ofItsRules: false)
        #expect(found.reproducing(0).isEmpty)
        #expect(found.reproducing(1) == [3, 63, 64, 129])
        #expect(found.reproducing(2).isEmpty)
        #expect(found.ofTheRules(2) == [70])
        #expect(found.ofTheRules(1).isEmpty)
    }

    @Test func theClosestAreKeptMostStepsFirstThenByCatalogueOrderAsManyAsKept() {
        var found = SinglesFound(runs: 2, behaviours: 10, kept: 3)
        found.changes(0, by: 1, steps: 2, ofItsRules: false)
        found.changes(0, by: 2, steps: 5, ofItsRules: false)
        found.changes(0, by: 3, steps: 2, ofItsRules: false)
        found.changes(0, by: 4, steps: 1, ofItsRules: false)
        found.changes(0, by: 5, steps: 7, ofItsRules: false)
        found.changes(1, by: 0, steps: 0, ofItsRules: false)
        #expect(found.nearest(0, limit: 12) == [5, 2, 1])
        #expect(found.nearest(0, limit: 2) == [5, 2])
        #expect(found.nearest(1, limit: 12) == [0])
    }
}
