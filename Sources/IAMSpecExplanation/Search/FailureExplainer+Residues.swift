import IAMSpec
import IAMSpecRunner

extension FailureExplainer {
    /// The names, with the runs they replay in part (``PartialReplay``): each run that no name
    /// replays exactly, where the names' behaviours together, or one behaviour more beside them,
    /// give exactly the engine's deliveries, the engine logging, dismissing or calling back
    /// otherwise. The residue is a difference of the engine's own that no name
    /// explains, said beside the name; a name is not vetoed by what it does not touch.
    ///
    /// For each such run, in order:
    /// 1. The engine as named (the certain names' behaviours together): where it replays the run in
    ///    part, the run is filed under the first of the engine's behaviours (by catalogue position),
    ///    or else the first certain name of several, whose own replay does so with the same residue.
    /// 2. Otherwise each behaviour that changes the run (`nearby`), but those the engine's
    ///    capabilities rule out (`held`): one that replays it in part alone, and beside the
    ///    engine's behaviours with the same residue, joins the engine when the engine with it
    ///    still passes every pass (`agrees`) and replays every run claimed so far as it did. One
    ///    such behaviour is a name of its own (the engine's from then on); several are one name
    ///    still open ("one of"), none chosen.
    /// A run neither gives stays unexplained.
    ///
    /// - Returns: the names (new ones after those given) and, by failure index, each run's residue.
    func partlyReplayed(
        _ names: [HypothesisChoice.Name],
        failures: [Failure],
        unexplained: [Int],
        nearby: [[Int]],
        held: (Int) -> Bool,
        cost: inout Cost,
        engines: ([Behaviour]) throws -> any EngineProvider,
        agrees: ([Int]) throws -> Bool
    ) throws -> (names: [HypothesisChoice.Name], residues: [Int: Set<ObservationChannel>]) {
        var names = names
        var residues: [Int: Set<ObservationChannel>] = [:]
        guard !unexplained.isEmpty else { return (names, residues) }
        var replays = 0
        defer { cost.whole += replays }
        func replay(_ run: Int, on positions: [Int]) throws -> CaseResult {
            var timed = TimedReplays(
                executor: CaseExecutor(provider: try engines(positions.map { catalogue[$0] }), rules: []),
                timeout: timeout
            )
            replays += 1
            return try timed.run(failures[run].run)
        }
        func partial(_ run: Int, on positions: [Int], reference: ObservedSteps) throws -> PartialReplay? {
            failures[run].recorded.partialReplay(try replay(run, on: positions), reference: reference)
        }
        /// Whether the behaviours still replay each run claimed so far as it is claimed: exactly,
        /// or in part with its residue.
        func holdsTheClaims(_ positions: [Int]) throws -> Bool {
            for name in names where name.hypotheses.count == 1 {
                for run in name.runs {
                    let replayed = try replay(run, on: positions)
                    if let residue = residues[run] {
                        guard let reference = try referenceSteps(run),
                            failures[run].recorded.partialReplay(replayed, reference: reference)?.residue == residue
                        else { return false }
                    } else if !failures[run].recorded.isReproduced(by: replayed) {
                        return false
                    }
                }
            }
            return true
        }
        var references: [Int: ObservedSteps] = [:]
        func referenceSteps(_ run: Int) throws -> ObservedSteps? {
            if let known = references[run] { return known }
            let steps = ObservedSteps(try replay(run, on: []).timeline, steps: failures[run].recorded.steps)
            references[run] = steps
            return steps
        }
        for run in unexplained {
            guard let reference = try referenceSteps(run) else { continue }
            let certain = names.indices.filter { names[$0].hypotheses.count == 1 }
            let engine = Set(certain.flatMap { names[$0].hypotheses[0] }).sorted()
            if !engine.isEmpty, let whole = try partial(run, on: engine, reference: reference) {
                // Under the smallest set of the engine's behaviours that replays it so: each alone,
                // then each certain name's own.
                let sets = engine.map { [$0] } + certain.map { names[$0].hypotheses[0] }.filter { $0.count > 1 }
                var filed = false
                for set in sets {
                    guard try partial(run, on: set, reference: reference)?.residue == whole.residue else { continue }
                    if let index = names.firstIndex(where: { $0.hypotheses == [set] }) {
                        names[index].runs.append(run)
                    } else {
                        names.append(HypothesisChoice.Name(hypotheses: [set], runs: [run]))
                    }
                    residues[run] = whole.residue
                    filed = true
                    break
                }
                if filed { continue }
            }
            var fitting: [[Int]] = []
            var residue: Set<ObservationChannel>?
            for behaviour in nearby[run] where !engine.contains(behaviour) && held(behaviour) {
                guard let alone = try partial(run, on: [behaviour], reference: reference),
                    residue == nil || alone.residue == residue
                else { continue }
                let together = (engine + [behaviour]).sorted()
                guard try partial(run, on: together, reference: reference)?.residue == alone.residue,
                    try agrees(together), try holdsTheClaims(together)
                else { continue }
                fitting.append([behaviour])
                residue = alone.residue
            }
            guard let residue, !fitting.isEmpty else { continue }
            residues[run] = residue
            if let index = names.firstIndex(where: { $0.hypotheses == fitting }) {
                names[index].runs.append(run)
            } else {
                names.append(HypothesisChoice.Name(hypotheses: fitting, runs: [run]))
            }
        }
        for index in names.indices { names[index].runs.sort() }
        return (names, residues)
    }
}
