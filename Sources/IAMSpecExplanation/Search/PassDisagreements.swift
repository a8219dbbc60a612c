import IAMSpec
import IAMSpecRunner

/// Whether behaviours agree with the runs an engine passed: replayed on the reference engine with
/// the behaviours, none of those runs may fail or error. `FailureExplainer` names only behaviours
/// (alone or together) that agree with every pass: a name that fails a run the engine passed
/// cannot be what the engine does. Each set of behaviours is replayed once, and only when asked
/// about; the replays stop at the first pass it fails.
///
/// Only the passes the reference engine passes too say anything of a behaviour: they are found
/// by replaying every pass on it, once, at the first question.
struct PassDisagreements {
    private let passes: [FailureExplainer.Pass]
    private var passedByTheReference: [FailureExplainer.Pass]?
    /// The answer for each set of behaviours already asked about, by catalogue positions (sorted).
    private var known: [[Int]: Bool] = [:]
    /// How many replays of passes were made: the cost of the checks.
    private(set) var replays = 0

    init(passes: [FailureExplainer.Pass]) {
        self.passes = passes
    }

    /// How many passes each consistent set was checked against: those the reference engine passes
    /// too (0 until the first question).
    var evidence: Int { passedByTheReference?.count ?? 0 }

    /// How many sets of behaviours were checked.
    var checked: Int { known.count }

    /// Whether the behaviours at these positions of the catalogue, together, pass every run the
    /// engine passed, replayed on the engines `engines` makes (of the behaviours given, none for
    /// the reference engine), each replay within `timeout`.
    mutating func agree(
        _ positions: [Int],
        of catalogue: [Behaviour],
        engines: ([Behaviour]) throws -> any EngineProvider,
        timeout: Duration
    ) throws -> Bool {
        let positions = positions.sorted()
        if let answer = known[positions] { return answer }
        if passedByTheReference == nil {
            // Each replay judged as it comes, none kept: a large suite's passes are many.
            var reference = TimedReplays(executor: CaseExecutor(provider: try engines([]), rules: []), timeout: timeout)
            replays += passes.count
            passedByTheReference = try passes.filter { try reference.run($0.run).status == .passed }
        }
        var answer = true
        var replaying = TimedReplays(
            executor: CaseExecutor(provider: try engines(positions.map { catalogue[$0] }), rules: []),
            timeout: timeout
        )
        for pass in passedByTheReference ?? [] {
            replays += 1
            if try replaying.run(pass.run).status != .passed {
                answer = false
                break
            }
        }
        known[positions] = answer
        return answer
    }
}
