import IAMSpec

/// What a run was: the engine, the suite, the selection and when it began.
public struct RunHeader: Sendable, Hashable {
    /// The engine under test.
    public var engine: EngineRecord
    /// The spec paths loaded.
    public var suitePaths: [String]
    public var selection: RunSelection
    public var jobs: Int
    /// The per-run wall-clock timeout, in whole milliseconds.
    public var timeoutMilliseconds: Int64
    /// When the run began: UTC, `yyyy-MM-ddTHH:mm:ssZ`.
    public var startedAt: String
    /// The machine the run was made on.
    public var hostname: String
    public var iamspecVersion: String
    /// The options of `iamspec run` that change a verdict; nil for a run made through the library.
    public var invocation: RunInvocation?

    public init(
        engine: EngineRecord,
        suitePaths: [String],
        selection: RunSelection,
        jobs: Int,
        timeoutMilliseconds: Int64,
        startedAt: String,
        hostname: String,
        iamspecVersion: String = IAMSpecVersion.current,
        invocation: RunInvocation? = nil
    ) {
        self.engine = engine
        self.suitePaths = suitePaths
        self.selection = selection
        self.jobs = jobs
        self.timeoutMilliseconds = timeoutMilliseconds
        self.startedAt = startedAt
        self.hostname = hostname
        self.iamspecVersion = iamspecVersion
        self.invocation = invocation
    }
}

/// An engine's description as results record it.
public struct EngineRecord: Sendable, Hashable, Codable {
    public var name: String
    public var version: String
    /// Sorted.
    public var profiles: [Profile]
    /// Sorted.
    public var capabilities: [Capability]

    public init(name: String, version: String, profiles: [Profile], capabilities: [Capability]) {
        self.name = name
        self.version = version
        self.profiles = profiles
        self.capabilities = capabilities
    }

    public init(_ description: EngineDescription) {
        self.init(
            name: description.name,
            version: description.version,
            profiles: description.profiles.sorted(),
            capabilities: description.capabilities.sorted()
        )
    }
}
