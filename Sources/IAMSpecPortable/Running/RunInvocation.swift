/// How `iamspec run` was invoked, beyond what the header already holds (suite paths, selection,
/// timeout): the options that change a verdict, so a failure's re-run line reproduces it and a
/// stored results stream says what produced it. A library run has none.
public struct RunInvocation: Sendable, Hashable, Codable {
    /// The tool as it was started (its first argument), for the re-run line.
    public var program: String
    /// The directory the run was started in, absolute: the re-run line changes to it first, so
    /// that a relative suite path, baseline, engine command or ``program`` resolves as it did.
    /// Nil in a results stream written before iamspec recorded it.
    public var workingDirectory: String?
    /// `--engine-command`: the stdio engine program; nil for the reference engine.
    public var engineCommand: String?
    /// `--validate-protocol`.
    public var validatesProtocol: Bool
    /// The baseline the run was judged against: `--baseline`, else the file `--update-baseline` wrote.
    public var baseline: String?
    /// `--allow-unexpected-pass`.
    public var allowsUnexpectedPass: Bool
    /// `--repeat N`: how many times each run was made; nil for once.
    public var repeats: Int?
    /// `--strict-capabilities`: the run's capability warnings fail it; nil without it.
    public var strictCapabilities: Bool?

    /// The options of an `iamspec run`; each left out has the value the option's absence means.
    public init(
        program: String = "iamspec",
        workingDirectory: String? = nil,
        engineCommand: String? = nil,
        validatesProtocol: Bool = false,
        baseline: String? = nil,
        allowsUnexpectedPass: Bool = false,
        repeats: Int? = nil,
        strictCapabilities: Bool? = nil
    ) {
        self.program = program
        self.workingDirectory = workingDirectory
        self.engineCommand = engineCommand
        self.validatesProtocol = validatesProtocol
        self.baseline = baseline
        self.allowsUnexpectedPass = allowsUnexpectedPass
        self.repeats = repeats
        self.strictCapabilities = strictCapabilities
    }

    package enum CodingKeys: String, CodingKey {
        case program
        case workingDirectory = "working_directory"
        case engineCommand = "engine_command"
        case validatesProtocol = "validate_protocol"
        case baseline
        case allowsUnexpectedPass = "allow_unexpected_pass"
        case repeats = "repeat"
        case strictCapabilities = "strict_capabilities"
    }
}
