import IAMSpec

/// One step of a case run as it happened: when, what, and what the engine observably did.
///
/// Every field is text a reader can show as is; patterns and observations are written the way
/// case files write them (`displayed: promo`, `stacked: promo (message_visible)`).
///
/// A run keeps its timeline as data (the virtual time, the step, the observations) and each of
/// `time`, `step` and `observations` is spelled when it is read: a report that never shows the
/// timeline of a passed run never pays for its text. Entries compare, hash and encode by their
/// text, whether it was given or spelled.
public struct TimelineEntry: Sendable, Hashable, Codable {
    /// The virtual time when the step began, in seconds (`0`, `30`, `1.5`).
    public var time: String {
        get {
            switch source {
            case .text(let time, _, _, _): time
            case .run(let time, _, _, _, _): time.description
            }
        }
        set { source = .text(time: newValue, step: step, location: location, observations: observations) }
    }
    /// The step, as a case file writes it (`session_start`, `advance: 30`, `expect: ...`).
    public var step: String {
        get {
            switch source {
            case .text(_, let step, _, _): step
            case .run(_, let steps, let index, _, _):
                switch steps[index].action {
                case .stimulus(let stimulus): CaseSyntax.plain.step(stimulus)
                case .expectation(let expectation): CaseSyntax.plain.expectation(expectation)
                }
            }
        }
        set { source = .text(time: time, step: newValue, location: location, observations: observations) }
    }
    /// Where the step is written.
    public var location: SourceLocation {
        get {
            switch source {
            case .text(_, _, let location, _): location
            case .run(_, let steps, let index, _, _): steps[index].location
            }
        }
        set { source = .text(time: time, step: step, location: newValue, observations: observations) }
    }
    /// Whether the step asks for the visible message to leave the screen: the user's `dismiss` or
    /// the app's `app_dismiss` (read from the step's kind, without spelling the step).
    package var asksForDismissal: Bool {
        switch source {
        case .text(_, let step, _, _):
            let name = step.prefix { $0 != ":" }
            let kind = StimulusKind.steps.first { $0.nameText == name }?.id
            return kind == .dismiss || kind == .appDismiss
        case .run(_, let steps, let index, _, _):
            guard case .stimulus(let stimulus) = steps[index].action else { return false }
            return stimulus.asksForDismissal
        }
    }
    /// What the engine reported for a stimulus (for an expectation: the stack answer, if any).
    public var observations: [String] {
        get {
            switch source {
            case .text(_, _, _, let observations): observations
            case .run(_, _, _, let observed, let range): observed[range].map(CaseSyntax.plain.observation)
            }
        }
        set { source = .text(time: time, step: step, location: location, observations: newValue) }
    }
    /// For the failing expectation: what it expected.
    public var expected: [String]?
    /// For the failing expectation: what the window (or the stack) held.
    public var actual: [String]?

    /// What `time`, `step` and `observations` are read from.
    private var source: Source

    /// An entry made from its text, as a results stream records it.
    public init(
        time: String,
        step: String,
        location: SourceLocation,
        observations: [String] = [],
        expected: [String]? = nil,
        actual: [String]? = nil
    ) {
        self.source = .text(time: time, step: step, location: location, observations: observations)
        self.expected = expected
        self.actual = actual
    }

    /// The entry of `steps[index]`, which a run made at virtual time `time`, with the
    /// observations `observed[range]`; its text is spelled when read.
    package init(time: VirtualTime, steps: [Step], index: Int, observed: [Observation], range: Range<Int>) {
        self.source = .run(time: time, steps: steps, index: index, observed: observed, range: range)
    }

    /// The text of an entry given as text, or the data of a run's entry: its case's steps and
    /// every observation of its run (both shared by the run's entries, not copied), which step it
    /// is and which observations are its own.
    private enum Source: Sendable {
        case text(time: String, step: String, location: SourceLocation, observations: [String])
        case run(time: VirtualTime, steps: [Step], index: Int, observed: [Observation], range: Range<Int>)
    }

    /// Whether two entries read the same, however each holds its text.
    public static func == (lhs: TimelineEntry, rhs: TimelineEntry) -> Bool {
        lhs.location == rhs.location && lhs.expected == rhs.expected && lhs.actual == rhs.actual
            && lhs.time == rhs.time && lhs.step == rhs.step && lhs.observations == rhs.observations
    }

    /// Hashes what the entry reads, all that `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(step)
        hasher.combine(location)
        hasher.combine(observations)
        hasher.combine(expected)
        hasher.combine(actual)
    }

    package enum CodingKeys: String, CodingKey {
        case time
        case step
        case location
        case observations
        case expected
        case actual
    }

    /// Reads an entry as a results stream records it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            time: try container.decode(String.self, forKey: .time),
            step: try container.decode(String.self, forKey: .step),
            location: try container.decode(SourceLocation.self, forKey: .location),
            observations: try container.decode([String].self, forKey: .observations),
            expected: try container.decodeIfPresent([String].self, forKey: .expected),
            actual: try container.decodeIfPresent([String].self, forKey: .actual)
        )
    }

    /// Writes the entry as a results stream records it: `time`, `step`, `location`, `observations`,
    /// and `expected` and `actual` when present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(step, forKey: .step)
        try container.encode(location, forKey: .location)
        try container.encode(observations, forKey: .observations)
        try container.encodeIfPresent(expected, forKey: .expected)
        try container.encodeIfPresent(actual, forKey: .actual)
    }
}
