import IAMSpec
import IAMSpecRunner

/// A timeline, or a part of one, as `FailureExplainer` remembers it: 128 bits of it (two hashes,
/// told apart by a first byte), enough to tell whether a replay gives another timeline without
/// keeping the timeline, which grows with the failing runs (about 3.5 KB each). Two different
/// values share a digest with odds of about 2^-128; the hashes are seeded per process, so a digest
/// is compared only within the process that made it.
struct TimelineDigest: Equatable, Sendable {
    private let first: Int
    private let second: Int

    /// The digest of a replay's timeline, to compare with another replay of the same case: each
    /// entry's time, observations, and what a failing check expected and found, and where its step
    /// is written, which stands for the step (the same place in the case is the same step), so
    /// that no step is spelled.
    init(replay timeline: [TimelineEntry]) {
        self.init(of: timeline.map(ReplayedStep.init))
    }

    /// What two replays of one case must share at a step to have the same timeline there.
    private struct ReplayedStep: Hashable {
        let time: String
        let location: SourceLocation
        let observations: [String]
        let expected: [String]?
        let actual: [String]?

        init(_ entry: TimelineEntry) {
            time = entry.time
            location = entry.location
            observations = entry.observations
            expected = entry.expected
            actual = entry.actual
        }
    }

    /// The digest of what `value` hashes.
    init(of value: some Hashable) {
        var first = Hasher()
        first.combine(0 as UInt8)
        first.combine(value)
        var second = Hasher()
        second.combine(1 as UInt8)
        second.combine(value)
        self.first = first.finalize()
        self.second = second.finalize()
    }
}
