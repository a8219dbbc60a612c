import IAMSpecRunner

/// A timeline as `FailureExplainer` remembers a failing run's replay on the reference engine:
/// 128 bits of it (two hashes, told apart by a first byte), enough to tell whether a behaviour's
/// replay gives another timeline without keeping a replay of every failing run, which grows with
/// them (about 3.5 KB each). Two different timelines share a digest with odds of about 2^-128;
/// the hashes are seeded per process, so a digest is compared only within the search that made it.
struct TimelineDigest: Equatable {
    private let first: Int
    private let second: Int

    init(_ timeline: [TimelineEntry]) {
        var first = Hasher()
        first.combine(0 as UInt8)
        first.combine(timeline)
        var second = Hasher()
        second.combine(1 as UInt8)
        second.combine(timeline)
        self.first = first.finalize()
        self.second = second.finalize()
    }
}
