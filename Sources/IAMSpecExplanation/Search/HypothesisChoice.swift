/// The engine's hypothesis, chosen from what explains each failing run: for each run, the smallest
/// consistent sets of behaviours (by catalogue position) that reproduce it, and from those the
/// names the report gives, each run under one name.
///
/// Built greedily, as the fewest behaviours that explain the most runs: at each step, of the sets
/// that explain a run left, the one that, added to the behaviours already chosen, explains most
/// runs left, with the fewest new behaviours. A run is then listed under the smallest set of the
/// chosen behaviours that explains it (a pair's run under the pair, never filed under one of its
/// members). Sets that explain exactly the same runs left with as few new behaviours are a tie:
/// one name with those hypotheses, none chosen, its behaviours not counted as the engine's
/// (catalogue order decides nothing) — but for those every one of them has, which are the
/// engine's whichever holds: they are chosen first, and the runs they explain are named by them,
/// the tie naming only the runs that need more (a replaced popup, certain, and which of two
/// re-eligibility rules its delayed messages follow, open). Among steps that explain as many runs, the one whose runs
/// come first in the results is taken first.
struct HypothesisChoice {
    /// One name: its hypotheses (one, or several still open), each a sorted set of catalogue
    /// positions, and the runs it explains (indices of the failures), sorted.
    struct Name: Equatable {
        var hypotheses: [[Int]]
        var runs: [Int]
    }

    /// The names, in the order they were chosen.
    private(set) var names: [Name] = []

    /// `explaining[run]`: the consistent sets that reproduce the run, smallest only.
    init(explaining: [[[Int]]]) {
        let smallest = explaining.map { sets -> [[Int]] in
            guard let size = sets.map(\.count).min() else { return [] }
            return sets.filter { $0.count == size }.map { $0.sorted() }
        }
        var chosen = Set<Int>()
        var left = Set(smallest.indices.filter { !smallest[$0].isEmpty })
        func explained(by behaviours: Set<Int>) -> [Int] {
            left.filter { run in smallest[run].contains { behaviours.isSuperset(of: $0) } }.sorted()
        }
        while !left.isEmpty {
            // Each set that explains a run left, by what adding it explains and how many behaviours it adds.
            var options: [(set: [Int], runs: [Int], added: Int)] = []
            var seen = Set<[Int]>()
            for run in left.sorted() {
                for set in smallest[run] where seen.insert(set).inserted {
                    let added = Set(set).subtracting(chosen)
                    options.append((set, explained(by: chosen.union(added)), added.count))
                }
            }
            // More runs first, then fewer new behaviours, then the runs that come first.
            func better(
                _ one: (set: [Int], runs: [Int], added: Int),
                _ other: (set: [Int], runs: [Int], added: Int)
            ) -> Bool {
                if one.runs.count != other.runs.count { return one.runs.count > other.runs.count }
                if one.added != other.added { return one.added < other.added }
                return one.runs.lexicographicallyPrecedes(other.runs)
            }
            guard let best = options.min(by: better) else { break }
            let tied = Self.distinct(
                options.filter { $0.runs == best.runs && $0.added == best.added }.map(\.set),
                beside: chosen
            )
            if tied.count > 1 && best.added > 0 {
                // What every tied hypothesis has is the engine's whichever holds: chosen, and the
                // runs it explains with what was chosen before named by it, the tie left to the rest.
                let common = tied.dropFirst().reduce(Set(tied[0])) { $0.intersection($1) }.subtracting(chosen)
                if !common.isEmpty, case let runs = explained(by: chosen.union(common)), !runs.isEmpty {
                    chosen.formUnion(common)
                    fileUnderTheirOwnSets(runs)
                    left.subtract(runs)
                    continue
                }
                names.append(Name(hypotheses: tied, runs: best.runs))
                left.subtract(best.runs)
                continue
            }
            chosen.formUnion(best.set)
            fileUnderTheirOwnSets(best.runs)
            left.subtract(best.runs)
        }
        for index in names.indices { names[index].runs.sort() }

        /// Lists each of `runs` under the smallest of its sets within the chosen behaviours.
        func fileUnderTheirOwnSets(_ runs: [Int]) {
            for run in runs {
                // The smallest of its sets within the chosen behaviours, the first in position on a tie
                // (all are the engine's: any of them replays the run).
                let own = smallest[run].filter { chosen.isSuperset(of: $0) }.min { $0.lexicographicallyPrecedes($1) }
                guard let own else { continue }
                if let index = names.firstIndex(where: { $0.hypotheses == [own] }) {
                    names[index].runs.append(run)
                } else {
                    names.append(Name(hypotheses: [own], runs: [run]))
                }
            }
        }
    }

    /// The tied sets, sorted, one for each engine they make with the behaviours `chosen` (the
    /// fewest behaviours of those that make the same one): beside a chosen behaviour, a set with
    /// it and the same set without it are one hypothesis.
    static func distinct(_ sets: [[Int]], beside chosen: Set<Int>) -> [[Int]] {
        var byEngine: [Set<Int>: [Int]] = [:]
        for set in sets {
            let engine = Set(set).union(chosen)
            if let kept = byEngine[engine],
                kept.count < set.count || (kept.count == set.count && kept.lexicographicallyPrecedes(set))
            {
                continue
            }
            byEngine[engine] = set
        }
        return byEngine.values.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
