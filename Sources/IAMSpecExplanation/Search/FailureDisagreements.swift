import IAMSpec
import IAMSpecRunner

/// Whether behaviours agree with the engine's failing runs they do not replay: a failing run is
/// evidence too, up to where the engine departs from the reference rules. Replayed on the
/// reference engine with the behaviours, a run must not depart from what the engine observed
/// before the reference engine's replay does: where the engine observed, step by step, what the
/// reference rules observe, a hypothesis that observes otherwise there is not what the engine
/// does (an engine said to drop a message it then shows, in a run that fails later for another
/// reason). `FailureExplainer` names only behaviours that agree with every failing run so, as with
/// every pass (``PassDisagreements``).
///
/// A run the behaviours replay exactly agrees at every step; a run whose first step already
/// differs from the reference rules' weighs nothing. Each set of behaviours is asked about once;
/// a single behaviour's answer is what the search's replay of each behaviour alone found
/// (``record(alone:departs:)``), so only sets of two or three are replayed here, until their first
/// departure.
struct FailureDisagreements {
    /// For each failing run, how many steps the reference engine's replay observes as the engine
    /// did; nil for a run that weighs nothing (the reference engine fails it the same way, or
    /// cannot replay it).
    private let referenceAgreement: [Int?]
    /// The runs that weigh, in the search's replay order.
    private let weighing: [Int]
    /// The answer for each set of behaviours already asked about, by catalogue positions (sorted).
    private var known: [[Int]: Bool] = [:]
    /// How many replays of failing runs were made for sets of behaviours.
    private(set) var replays = 0

    /// The failing runs' evidence, `referenceAgreement` being each run's (nil: weighs nothing),
    /// replayed in `order`.
    init(referenceAgreement: [Int?], order: ReplayOrder) {
        self.referenceAgreement = referenceAgreement
        weighing = order.sorted(referenceAgreement.indices.filter { (referenceAgreement[$0] ?? 0) > 0 })
    }

    /// How many failing runs can refute a set of behaviours: those whose engine observed at least
    /// one step as the reference rules do.
    var evidence: Int { weighing.count }

    /// How many of these failing runs can refute a name that claims `claimed` of them (positions
    /// among the failures).
    func evidence(besides claimed: Set<Int>) -> Int {
        weighing.count { !claimed.contains($0) }
    }

    /// Whether `replay`, a replay of `run` on some behaviours, departs from the engine's run
    /// before the reference engine's replay does.
    func departs(_ replay: CaseResult, of run: Int, recorded: RecordedFailure) -> Bool {
        guard let reference = referenceAgreement[run], reference > 0 else { return false }
        return recorded.agreement(of: replay) < reference
    }

    /// Whether the behaviour at `position`, replayed alone on every run that weighs, departed from
    /// one of them: what ``agree(_:failures:replaying:)`` answers for it from now on.
    mutating func record(alone position: Int, departs: Bool) {
        known[[position]] = !departs
    }

    /// Whether the behaviours at these positions of the catalogue, together, depart from no
    /// failing run before the reference rules do, `replaying` giving the replays of the behaviours.
    mutating func agree(
        _ positions: [Int],
        failures: [FailureExplainer.Failure],
        replaying: ([Int]) throws -> TimedReplays
    ) throws -> Bool {
        let positions = positions.sorted()
        if let answer = known[positions] { return answer }
        var answer = true
        var replays = try replaying(positions)
        for run in weighing {
            self.replays += 1
            let replayed = try replays.run(failures[run].run)
            if departs(replayed, of: run, recorded: failures[run].recorded) {
                answer = false
                break
            }
        }
        known[positions] = answer
        return answer
    }
}
