import ArgumentParser
import IAMSpec
import IAMSpecExplanation
import IAMSpecPlatform
import IAMSpecReferenceEngine
import IAMSpecRunner
import IAMSpecStdio

/// `iamspec fuzz`: differential fuzzing of two engines; a divergence becomes a new case.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Run random scenarios on two engines until they differ.",
        discussion: """
            Exit status: 0 no divergence, 1 a case was written, 2 usage error or engine not started. More: \
            docs/COMMANDS.md, "iamspec fuzz".
            """
    )

    @Option(help: "The engine whose answers become the expectations: reference or mutant:<id>.")
    var engine: EngineChoice = .reference

    @Option(help: "The engine compared with it: reference or mutant:<id>.")
    var against: EngineChoice?

    @Option(help: ArgumentHelp("Use this stdio engine program instead of --engine.", valueName: "command"))
    var engineCommand: String?

    @Option(help: ArgumentHelp("Compare with this stdio engine program instead of --against.", valueName: "command"))
    var againstCommand: String?

    @Flag(help: "Fuzz --engine against every mutant in turn and print how many scenarios found each.")
    var allMutants = false

    @Flag(
        help: """
            Run mutant engines in this process, not in worker processes: faster, but a mutant that \
            traps ends the whole campaign.
            """
    )
    var inProcess = false

    @Option(parsing: .unconditional, help: "The seed of the scenario generator.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "How many scenarios to try at most.")
    var count: Int = 1000

    @Option(help: ArgumentHelp("Write the case to this file instead of standard output.", valueName: "file"))
    var out: String?

    @Option(help: "The case id (default: found-<mutant id>, or fuzz-seed<N>-scenario<K>).")
    var id: String?

    @Option(help: "The case title (one line).")
    var title: String?

    @Option(
        name: .customLong("rule"),
        help: "A rule id of Specs/rules.yaml the case checks; repeatable (default: the mutant's rule)."
    )
    var rules: [String] = []

    func validate() throws {
        guard count >= 1 else {
            throw ValidationError("--count must be at least 1, found \(count)")
        }
        if allMutants {
            guard against == nil, againstCommand == nil, out == nil else {
                throw ValidationError("--all-mutants takes no --against, --against-command or --out")
            }
            return
        }
        guard (against == nil) != (againstCommand == nil) else {
            throw ValidationError("give exactly one of --against and --against-command (or --all-mutants)")
        }
        if rules.isEmpty, engineCommand != nil || engine.mutant == nil, against?.mutant == nil {
            throw ValidationError("--rule is required when neither engine is a mutant")
        }
        if let id, !IdentifierSyntax.isCaseID(id) {
            throw ValidationError("--id must match ^[a-z0-9][a-z0-9._-]*$, found '\(QuotedText.line(id))'")
        }
        for rule in rules where !IdentifierSyntax.isRuleID(rule) {
            throw ValidationError(
                "--rule: expected \(IdentifierSyntax.ruleIDSpelling), found '\(QuotedText.line(rule))'"
            )
        }
    }

    func run() throws {
        if allMutants { return try surveyMutants() }
        let expected = try provider(engineCommand, otherwise: engine)
        let compared = try provider(againstCommand, otherwise: against ?? .reference)
        defer {
            (expected as? StdioEngineProvider)?.shutdown()
            (compared as? StdioEngineProvider)?.shutdown()
        }
        let engineName = engineCommand.map { "command \($0)" } ?? engine.description
        let againstName = againstCommand.map { "command \($0)" } ?? against?.description ?? "reference"
        let campaign = FuzzCampaign(engine: expected, against: compared, seed: seed)
        guard let finding = campaign.run(count: count) else {
            StandardError.write("no divergence in \(count) scenarios (seed \(seed))")
            return
        }
        let againstMutant = againstCommand == nil ? against?.mutant : nil
        let mutant = againstMutant ?? (engineCommand == nil ? engine.mutant : nil)
        let writer = CaseWriter(
            id: id ?? mutant.map { "found-" + CaseWriter.idPart(naming: $0.id) }
                ?? "fuzz-seed\(seed)-scenario\(finding.scenarioNumber)",
            title: title ?? mutant.map { "Rejects an engine that \($0.summary)" }
                ?? "\(engineName) and \(againstName) answer differently",
            rules: rules.isEmpty ? [mutant?.rule].compactMap { $0 } : rules,
            comments: (againstMutant.map { ["Catches: mutant \($0.id)"] } ?? []) + [
                "Found by: iamspec fuzz, \(engineName) against \(againstName), seed \(seed) "
                    + "(scenario \(finding.scenarioNumber), shrunk from \(finding.original.stimuli.count) "
                    + "to \(finding.scenario.stimuli.count) step\(finding.scenario.stimuli.count == 1 ? "" : "s"))"
            ],
            schemaPath: Self.schemaPath(for: out)
        )
        let yaml = writer.yaml(for: finding.scenario, expected: finding.expected, actual: finding.actual)
        if let out {
            do {
                try AtomicFile.write(yaml, to: out)
            } catch {
                throw CommandFailure.usage(error.description)
            }
            StandardError.write("wrote \(QuotedText.line(out))")
        } else {
            print(yaml, terminator: "")
        }
        StandardError.write(
            "\(QuotedText.line(engineName)) and \(QuotedText.line(againstName)) diverge on scenario "
                + "\(finding.scenarioNumber) of seed \(seed)"
        )
        throw ExitCode(ExitStatus.failure)
    }

    /// Fuzzes the engine against each mutant: one line per mutant with the number of the first
    /// diverging scenario, or `not found`; exits 1 when any was not found.
    private func surveyMutants() throws {
        let expected = try provider(engineCommand, otherwise: engine)
        defer { (expected as? StdioEngineProvider)?.shutdown() }
        var missed = 0
        for mutant in BehaviourCatalogue.all {
            let compared = try workers.provider(serving: mutant, isolatingReference: false)
            defer { (compared as? StdioEngineProvider)?.shutdown() }
            let campaign = FuzzCampaign(engine: expected, against: compared, seed: seed)
            if let finding = campaign.run(count: count) {
                print("\(mutant.id)\tfound at scenario \(finding.scenarioNumber)")
            } else {
                print("\(mutant.id)\tnot found in \(count) scenarios")
                missed += 1
            }
        }
        print(
            "\(BehaviourCatalogue.all.count - missed)/\(BehaviourCatalogue.all.count) mutants found (seed \(seed), \(count) scenarios each)"
        )
        if missed > 0 { throw ExitCode(ExitStatus.failure) }
    }

    /// Where the reference and mutant engines run.
    private var workers: EngineWorkers {
        EngineWorkers(inProcess: inProcess, timeoutSeconds: 60)
    }

    /// A stdio engine when a command is given, else the named engine; a program that cannot start
    /// is a configuration error (exit status 2).
    private func provider(_ command: String?, otherwise choice: EngineChoice) throws -> any EngineProvider {
        guard let command else { return try workers.provider(serving: choice.mutant, isolatingReference: false) }
        do {
            return try StdioEngineProvider(command: command)
        } catch {
            throw CommandFailure.engineStartup(error)
        }
    }

    /// `schema.json`'s path relative to the file written: up to the nearest `Specs` folder.
    static func schemaPath(for out: String?) -> String {
        guard let out else { return "../schema.json" }
        let folders = URL(fileURLWithPath: out).standardizedFileURL.deletingLastPathComponent().pathComponents
        guard let specs = folders.lastIndex(of: "Specs") else { return "../schema.json" }
        let depth = folders.count - specs - 1
        return String(repeating: "../", count: depth) + "schema.json"
    }
}

/// An engine named on the command line: `reference` or `mutant:<id>`.
enum EngineChoice: ExpressibleByArgument, CustomStringConvertible {
    case reference
    case mutant(Behaviour)

    init?(argument: String) {
        if argument == "reference" {
            self = .reference
        } else if argument.hasPrefix("mutant:"),
            let mutant = BehaviourCatalogue.behaviour(id: String(argument.dropFirst(7)))
        {
            self = .mutant(mutant)
        } else {
            return nil
        }
    }

    var description: String {
        switch self {
        case .reference: "reference"
        case .mutant(let mutant): "mutant:\(mutant.id)"
        }
    }

    var mutant: Behaviour? {
        if case .mutant(let mutant) = self { mutant } else { nil }
    }
}
