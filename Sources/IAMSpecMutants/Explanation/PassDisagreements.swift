import IAMSpec
import IAMSpecRunner

/// How far behaviours disagree with the runs an engine passed: of those runs, how many fail or
/// error when replayed on the reference engine with the behaviours. `FailureExplainer` names, for
/// each run, the behaviours that disagree least (none, when one agrees with every pass); each set
/// of behaviours is replayed once, and only when asked about.
///
/// Only the passes the reference engine passes too say anything of a behaviour: they are found
/// by replaying every pass on it, once, at the first question.
struct PassDisagreements {
    private let passes: [FailureExplainer.Pass]
    private var passedByTheReference: [FailureExplainer.Pass]?
    /// The count for each set of behaviours already asked about, by catalogue positions.
    private var known: [[Int]: Int] = [:]

    init(passes: [FailureExplainer.Pass]) {
        self.passes = passes
    }

    /// How many passes fail or error on the behaviours at these positions of the catalogue,
    /// together, replayed by `replaying` (the behaviours, none for the reference engine, and the
    /// runs: their results in order).
    mutating func count(
        for positions: [Int],
        of catalogue: [Behaviour],
        replaying: ([Behaviour], [CaseRun]) throws -> [CaseResult]
    ) throws -> Int {
        if let count = known[positions] { return count }
        if passedByTheReference == nil {
            let replayed = passes.isEmpty ? [] : try replaying([], passes.map(\.run))
            passedByTheReference = zip(passes, replayed).filter { $0.1.status == .passed }.map(\.0)
        }
        let evidence = passedByTheReference ?? []
        let count: Int
        if evidence.isEmpty {
            count = 0
        } else {
            let results = try replaying(positions.map { catalogue[$0] }, evidence.map(\.run))
            count = results.count { $0.status == .failed || $0.status == .error }
        }
        known[positions] = count
        return count
    }
}
