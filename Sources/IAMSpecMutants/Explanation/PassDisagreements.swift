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

    /// How many passes fail or error on the behaviours at these positions of the catalogue, together.
    mutating func count(
        for positions: [Int],
        of catalogue: [Behaviour],
        engines: ([Behaviour]) throws -> any EngineProvider
    ) throws -> Int {
        if let count = known[positions] { return count }
        let count = try replayedFailing(on: positions.map { catalogue[$0] }, engines: engines)
        known[positions] = count
        return count
    }

    /// The passes that fail or error on the behaviours' engine (a run it skips says nothing).
    private func replayedFailing(
        on behaviours: [Behaviour],
        engines: ([Behaviour]) throws -> any EngineProvider
    ) throws -> Int {
        guard !passes.isEmpty else { return 0 }
        let executor = CaseExecutor(provider: try engines(behaviours), rules: [])
        var memo = CaseExecutor.Memo()
        return passes.count { pass in
            let status = executor.execute(pass.specCase, profile: pass.profile, memo: &memo).status
            return status == .failed || status == .error
        }
    }
}
