import IAMSpecRunner

/// A timeline, or a part of one, as `FailureExplainer` remembers it: 128 bits of it (two hashes,
/// told apart by a first byte), enough to tell whether a replay gives another timeline without
/// keeping the timeline, which grows with the failing runs (about 3.5 KB each). Two different
/// values share a digest with odds of about 2^-128; the hashes are seeded per process, so a digest
/// is compared only within the process that made it.
struct TimelineDigest: Equatable, Sendable {
    private let first: Int
    private let second: Int

    /// The digest of a whole timeline, every field of every entry.
    init(_ timeline: [TimelineEntry]) {
        self.init(of: timeline)
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
