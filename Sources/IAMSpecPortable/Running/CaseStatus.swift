/// How a case run ended.
public enum CaseStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every expectation held.
    case passed
    /// An expectation did not hold; the result names the first one.
    case failed
    /// The run could not be judged: the engine threw, timed out, answered a stack inspection
    /// with anything but one stack, or the run was interrupted. Counted as failed in totals.
    case error
    /// The run was not made: the engine lacks the profile or a capability, or declined the case.
    case skipped
}
