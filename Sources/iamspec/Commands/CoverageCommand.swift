import ArgumentParser
import IAMSpec
import IAMSpecRunner
import IAMSpecStdio

/// `iamspec coverage`: which cases check each rule of the catalogue; given an engine's
/// capabilities, which rules it is judged on, and why not the others (the reach view).
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Show each rule's cases or an engine's judged rules.",
        discussion: """
            Exit status: 0 every rule covered (judged), 1 not, 2 usage or spec error. More: \
            docs/COMMANDS.md, "iamspec coverage".
            """
    )

    @OptionGroup var suite: SuiteOptions

    @Option(
        help: ArgumentHelp(
            "The engine's capabilities, comma-separated (exactly these; an empty string for none).",
            valueName: "list"
        )
    )
    var capabilities: String?

    @Option(
        help: ArgumentHelp(
            "With --capabilities: the engine's profiles, comma-separated (default: every profile).",
            valueName: "list"
        )
    )
    var profiles: String?

    @Option(
        help: ArgumentHelp(
            "Read the capabilities and profiles from the hello_reply of a program speaking the stdio protocol "
                + "(started with /bin/sh -c, sent no case).",
            valueName: "command"
        )
    )
    var engineCommand: String?

    @Option(
        help: ArgumentHelp(
            "Count what a run judged: the engine and each run's outcome from its results stream (iamspec run --json).",
            valueName: "file"
        )
    )
    var results: String?

    func validate() throws {
        if engineCommand != nil, capabilities != nil || profiles != nil {
            throw ValidationError("--engine-command reads the capabilities and profiles from the engine; give it alone")
        }
        if results != nil, engineCommand != nil || capabilities != nil || profiles != nil {
            throw ValidationError(
                "--results reads the engine's capabilities and profiles from the stream; give it alone"
            )
        }
        if profiles != nil, capabilities == nil {
            throw ValidationError("--profiles describes an engine given by --capabilities; give both")
        }
    }

    func run() throws {
        let engine = try engineDescribed()
        let outcomes = try outcomesRead()
        let loaded = try SuiteLoading.load(suite.paths)
        let reach = try SuiteLoading.reading { () throws(CaseFileChanged) -> RuleReach? in
            if let outcomes { return try RuleReach(suite: loaded, outcomes: outcomes) }
            guard let engine else { return nil }
            return try RuleReach(suite: loaded, capabilities: engine.capabilities, profiles: engine.profiles)
        }
        if let reach {
            for line in reach.lines { print(line) }
            let unjudged = reach.rows.contains {
                switch $0.verdict {
                case .noCase, .everyCaseNeedsMore: true
                default: false
                }
            }
            if unjudged { throw ExitCode(ExitStatus.failure) }
            return
        }
        try printCasesPerRule(loaded)
    }

    /// The outcomes of the run whose results stream `--results` names; nil without it.
    private func outcomesRead() throws -> RunOutcomes? {
        guard let results else { return nil }
        do {
            return try RunOutcomes(reading: ResultsStreamReader(path: results))
        } catch {
            throw CommandFailure.usage(error.description)
        }
    }

    /// The engine the reach view is for: from the options, or from the program's hello; nil without either.
    private func engineDescribed() throws -> (capabilities: Set<Capability>, profiles: Set<Profile>)? {
        if let engineCommand {
            do {
                let description = try StdioEngineProvider(command: engineCommand).description
                return (description.capabilities, description.profiles)
            } catch {
                throw CommandFailure.engineStartup(error)
            }
        }
        guard let capabilities else { return nil }
        let capabilitySet: Set<Capability> = try Self.values(
            of: capabilities,
            option: "--capabilities",
            naming: "capability"
        )
        guard let profiles else { return (capabilitySet, Set(Profile.allCases)) }
        let profileSet: Set<Profile> = try Self.values(of: profiles, option: "--profiles", naming: "profile")
        if profileSet.isEmpty {
            throw CommandFailure.usage("error: --profiles is empty; expected at least one of the profiles")
        }
        return (capabilitySet, profileSet)
    }

    /// The names of a comma-separated list, blanks around each dropped, empty ones skipped.
    /// The values a comma-separated option names (`--capabilities`, `--profiles`); a name that is
    /// none of them is a usage error listing those there are.
    private static func values<Value: RawRepresentable & CaseIterable & Hashable>(
        of list: String,
        option: String,
        naming kind: String
    ) throws -> Set<Value> where Value.RawValue == String {
        try Set(
            names(list).map { name in
                guard let value = Value(rawValue: name) else {
                    let known = Value.allCases.map(\.rawValue).sorted().joined(separator: ", ")
                    throw CommandFailure.usage(
                        "error: \(option): \(QuotedText.line(name)) is no \(kind); expected one of \(known)"
                    )
                }
                return value
            }
        )
    }

    private static func names(_ list: String) -> [String] {
        list.split(separator: ",").map { name in
            String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }.filter { !$0.isEmpty }
    }

    /// Each rule and the cases that check it; exits 1 when a rule has none.
    private func printCasesPerRule(_ loaded: LoadedSuite) throws {
        var casesByRule: [String: [String]] = [:]
        try SuiteLoading.reading { () throws(CaseFileChanged) in
            try loaded.forEachCase { specCase in
                for rule in specCase.rules {
                    casesByRule[rule, default: []].append(specCase.id)
                }
            }
        }
        var uncovered: [Rule] = []
        for rule in loaded.rules.rules {
            let cases = (casesByRule[rule.id] ?? []).sorted()
            if cases.isEmpty {
                uncovered.append(rule)
            }
            print("\(rule.id): \(cases.count) case\(cases.count == 1 ? "" : "s")")
            for caseID in cases {
                print("    \(caseID)")
            }
        }
        let total = loaded.rules.rules.count
        guard uncovered.isEmpty else {
            print("\(uncovered.count) of \(total) rules uncovered:")
            for rule in uncovered {
                print("    \(rule.id)  \(QuotedText.line(rule.title))  (\(QuotedText.line(rule.location.description)))")
            }
            throw ExitCode(ExitStatus.failure)
        }
        print("all \(total) rules covered")
    }
}
