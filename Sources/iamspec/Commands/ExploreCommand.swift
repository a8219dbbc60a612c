import ArgumentParser
import Foundation
import IAMSpec
import IAMSpecMutants
import IAMSpecPlatform
import IAMSpecReferenceEngine
import IAMSpecRunner
import IAMSpecStdio

/// `iamspec explore`: an engine explored beyond the suite, each distinct difference from the
/// reference rules written as a case to keep.
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Explore an engine beyond the suite for differences.",
        discussion: """
            Exit status: 0 no difference, 1 some, 2 usage error or engine not started. More: \
            docs/COMMANDS.md, "iamspec explore".
            """
    )

    @Option(
        help: ArgumentHelp("The engine program, speaking the stdio protocol (Specs/PROTOCOL.md).", valueName: "command")
    )
    var engineCommand: String

    @Option(help: ArgumentHelp("The folder the cases are written to (made if missing).", valueName: "folder"))
    var out: String

    @Option(parsing: .unconditional, help: "The most scenarios to run.")
    var count: Int = 1_000

    @Option(parsing: .unconditional, help: "Stop starting scenarios after this many seconds of wall time.")
    var seconds: Int?

    @Option(parsing: .unconditional, help: "The seed of the scenario generator.")
    var seed: UInt64 = 1

    @Option(
        help: ArgumentHelp(
            "A results stream (iamspec run --json) whose names are the engine's known behaviours.",
            valueName: "file"
        )
    )
    var knownFrom: String?

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be at least 1; found \(count)") }
        if let seconds, seconds <= 0 { throw ValidationError("--seconds must be at least 1; found \(seconds)") }
    }

    func run() throws {
        let (known, alternatives) = try knownBehaviours()
        let engine: StdioEngineProvider
        do {
            engine = try StdioEngineProvider(command: engineCommand)
        } catch {
            throw CommandFailure.engineStartup(error)
        }
        defer { engine.shutdown() }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.usage(
                "--out \(QuotedText.line(out)): cannot make the folder: \(error.localizedDescription)"
            )
        }
        let clock = ContinuousClock()
        let deadline = seconds.map { clock.now + .seconds($0) }
        let exploration = Exploration(
            engine: engine,
            known: known,
            knownAlternatives: alternatives,
            seed: seed,
            count: count,
            isOver: { deadline.map { clock.now >= $0 } ?? false },
            progress: { scenarios, differences in
                if scenarios % 100 == 0 {
                    StandardError.write("explore: \(scenarios) scenarios, \(differences) distinct differences")
                }
            }
        )
        let outcome = exploration.run { yaml, caseID in Self.check(yaml, caseID: caseID, on: engine) }
        var written: [String: String] = [:]
        for difference in outcome.differences {
            guard let yaml = difference.yaml else { continue }
            let path = (out as NSString).appendingPathComponent("\(difference.caseID).yaml")
            do {
                try AtomicFile.write(yaml, to: path)
            } catch {
                throw CommandFailure.usage(error.description)
            }
            written[difference.caseID] = path
        }
        for line in Self.table(outcome, engine: engine.description, seed: seed, written: written) { print(line) }
        if !outcome.differences.isEmpty { throw ExitCode(ExitStatus.failure) }
    }

    /// The behaviours the names of `--known-from` give the engine: each certain name's, and each
    /// hypothesis of a name still open ("one of") as an alternative.
    private func knownBehaviours() throws -> (known: [Behaviour], alternatives: [[Behaviour]]) {
        guard let knownFrom else { return ([], []) }
        let recorded: RecordedRun
        do {
            recorded = try ResultsStreamReader(path: knownFrom).outline()
        } catch {
            throw CommandFailure.usage("\(error.diagnostic)")
        }
        func behaviours(_ id: String) -> [Behaviour] {
            let ids = id.split(separator: "+").map(String.init)
            return BehaviourCatalogue.all.filter { ids.contains($0.id) }
        }
        let names = recorded.summary.behaviours
        let known = names.filter { !$0.isOpen }.flatMap { behaviours($0.behaviour) }
        let alternatives = names.filter(\.isOpen).flatMap { name in
            ([name.behaviour] + name.alternatives.map(\.behaviour)).map(behaviours)
        }
        return (known, alternatives)
    }

    /// Whether the case `yaml`, read back as a case file, declares the behavioural capabilities the
    /// needs proof of `iamspec lint` finds it needs (each one the engine has: one it lacks would
    /// make the engine skip the case), passes on the reference engine and fails on `engine`.
    private static func check(_ yaml: String, caseID: String, on engine: any EngineProvider) -> Exploration.CaseCheck {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iamspec-explore-\(UUID().uuidString)"
        )
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(yaml.utf8).write(to: folder.appendingPathComponent("\(caseID).yaml"))
        } catch {
            return .withheld(
                "it could not be written to a scratch folder to be read back: \(error.localizedDescription)"
            )
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = SuiteLoader.load(paths: [folder.path])
        if let diagnostic = suite.diagnostics.first {
            return .withheld("read back, it is refused: \(diagnostic.message)")
        }
        guard let loaded = suite.loadedCases.first, let specCase = try? loaded.decoded(),
            let profile = specCase.profiles.first
        else { return .withheld("read back, it holds no case") }
        guard let proof = try? NeedsProof().run(cases: [specCase], rules: suite.rules) else {
            return .withheld("read back, its needs could not be proven")
        }
        if let needed = proof.undeclared[specCase.id], !needed.isEmpty {
            let lacked = needed.filter { !engine.description.capabilities.contains($0) }
            guard lacked.isEmpty else {
                return .withheld(
                    "it needs \(lacked.map(\.rawValue).sorted().joined(separator: ", ")), which the engine lacks: "
                        + "the engine would skip it"
                )
            }
            return .needs(needed.sorted { $0.rawValue < $1.rawValue })
        }
        if let problem = proof.diagnostics.first { return .withheld("read back, lint refuses it: \(problem.message)") }
        let onReference = CaseExecutor(provider: ReferenceEngineProvider(), rules: []).execute(
            specCase,
            profile: profile
        )
        guard onReference.status == .passed else {
            return .withheld(
                "read back, it \(onReference.status.rawValue) on the reference engine: \(onReference.message)"
            )
        }
        let onEngine = CaseExecutor(provider: engine, rules: []).execute(specCase, profile: profile)
        guard onEngine.status == .failed else {
            return .withheld(
                "read back, it \(onEngine.status.rawValue) on the engine"
                    + (onEngine.message.isEmpty ? "" : ": \(onEngine.message)")
            )
        }
        return .kept
    }

    /// The table the run ends with.
    static func table(
        _ outcome: Exploration.Outcome,
        engine: EngineDescription,
        seed: UInt64,
        written: [String: String]
    ) -> [String] {
        let declined = outcome.declined.values.reduce(0, +)
        var lines = [
            "explored \(QuotedText.line(engine.name)) \(QuotedText.line(engine.version)): "
                + "\(outcome.scenarios) scenarios (seed \(seed)), \(declined) declined, \(outcome.failed) failed, "
                + "\(outcome.explainedByKnown) differing only as its known behaviours do"
        ]
        for (reason, count) in outcome.declined.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            lines.append("  declined \(count): \(QuotedText.line(reason))")
        }
        lines.append("distinct differences: \(outcome.differences.count)")
        for (index, difference) in outcome.differences.enumerated() {
            let file =
                written[difference.caseID].map { QuotedText.line($0) }
                ?? "no case held (\(QuotedText.line(difference.withheld ?? "")))"
            lines.append(
                "  \(index + 1). \(QuotedText.line(difference.signature)) (rule \(difference.rule); "
                    + "\(difference.scenarios) scenario\(difference.scenarios == 1 ? "" : "s")): \(file)"
            )
        }
        return lines
    }
}
