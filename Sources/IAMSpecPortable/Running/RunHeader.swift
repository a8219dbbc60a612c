import IAMSpec

/// What a run was: the engine, the suite, the selection and when it began.
public struct RunHeader: Sendable, Hashable {
    /// The engine under test.
    public var engine: EngineRecord
    /// The spec paths loaded.
    public var suitePaths: [String]
    /// Which case runs were selected.
    public var selection: RunSelection
    /// How many runs went at once (`RunOptions.jobs`).
    public var jobs: Int
    /// The per-run wall-clock timeout, in whole milliseconds.
    public var timeoutMilliseconds: Int64
    /// When the run began: UTC, `yyyy-MM-ddTHH:mm:ssZ`.
    public var startedAt: String
    /// The version of iamspec that made the run.
    public var iamspecVersion: String
    /// The options of `iamspec run` that change a verdict; nil for a run made through the library.
    public var invocation: RunInvocation?
    /// What made the runs: nil for the runner (`iamspec run`, `ConformanceRun`),
    /// ``RunExecutor/portable`` for a compiled suite run case by case by ``PortableSuite``.
    public var executor: RunExecutor?

    /// A header made in code, or read back from a results stream.
    public init(
        engine: EngineRecord,
        suitePaths: [String],
        selection: RunSelection,
        jobs: Int,
        timeoutMilliseconds: Int64,
        startedAt: String,
        iamspecVersion: String = IAMSpecVersion.current,
        invocation: RunInvocation? = nil,
        executor: RunExecutor? = nil
    ) {
        self.engine = engine
        self.suitePaths = suitePaths
        self.selection = selection
        self.jobs = jobs
        self.timeoutMilliseconds = timeoutMilliseconds
        self.startedAt = startedAt
        self.iamspecVersion = iamspecVersion
        self.invocation = invocation
        self.executor = executor
    }
}

/// What made a run's results, when not the runner: the results header's `executor`.
public enum RunExecutor: String, Sendable, Hashable, Codable, CaseIterable {
    /// ``PortableSuite``: a compiled suite, each run in a test of an app's own test bundle
    /// (IAMSpecPortableTesting); a run is made again by running its test again.
    case portable
}

/// An engine's description as results record it.
public struct EngineRecord: Sendable, Hashable, Codable {
    /// The engine's name, from its description.
    public var name: String
    /// The engine's version, from its description.
    public var version: String
    /// Sorted.
    public var profiles: [Profile]
    /// Sorted.
    public var capabilities: [Capability]

    /// A record of an engine described by these values, each list sorted.
    public init(name: String, version: String, profiles: [Profile], capabilities: [Capability]) {
        self.name = name
        self.version = version
        self.profiles = profiles
        self.capabilities = capabilities
    }

    /// The record of `description`, its profiles and capabilities sorted.
    public init(_ description: EngineDescription) {
        self.init(
            name: description.name,
            version: description.version,
            profiles: description.profiles.sorted(),
            capabilities: description.capabilities.sorted()
        )
    }
}
