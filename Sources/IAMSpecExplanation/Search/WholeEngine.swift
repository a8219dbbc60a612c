/// The names of a ``HypothesisChoice`` made to hold as a whole. Each name was judged on its own;
/// the report claims them together, as one engine: the behaviours of its certain names, replayed
/// together (the engine `iamspec engine --stdio --mutant A+B` serves), must fail none of the runs
/// the engine passed and must replay exactly each failing run the report files under them. Taken
/// together, one behaviour may undo another (two behaviours of one rule that contradict), or make
/// another needless (the engine's other behaviours, together, already replay its runs).
///
/// 1. The certain names' behaviours together are checked first: on the runs filed under them
///    (but those a name of exactly these behaviours already replayed) and on the passes. Where
///    that fails, the engine is built again name by name in the choice's order (most runs
///    first): a name joins when the behaviours with its own still replay every run claimed so
///    far and pass every pass, and it claims the runs of its own they replay; the others leave
///    their runs over. Catalogue order decides nothing.
/// 2. Each behaviour, of the names with fewest runs first, is left out where the others still
///    replay every claimed run (its own runs first, stopping at the first they miss) and pass
///    every pass: the engine named is the smallest that holds.
/// 3. A name still open ("one of") whose runs the engine's behaviours already replay is
///    needless, as a behaviour is in 2: its runs are over. Otherwise it keeps the hypotheses
///    that, with the engine's behaviours, still replay its runs and every run claimed so far (a
///    hypothesis that undoes a run of a certain name is not the engine's); one left joins the
///    engine when the engine with it still holds (its runs replayed and every pass passed); none
///    left, its runs are over.
/// 4. Each run left over is replayed on the engine, and claimed where it is replayed exactly.
///    Where it is not (and for a run no name fitted), each behaviour that changes its timeline (``FailureExplainer``'s
///    `nearby`, closest first) is tried beside the engine's: a behaviour that fails a pass alone
///    may be what the engine does beside its other behaviours (OneSignal counts re-eligibility from
///    the dismissal, and keeps a visible message through a change of user: the first alone would
///    show that message again). Then each with one of the `companions`, what the engine does for
///    want of a capability it declared lacking. The first with which the engine replays the run
///    and still holds joins it, and the runs over that the engine then replays are claimed.
/// 5. Each claimed run is filed under the smallest set of the engine's behaviours that replays it
///    (a name's own set first, in the choice's order; then the engine's other subsets, smallest
///    first, by their ids). A run left over stays unexplained: no name that holds with the others
///    replays it.
///
/// ``replays`` counts the failing runs replayed for this; the passes replayed are counted where
/// `agrees` replays them.
struct WholeEngine {
    /// The names that hold together, in the choice's order (a name with no run left dropped).
    private(set) var names: [HypothesisChoice.Name] = []
    /// How many failing runs were replayed on behaviours together.
    private(set) var replays = 0

    /// The runs each set of behaviours (sorted catalogue positions) was seen to replay exactly,
    /// or not: those of the search, and those replayed here.
    private var seen: [[Int]: [Int: Bool]] = [:]

    /// - Parameters:
    ///   - chosen: the names, in the order chosen.
    ///   - known: for each failing run, the sets of behaviours (sorted positions) the search saw
    ///     replay it exactly, whether or not they agree with the passes.
    ///   - alone: the runs every behaviour was replayed on alone (a behaviour not in `known` for
    ///     one of them does not replay it).
    ///   - nearby: for each failing run, the behaviours that change its timeline, to try beside
    ///     the engine's for a run no name explains.
    ///   - companions: behaviours tried with each of those where it does not replay the run alone
    ///     beside the engine's: what the engine does for want of a capability it declared lacking
    ///     (silent alone, perhaps, and still the engine's).
    ///   - ids: the catalogue's ids, by position (the order of subsets of the same size).
    ///   - replaying: the runs of `runs`, in order, that the behaviours together replay exactly;
    ///     with `untilMiss`, the replays stop at the first run they do not replay.
    ///   - agrees: whether the behaviours together pass every run the engine passed.
    init(
        _ chosen: [HypothesisChoice.Name],
        known: [[[Int]]],
        alone: Set<Int>,
        nearby: [[Int]] = [],
        companions: [Int] = [],
        ids: [String],
        replaying: (_ behaviours: [Int], _ runs: [Int], _ untilMiss: Bool) throws -> [Int],
        agrees: (_ behaviours: [Int]) throws -> Bool
    ) rethrows {
        for (run, sets) in known.enumerated() {
            for set in sets { seen[set.sorted(), default: [:]][run] = true }
        }
        /// The runs of `runs` the behaviours replay, replaying only those not yet seen.
        func replayed(_ behaviours: Set<Int>, _ runs: [Int], untilMiss: Bool = false) throws -> [Int] {
            let key = behaviours.sorted()
            var result: [Int] = []
            var pending: [Int] = []
            func flush() throws -> Bool {
                guard !pending.isEmpty else { return true }
                let got = Set(try replaying(key, pending, untilMiss))
                let tried = untilMiss ? pending.prefix { got.contains($0) }.count + 1 : pending.count
                replays += min(tried, pending.count)
                for run in pending.prefix(tried) { seen[key, default: [:]][run] = got.contains(run) }
                result += pending.filter { got.contains($0) }
                let missed = got.count < pending.count
                pending = []
                return !(untilMiss && missed)
            }
            for run in runs {
                if let answer = seen[key]?[run] ?? (key.count == 1 && alone.contains(run) ? false : nil) {
                    guard try flush() else { return result }
                    if answer {
                        result.append(run)
                    } else if untilMiss {
                        return result
                    }
                } else {
                    pending.append(run)
                }
            }
            _ = try flush()
            return result
        }
        func holds(_ behaviours: Set<Int>, claiming runs: [Int]) throws -> Bool {
            try replayed(behaviours, runs, untilMiss: true).count == runs.count && agrees(behaviours.sorted())
        }

        // 1. The certain names together, or, where they do not hold, built again name by name.
        let certain = chosen.filter { $0.hypotheses.count == 1 }
        var engine = Set(certain.flatMap { $0.hypotheses[0] })
        var claimed = certain.flatMap(\.runs)
        var over: [Int] = []
        if !engine.isEmpty, try !holds(engine, claiming: claimed) {
            engine = []
            claimed = []
            for name in certain {
                let with = engine.union(name.hypotheses[0])
                let own =
                    try replayed(with, claimed, untilMiss: true).count == claimed.count
                    ? try replayed(with, name.runs) : []
                if !own.isEmpty, try agrees(with.sorted()) {
                    engine = with
                    claimed += own
                    over += name.runs.filter { !own.contains($0) }
                } else {
                    over += name.runs
                }
            }
        }
        // 2. The smallest engine that holds: each behaviour left out where the others hold without it.
        for name in certain.reversed() {
            for behaviour in name.hypotheses[0] where engine.contains(behaviour) && engine.count > 1 {
                let without = engine.subtracting([behaviour])
                let needing = certain.filter { $0.hypotheses[0].contains(behaviour) }.flatMap(\.runs)
                let first = claimed.filter(needing.contains) + claimed.filter { !needing.contains($0) }
                if try holds(without, claiming: first) { engine = without }
            }
        }
        // 3. The names still open, each hypothesis with the engine's behaviours.
        var open: [HypothesisChoice.Name] = []
        for name in chosen where name.hypotheses.count > 1 {
            // The engine's behaviours already replay its runs: none of its hypotheses is needed.
            if !engine.isEmpty, try replayed(engine, name.runs, untilMiss: true).count == name.runs.count {
                over += name.runs
                continue
            }
            var kept: [[Int]] = []
            for hypothesis in name.hypotheses
            where try replayed(engine.union(hypothesis), name.runs + claimed, untilMiss: true).count
                == name.runs.count + claimed.count
            {
                kept.append(hypothesis)
            }
            if kept.count == 1, try holds(engine.union(kept[0]), claiming: claimed + name.runs) {
                engine.formUnion(kept[0])
                claimed += name.runs
            } else if kept.count > 1 {
                open.append(HypothesisChoice.Name(hypotheses: kept, runs: name.runs))
            } else {
                over += name.runs
            }
        }
        // 4. The runs over that the engine replays, then those it replays with one behaviour more.
        if !engine.isEmpty { claimed += try replayed(engine, over) }
        // Every run no name holds, whether a name of its own was left out or none fitted it.
        let named = Set(claimed + open.flatMap(\.runs))
        var left = known.indices.filter { !named.contains($0) }
        while let run = left.first {
            left.removeFirst()
            let candidates = (run < nearby.count ? nearby[run] : []).filter { !engine.contains($0) }
            let tried =
                candidates.map { [$0] }
                + candidates.flatMap { behaviour in
                    companions.filter { $0 != behaviour && !engine.contains($0) }.map { [behaviour, $0] }
                }
            for added in tried {
                let with = engine.union(added)
                guard try !replayed(with, [run]).isEmpty, try holds(with, claiming: claimed + [run]) else { continue }
                engine = with
                claimed.append(run)
                let more = try replayed(engine, left)
                claimed += more
                left.removeAll { more.contains($0) }
                break
            }
        }

        // 5. Each claimed run under the smallest set of the engine's behaviours that replays it.
        let own = chosen.map(\.hypotheses).filter { $0.count == 1 }.map { $0[0] }.filter(engine.isSuperset)
        let members = engine.sorted()
        var filed: [[Int]: [Int]] = [:]
        var order: [[Int]] = []
        for run in claimed.sorted() {
            var found: [Int]?
            for size in 1...max(members.count, 1) where found == nil {
                let ofSize =
                    own.filter { $0.count == size }
                    + FailureExplainer.combinations(of: members, size: size).filter { !own.contains($0) }
                    .sorted { $0.map { ids[$0] }.sorted().lexicographicallyPrecedes($1.map { ids[$0] }.sorted()) }
                found = try ofSize.first { try !replayed(Set($0), [run]).isEmpty }
            }
            let set = found ?? members
            if filed[set] == nil { order.append(set) }
            filed[set, default: []].append(run)
        }
        names = order.map { HypothesisChoice.Name(hypotheses: [$0], runs: filed[$0] ?? []) } + open
    }
}
