import IAMSpec

/// The range of the virtual clock, as the case format states it (Specs/README.md): a case starts
/// at 0 and its `advance` steps add up to at most the last instant, 2^63 − 1 ms. What the loader
/// and a compiled suite's reader both check, in the same words.
package enum ClockRange {
    /// The last instant virtual time has.
    package static let lastInstant = VirtualTime(milliseconds: .max)

    /// The point `span` after `time`, or ``lastInstant`` when that would pass it: for a
    /// timeline or a narrative, which never trap on a case the loader or the compiled reader
    /// would have refused.
    package static func point(_ span: VirtualTime, after time: VirtualTime) -> VirtualTime {
        let (sum, overflows) = time.milliseconds.addingReportingOverflow(span.milliseconds)
        return overflows ? lastInstant : VirtualTime(milliseconds: sum)
    }

    /// The first `advance` of `steps` that moves the clock past ``lastInstant``: its position in
    /// `steps`, what was found there and what was expected, in a diagnostic's words. Nil when the
    /// advances add up to at most the last instant.
    package static func firstAdvancePastTheEnd(
        of steps: [Step]
    ) -> (index: Int, found: String, expected: String)? {
        var time = VirtualTime.zero
        // Each step is read in place: a copy of it would retain and release what it holds.
        return steps.withUnsafeBufferPointer { steps in
            for index in steps.indices {
                guard case .stimulus(.timeAdvanced(let span)) = steps[index].action else { continue }
                let (sum, overflows) = time.milliseconds.addingReportingOverflow(span.milliseconds)
                guard !overflows else {
                    return (
                        index,
                        "'advance: \(span)' at \(time) s, which passes the end of virtual time",
                        "the case's advances to add up to at most \(lastInstant) s, its last instant"
                    )
                }
                time = VirtualTime(milliseconds: sum)
            }
            return nil
        }
    }
}
