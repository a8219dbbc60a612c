/// How `iamspec run` was invoked, beyond what the header already holds (suite paths, selection,
/// timeout): the options that change a verdict, so a failure's re-run line reproduces it and a
/// stored results stream says what produced it. A library run has none.
public struct RunInvocation: Sendable, Hashable, Codable {
    /// The tool as it was started (its first argument), for the re-run line: as given when it
    /// is a name or a relative path; an absolute one (`swift run` starts the tool so) relative
    /// to the working directory when it is below it, else the file's name alone, so that no
    /// report holds a path of the machine that made it.
    public var program: String
    /// The directory a run was started in, as iamspec 0.1.0 recorded it in a results stream
    /// (absolute). iamspec no longer records it and no report shows it: a re-run line is run
    /// from the directory the run was started in (in CI, the repository's root), so that a
    /// published report holds no path of the machine that made it. Nil in every new stream.
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
    /// The results stream of the whole run whose passes judge this run's names, which its re-run
    /// lines give as `--whole-run`, so that a case run alone is named against the same passes:
    /// the `--whole-run` a run of part of the suite was given, the `--json` of a run of the whole
    /// suite, or the stream of the whole suite that `report`, `docs` or `explain` read; nil when
    /// none is known. The path as it was given; a results stream never records it (a stream is
    /// an artefact, and may move): its reader sets it.
    package var wholeRun: String?
    /// Whether a results stream recorded this invocation: true when it was read from a file (a
    /// stream is an artefact, possibly of another's job, a fork's say), false for the invocation
    /// this process was given. Its re-run lines name the engine command `"$ENGINE"`, for the user
    /// to set, and show the recorded one as data alone, never in a line to paste
    /// (``RerunCommand``). A results stream never records it.
    package var isRecorded = true

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
        isRecorded = false
    }

    /// The program as ``program`` records it, from the tool's first argument and the directory
    /// it was started in (absolute): a name or a relative path as given; an absolute path below
    /// the directory relative to it (`.build/debug/iamspec`, `./iamspec`); any other absolute
    /// path its file's name, as found on `PATH`.
    package static func program(startedAs argument: String, in workingDirectory: String) -> String {
        guard argument.hasPrefix("/") else { return argument }
        let folder = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        guard argument.hasPrefix(folder), argument.count > folder.count else {
            return argument.split(separator: "/").last.map(String.init) ?? "iamspec"
        }
        let relative = String(argument.dropFirst(folder.count))
        return relative.contains("/") ? relative : "./" + relative
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
