import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Selecting case runs")
struct RunSelectionTests {
    let cases = [
        CaseFixtures.displaysPromo("triggers.session", profiles: Profile.allCases, tags: ["smoke"]),
        CaseFixtures.displaysPromo("triggers.push", profiles: [.appboyLegacy], tags: ["push"]),
        CaseFixtures.displaysPromo("interval.basic", profiles: [.brazeSwift], tags: ["smoke", "slow"]),
    ]

    private func ids(_ selection: RunSelection) -> [String] {
        selection.runs(of: cases).map { "\($0.specCase.id)/\($0.profile.rawValue)" }
    }

    @Test func everythingIsSelectedByDefaultSortedByIdThenProfile() {
        #expect(
            ids(RunSelection()) == [
                "interval.basic/braze-swift", "triggers.push/appboy-legacy",
                "triggers.session/appboy-legacy", "triggers.session/braze-swift",
            ]
        )
    }

    @Test func filtersAreGlobsOnCaseIdsAndCombineWithOr() {
        #expect(ids(RunSelection(filters: [GlobPattern("triggers.*")])).count == 3)
        #expect(
            ids(RunSelection(filters: [GlobPattern("*.push"), GlobPattern("interval.?asic")])) == [
                "interval.basic/braze-swift", "triggers.push/appboy-legacy",
            ]
        )
        #expect(ids(RunSelection(filters: [GlobPattern("triggers")])).isEmpty, "a glob matches the whole id")
        #expect(ids(RunSelection(filters: [GlobPattern("[it]*.basic")])) == ["interval.basic/braze-swift"])
    }

    @Test func tagsCombineWithOrAndWithFiltersWithAnd() {
        #expect(
            ids(RunSelection(tags: ["push", "slow"])) == ["interval.basic/braze-swift", "triggers.push/appboy-legacy"]
        )
        #expect(
            ids(RunSelection(filters: [GlobPattern("triggers.*")], tags: ["smoke"])) == [
                "triggers.session/appboy-legacy", "triggers.session/braze-swift",
            ]
        )
    }

    @Test func profilesLimitTheRunsOfEachCase() {
        #expect(
            ids(RunSelection(profiles: [.brazeSwift])) == [
                "interval.basic/braze-swift", "triggers.session/braze-swift",
            ]
        )
    }
}
