import IAMSpecRunner

/// The order `FailureExplainer` replays failing runs in: each case file's runs together (the files
/// in the order of their first run, each file's runs in their order), so that a pass over the runs
/// reads each file once, where the stream's order (by case id) may read a file again for each of
/// its cases when its cases' ids are far apart. What a replay finds is kept by run, so the order
/// changes nothing found.
struct ReplayOrder {
    /// Each failure's place in the order, by its position among the failures.
    private let rank: [Int]

    init(_ failures: [FailureExplainer.Failure]) {
        var rank = Array(repeating: 0, count: failures.count)
        for (place, position) in failures.map(\.run).positionsGroupedByCaseFile().enumerated() {
            rank[position] = place
        }
        self.rank = rank
    }

    /// `runs` (positions among the failures) in this order.
    func sorted(_ runs: [Int]) -> [Int] {
        runs.sorted { rank[$0] < rank[$1] }
    }
}
