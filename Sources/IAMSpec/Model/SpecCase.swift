/// One conformance case: a setup, then steps that are stimuli or expectations.
public struct SpecCase: Sendable {
    /// Stable, unique across the suite, never renumbered: `[a-z0-9][a-z0-9._-]*`.
    public var id: String
    public var title: String
    /// The ids of the rules (in `Specs/rules.yaml`) this case checks.
    public var rules: [String]
    public var tags: [String]
    /// The SDK generations the case holds for.
    public var profiles: [Profile]
    /// What the engine must be able to do; the loader checks it names every capability the steps use.
    public var requires: Set<Capability>
    public var configuration: EngineConfiguration
    /// The messages the server delivers at each session start, in delivered order.
    public var messages: [InAppMessage]
    public var steps: [Step]
    /// Where the case starts in its file.
    public var location: SourceLocation

    public init(
        id: String,
        title: String,
        rules: [String],
        tags: [String] = [],
        profiles: [Profile] = Profile.allCases,
        requires: Set<Capability> = [],
        configuration: EngineConfiguration = EngineConfiguration(),
        messages: [InAppMessage],
        steps: [Step],
        location: SourceLocation
    ) {
        self.id = id
        self.title = title
        self.rules = rules
        self.tags = tags
        self.profiles = profiles
        self.requires = requires
        self.configuration = configuration
        self.messages = messages
        self.steps = steps
        self.location = location
    }
}

/// One step of a case, with where it is written.
public struct Step: Sendable {
    public var action: Action
    public var location: SourceLocation

    public init(_ action: Action, location: SourceLocation) {
        self.action = action
        self.location = location
    }

    /// A step either acts on the engine or checks what it did.
    public enum Action: Sendable, Hashable {
        case stimulus(Stimulus)
        case expectation(Expectation)
    }
}
