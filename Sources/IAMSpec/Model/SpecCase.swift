/// One conformance case: a setup, then steps that are stimuli or expectations.
public struct SpecCase: Sendable {
    /// Stable, unique across the suite, never renumbered: `[a-z0-9][a-z0-9._-]*`.
    public var id: String
    /// What the case checks, in one line, as reports show it beside the id.
    public var title: String
    /// The ids of the rules (in `Specs/rules.yaml`) this case checks.
    public var rules: [String]
    /// Free-form labels, which `--tag` and `--tags` select cases by.
    public var tags: [String]
    /// The SDK generations the case holds for.
    public var profiles: [Profile] {
        didSet { profiles = Self.shared(profiles) }
    }
    /// ``requires``, one bit per capability.
    private var requiredCapabilities: CapabilityBits
    /// How the app configured the SDK, and the device, when the case begins (`given.config`).
    public var configuration: EngineConfiguration
    /// The messages the server delivers at each session start, in delivered order.
    public var messages: [InAppMessage]
    /// The stimuli and expectations, in the order they run.
    public var steps: [Step]
    /// Where the case starts in its file.
    public var location: SourceLocation

    /// A case made in code, as the loader makes one from its file; a run is skipped when the
    /// engine lacks a capability of `requires`.
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
        self.profiles = Self.shared(profiles)
        self.requiredCapabilities = CapabilityBits(requires)
        self.configuration = configuration
        self.messages = messages
        self.steps = steps
        self.location = location
    }

    /// What the engine must be able to do; the loader checks it names every capability the steps use.
    public var requires: Set<Capability> {
        get { requiredCapabilities.set }
        set { requiredCapabilities = CapabilityBits(newValue) }
    }

    /// ``requires`` as one bit per capability, bit `n` for `Capability.allCases[n]`: read and set
    /// without a `Set` (the loader's and the capability warnings' way).
    package var requiredCapabilityBits: UInt64 {
        get { requiredCapabilities.bits }
        set { requiredCapabilities = CapabilityBits(bits: newValue) }
    }

    /// The lists of profiles cases write, each stored once for the whole suite.
    private static let sharedProfileLists: [[Profile]] = [Profile.allCases] + Profile.allCases.map { [$0] }

    /// The profiles, as the shared list when they are one (a suite holds every case at once).
    private static func shared(_ profiles: [Profile]) -> [Profile] {
        sharedProfileLists.first { $0 == profiles } ?? profiles
    }
}

/// One step of a case, with where it is written.
public struct Step: Sendable {
    /// The action and the location, held in 48 bytes: a suite holds every step of every case at once.
    /// Visible to inlined code so that a run reads a step's action in place, without a copy.
    @usableFromInline var storage: Storage

    /// The step that does `action`, written at `location`.
    public init(_ action: Action, location: SourceLocation) {
        self.storage = Storage(action, location: location)
    }

    /// What the step does: a stimulus for the engine, or an expectation to check.
    public var action: Action {
        @inlinable get {
            switch storage {
            case .compact(let action, _, _), .wide(let action, _): action
            }
        }
        set { storage = Storage(newValue, location: location) }
    }

    /// Where the step is written.
    public var location: SourceLocation {
        @inlinable get {
            switch storage {
            case .compact(_, let file, let lineAndColumn):
                SourceLocation(file: file, line: Int(lineAndColumn >> 32), column: Int(lineAndColumn & 0xFFFF_FFFF))
            case .wide(_, let location): location
            }
        }
        set { storage = Storage(action, location: newValue) }
    }

    /// A step with its line and column in 32 bits each, as every step of a file the loader reads
    /// has, or with any location, on the heap.
    @usableFromInline enum Storage: Sendable {
        case compact(Action, file: String, lineAndColumn: UInt64)
        indirect case wide(Action, SourceLocation)

        init(_ action: Action, location: SourceLocation) {
            if let line = UInt32(exactly: location.line), let column = UInt32(exactly: location.column) {
                self = .compact(action, file: location.file, lineAndColumn: UInt64(line) << 32 | UInt64(column))
            } else {
                self = .wide(action, location)
            }
        }
    }

    /// A step either acts on the engine or checks what it did.
    public enum Action: Sendable, Hashable {
        /// Gives the engine a stimulus; what it reports joins the window the next expectation checks.
        case stimulus(Stimulus)
        /// Checks what the engine did since the previous expectation (and the stack, when it asks).
        case expectation(Expectation)
    }
}
