import IAMSpec

/// Time arithmetic that cannot trap.
///
/// Spans given by a case (a filter's seconds, a timeout, a re-eligibility period) may be as large
/// as a case likes; a sum past the representable range is pinned to its end instead of crashing.
extension VirtualTime {
    /// `self + span`, pinned to the representable range.
    func adding(saturating span: VirtualTime) -> VirtualTime {
        let (sum, overflow) = milliseconds.addingReportingOverflow(span.milliseconds)
        guard overflow else { return VirtualTime(milliseconds: sum) }
        return VirtualTime(milliseconds: span.milliseconds > 0 ? .max : .min)
    }

    /// `self - span`, pinned to the representable range.
    func subtracting(saturating span: VirtualTime) -> VirtualTime {
        let (difference, overflow) = milliseconds.subtractingReportingOverflow(span.milliseconds)
        guard overflow else { return VirtualTime(milliseconds: difference) }
        return VirtualTime(milliseconds: span.milliseconds > 0 ? .min : .max)
    }
}
