import IAMSpec

/// A point of virtual time reached by moving from an instant by a span: an instant, or past either
/// end of the range `VirtualTime` can count.
///
/// Time arithmetic that cannot trap. Spans given by a case (a delay, a timeout, a re-eligibility
/// period, a filter's seconds) may be as large as a case likes, and time may have advanced to the
/// last instant it can count. Their sum is a time point, never a trap: a point past the end is
/// later than every instant, so a deadline or a ready time past the end is never reached, and
/// "at or after" and "before" keep their exact meaning up to the last instant (a trigger at the
/// last instant has its whole timeout ahead of it, semantics notes, point 6).
enum TimePoint: Sendable, Hashable, Comparable {
    /// Before the first instant `VirtualTime` can count.
    case beforeTheStart
    /// An instant of virtual time.
    case at(VirtualTime)
    /// After the last instant `VirtualTime` can count: no instant reaches it.
    case pastTheEnd
}

extension VirtualTime {
    /// The point `span` after this instant.
    func later(by span: VirtualTime) -> TimePoint {
        let (sum, overflow) = milliseconds.addingReportingOverflow(span.milliseconds)
        guard overflow else { return .at(VirtualTime(milliseconds: sum)) }
        return span.milliseconds > 0 ? .pastTheEnd : .beforeTheStart
    }

    /// The point `span` before this instant.
    func earlier(by span: VirtualTime) -> TimePoint {
        let (difference, overflow) = milliseconds.subtractingReportingOverflow(span.milliseconds)
        guard overflow else { return .at(VirtualTime(milliseconds: difference)) }
        return span.milliseconds > 0 ? .beforeTheStart : .pastTheEnd
    }
}

extension TimePoint {
    /// The point `span` after this one; a point past either end stays there.
    func later(by span: VirtualTime) -> TimePoint {
        guard case .at(let instant) = self else { return self }
        return instant.later(by: span)
    }
}
