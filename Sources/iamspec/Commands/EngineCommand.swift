import ArgumentParser
import IAMSpec
import IAMSpecExplanation
import IAMSpecReferenceEngine
import IAMSpecStdio

/// `iamspec engine --stdio`: the reference engine served over the stdio protocol
/// (`Specs/PROTOCOL.md`) on stdin and stdout, until `shutdown` or the end of stdin.
///
/// `iamspec run --engine-command "iamspec engine --stdio"` runs the suite across the protocol
/// against the reference engine, which checks the protocol itself; and it is the server side an
/// engine author can compare an adapter with. It is also the worker process in which `run`,
/// `mutate` and `fuzz` run their own engines (`EngineWorkers`), with the hidden `--mutant ID`
/// for a mutant.
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Serve the reference engine over the stdio protocol.",
        discussion: """
            One JSON request a line on stdin, one answer a line on stdout (Specs/PROTOCOL.md). More: \
            docs/COMMANDS.md, "iamspec engine".
            """
    )

    @Flag(name: .long, help: "Speak the stdio protocol on stdin and stdout.")
    var stdio = false

    @Option(
        name: .customLong("mutant"),
        help: ArgumentHelp(
            "Serve the reference engine with these behaviours of the catalogue, ids joined by + (iamspec mutate --list).",
            valueName: "id"
        )
    )
    var mutantID: String?

    @Option(
        name: .customLong("lacking"),
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Declare the engine without these capabilities, and never make their observations, as a partial engine does.",
            valueName: "capability"
        )
    )
    var lacking: [String] = []

    func validate() throws {
        guard stdio else {
            throw ValidationError("`iamspec engine` serves the engine over the stdio protocol only: pass --stdio")
        }
        if let mutantID, BehaviourCatalogue.behaviour(id: mutantID) == nil {
            throw ValidationError("--mutant: no mutant has the id '\(mutantID)' (see `iamspec mutate --list`)")
        }
        for name in lacking where Capability(rawValue: name) == nil {
            throw ValidationError("--lacking: no capability is named '\(name)' (see `iamspec capabilities`)")
        }
    }

    func run() throws {
        let mutant = mutantID.flatMap(BehaviourCatalogue.behaviour(id:))
        var provider: any EngineProvider =
            mutant.map { BehaviourEngineProvider(behaviour: $0) } ?? ReferenceEngineProvider()
        if !lacking.isEmpty {
            let lacked = Set(lacking.compactMap(Capability.init(rawValue:)))
            provider = ObservedByTheEngine(
                base: provider,
                capabilities: provider.description.capabilities.subtracting(lacked),
                declaring: true
            )
        }
        if let trap = TestTrap(engine: mutant.map { "mutant:\($0.id)" } ?? "reference") {
            provider = trap.wrapping(provider)
        }
        guard StdioEngineServer(provider: provider).serve() else {
            // Input it could not read as requests, said on stderr and answered with `error`.
            throw ExitCode(ExitStatus.usage)
        }
    }
}
