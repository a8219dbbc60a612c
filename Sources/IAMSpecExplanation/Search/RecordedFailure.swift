import IAMSpec
import IAMSpecRunner

/// A failed run's record as `FailureExplainer` compares replays with it: its run, whether it has
/// one timeline to reproduce, the rules of its failing check, and digests (`TimelineDigest`) of
/// its timeline, not the timeline: a stream's failed record with its timeline is a few kilobytes,
/// and an explanation holds every failing run's while it compares replays with them.
///
/// Whether a replay reproduces the run and how close it comes are what comparing the timelines
/// says (unless two different timelines share a digest: odds of about 2^-128).
package struct RecordedFailure: Sendable {
    /// The run: its case and its profile.
    package let run: ExplainedBehaviour.Run
    /// Whether the run failed with one timeline to reproduce: not a nondeterministic run
    /// (`--repeat`), whose repeats disagreed.
    let isReproducible: Bool
    /// The rules its failing check names.
    let checkedRules: [String]
    /// Each step of the timeline: its time, its step and, at the failing check, what it expected
    /// and found (not where the step is written: the engine's results may name the case file by
    /// another path than the replay's), apart from its observations.
    private let checks: [TimelineDigest]
    /// Each step's observations, in order: as many as the timeline's steps.
    private let observations: [TimelineDigest]
    /// The last step (the failing check): the step, what it expected and what it found; nil for an
    /// empty timeline.
    private let failingCheck: TimelineDigest?
    /// The timeline's observations, to tell what a replay explains of it in part
    /// (``PartialReplay``).
    let observed: ObservedSteps?

    /// What the explanation compares of `result`.
    package init(_ result: CaseResult) {
        run = ExplainedBehaviour.Run(result)
        isReproducible = result.status == .failed && result.kind != .nondeterministic
        checkedRules = result.difference?.rules ?? []
        checks = result.timeline.map { TimelineDigest(of: TimedCheck($0)) }
        observations = result.timeline.map { TimelineDigest(of: $0.observations) }
        failingCheck = result.timeline.last.map { TimelineDigest(of: StepCheck($0)) }
        observed = ObservedSteps(result.timeline, steps: result.timeline.count)
    }

    /// How many steps the run's timeline has.
    var steps: Int { observations.count }

    /// What `replay` explains of the run in part, `reference` being the reference engine's
    /// replay over the run's steps (``PartialReplay``); nil when it explains nothing that way, or
    /// stopped before the run's last step.
    func partialReplay(_ replay: CaseResult, reference: ObservedSteps) -> PartialReplay? {
        guard isReproducible, replay.status != .error, let observed,
            let replayed = ObservedSteps(replay.timeline, steps: steps)
        else { return nil }
        return PartialReplay(recorded: observed, replay: replayed, reference: reference)
    }

    /// Whether a replay fails exactly as the run did: every step of its timeline the same. The
    /// observations are compared first, step by step, and the comparison stops at the first that
    /// differs: most replays differ early, and a step is spelled only once its observations agree.
    func isReproduced(by replay: CaseResult) -> Bool {
        guard replay.status == .failed, replay.timeline.count == observations.count else { return false }
        return zip(replay.timeline, zip(observations, checks)).allSatisfy { entry, recorded in
            TimelineDigest(of: entry.observations) == recorded.0 && TimelineDigest(of: TimedCheck(entry)) == recorded.1
        }
    }

    /// How close a replay comes to the run: the steps from the start whose observations agree,
    /// and one more when it fails the same check.
    func closeness(of replay: CaseResult) -> Int {
        agreement(of: replay) + (failsTheSameCheck(replay) ? 1 : 0)
    }

    /// How many steps from the start a replay observes as the run did.
    func agreement(of replay: CaseResult) -> Int {
        zip(replay.timeline, observations).prefix { TimelineDigest(of: $0.observations) == $1 }.count
    }

    /// Whether a replay fails at the run's failing check, expecting and finding what the run did
    /// there (whatever the observations of the steps before).
    private func failsTheSameCheck(_ replay: CaseResult) -> Bool {
        guard replay.status == .failed, replay.timeline.count == observations.count,
            let mine = replay.timeline.last, let failingCheck
        else { return false }
        return TimelineDigest(of: StepCheck(mine)) == failingCheck
    }

    /// What two timelines' entries must share, besides their observations, to be the same step:
    /// its time and its check.
    private struct TimedCheck: Hashable {
        let time: String
        let check: StepCheck

        init(_ entry: TimelineEntry) {
            time = entry.time
            check = StepCheck(entry)
        }
    }

    /// What two failing checks must share to be the same failure: the step, what it expected
    /// and what it found.
    private struct StepCheck: Hashable {
        let step: String
        let expected: [String]?
        let actual: [String]?

        init(_ entry: TimelineEntry) {
            step = entry.step
            expected = entry.expected
            actual = entry.actual
        }
    }
}
