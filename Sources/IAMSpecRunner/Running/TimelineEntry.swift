import IAMSpec

/// One step of a case run as it happened: when, what, and what the engine observably did.
///
/// Every field is text a reader can show as is; patterns and observations are written the way
/// case files write them (`displayed: promo`, `stacked: promo (message_visible)`).
public struct TimelineEntry: Sendable, Hashable, Codable {
    /// The virtual time when the step began, in seconds (`0`, `30`, `1.5`).
    public var time: String
    /// The step, as a case file writes it (`session_start`, `advance: 30`, `expect: ...`).
    public var step: String
    /// Where the step is written.
    public var location: SourceLocation
    /// What the engine reported for a stimulus (for an expectation: the stack answer, if any).
    public var observations: [String]
    /// For the failing expectation: what it expected.
    public var expected: [String]?
    /// For the failing expectation: what the window (or the stack) held.
    public var actual: [String]?

    public init(
        time: String,
        step: String,
        location: SourceLocation,
        observations: [String] = [],
        expected: [String]? = nil,
        actual: [String]? = nil
    ) {
        self.time = time
        self.step = step
        self.location = location
        self.observations = observations
        self.expected = expected
        self.actual = actual
    }
}
