import Testing

@testable import IAMSpecExplanation

/// The names of a choice held as one engine, on behaviours whose replays are given by a table:
/// behaviours 0, 1 and 2 (`a`, `b`, `c`), failing runs 0 to 3.
@Suite("The names held as one engine")
struct WholeEngineTests {
    private static let ids = ["a", "b", "c"]

    /// The names `chosen` held together, the behaviours' replays given by `replays` and their
    /// passes by `agrees`; each behaviour alone was replayed on every run.
    private static func held(
        _ chosen: [HypothesisChoice.Name],
        runs: Int,
        replays: @escaping (Set<Int>, Int) -> Bool,
        agrees: @escaping (Set<Int>) -> Bool = { _ in true },
        nearby: [[Int]] = []
    ) -> WholeEngine {
        let known = (0..<runs).map { run in (0..<ids.count).filter { replays([$0], run) }.map { [$0] } }
        return WholeEngine(
            chosen,
            known: known,
            alone: Set(0..<runs),
            nearby: nearby,
            ids: ids,
            replaying: { behaviours, runs, untilMiss in
                var replayed: [Int] = []
                for run in runs {
                    if replays(Set(behaviours), run) {
                        replayed.append(run)
                    } else if untilMiss {
                        break
                    }
                }
                return replayed
            },
            agrees: { agrees(Set($0)) }
        )
    }

    private static func name(_ behaviours: [Int]..., runs: [Int]) -> HypothesisChoice.Name {
        HypothesisChoice.Name(hypotheses: behaviours, runs: runs)
    }

    @Test func aBehaviourTheOthersMakeNeedlessIsNoNameAndItsRunGoesToThemTogether() {
        // `c` alone replays run 2, and so do `a` and `b` together, which the engine has (runs 0
        // and 1): `c` is needless, and run 2 is filed under the pair.
        let whole = Self.held(
            [Self.name([0], runs: [0]), Self.name([1], runs: [1]), Self.name([2], runs: [2])],
            runs: 3,
            replays: { set, run in
                switch run {
                case 0: set.contains(0)
                case 1: set.contains(1)
                default: set.isSuperset(of: [0, 1]) || set == [2]
                }
            }
        )
        #expect(whole.names == [Self.name([0], runs: [0]), Self.name([1], runs: [1]), Self.name([0, 1], runs: [2])])
        #expect(whole.replays > 0)
    }

    /// `more` (runs 0 and 1) and `fewer` (run 2) each pass every pass alone, but not together,
    /// and `fewer` replays run 2 only without `more`: `more` explains more runs and is kept, run 2
    /// is left over, whichever of the two comes first in the catalogue.
    @Test(arguments: [0, 1])
    func namesThatCannotHoldTogetherKeepThoseOfMoreRunsWhateverTheirCatalogueOrder(_ more: Int) {
        let fewer = 1 - more
        let whole = Self.held(
            [Self.name([more], runs: [0, 1]), Self.name([fewer], runs: [2])],
            runs: 3,
            replays: { set, run in run < 2 ? set.contains(more) : set.contains(fewer) && !set.contains(more) },
            agrees: { !$0.isSuperset(of: [0, 1]) }
        )
        #expect(whole.names == [Self.name([more], runs: [0, 1])])
    }

    @Test func aRunNoNameFitsIsReplayedWithOneBehaviourMoreBesideTheEngines() {
        // `c` alone fails a pass (with `a` it does not) and replays run 1 only beside `a`: no name
        // fitted run 1, and the engine with `c` replays it and holds. `b` changes run 1 too, but
        // never replays it.
        let whole = Self.held(
            [Self.name([0], runs: [0])],
            runs: 2,
            replays: { set, run in run == 0 ? set.contains(0) : set.isSuperset(of: [0, 2]) },
            agrees: { $0 != [2] },
            nearby: [[], [1, 2]]
        )
        #expect(whole.names == [Self.name([0], runs: [0]), Self.name([0, 2], runs: [1])])
    }

    @Test func aBehaviourBesideTheEnginesThatFailsAPassIsNotTaken() {
        let whole = Self.held(
            [Self.name([0], runs: [0])],
            runs: 2,
            replays: { set, run in run == 0 ? set.contains(0) : set.isSuperset(of: [0, 2]) },
            agrees: { !$0.contains(2) },
            nearby: [[], [2]]
        )
        #expect(whole.names == [Self.name([0], runs: [0])])
    }

    @Test func anOpenNameKeepsTheHypothesesThatHoldWithTheEngine() {
        // Run 1 is replayed by `b` or by `c` alone, but with `a`, the engine's, by `b` only:
        // the name is `b`'s, and joins the engine.
        let whole = Self.held(
            [Self.name([0], runs: [0]), Self.name([1], [2], runs: [1])],
            runs: 2,
            replays: { set, run in
                run == 0 ? set.contains(0) : set.contains(1) || (set.contains(2) && !set.contains(0))
            }
        )
        #expect(whole.names == [Self.name([0], runs: [0]), Self.name([1], runs: [1])])
    }
}
