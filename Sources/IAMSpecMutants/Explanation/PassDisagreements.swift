import IAMSpec
import IAMSpecRunner

/// How far behaviours disagree with the runs an engine passed: of those runs, how many fail or
/// error when replayed on the reference engine with the behaviours. `FailureExplainer` names, for
/// each run, the behaviours that disagree least (none, when one agrees with every pass); each set
/// of behaviours is replayed once.
struct PassDisagreements {
    let passes: [FailureExplainer.Pass]
    /// The count for each set of behaviours already asked about, by catalogue positions.
    private var known: [[Int]: Int] = [:]

    init(passes: [FailureExplainer.Pass]) {
        self.passes = passes
    }

    /// How many passes fail or error on the behaviours at these positions of the catalogue,
    /// together, replayed by `replaying` (the behaviours, the runs: their results in order).
    mutating func count(
        for positions: [Int],
        of catalogue: [Behaviour],
        replaying: ([Behaviour], [(SpecCase, Profile)]) throws -> [CaseResult]
    ) throws -> Int {
        if let count = known[positions] { return count }
        let count: Int
        if passes.isEmpty {
            count = 0
        } else {
            let results = try replaying(positions.map { catalogue[$0] }, passes.map { ($0.specCase, $0.profile) })
            count = results.count { $0.status == .failed || $0.status == .error }
        }
        known[positions] = count
        return count
    }
}
