import ArgumentParser
import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner
import IAMSpecSite
import IAMSpecStdio

/// The `iamspec` command: runs in-app message delivery conformance cases against an engine.
@main
struct IAMSpecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iamspec",
        abstract: "Conformance cases for in-app message delivery engines.",
        discussion: """
            Exit status: 0 when every selected run passed (skips allowed), 1 when any run failed \
            or errored (or a rule is uncovered, for `coverage`; something newly fails, for `diff`), \
            2 for usage, configuration and spec errors, 5 when the selection matches no case run \
            (unless --allow-empty).
            """,
        version: IAMSpecVersion.current,
        subcommands: [
            RunCommand.self, LintCommand.self, ListCommand.self, CoverageCommand.self, CapabilitiesCommand.self,
            ReportCommand.self, EngineCommand.self, MergeCommand.self, DiffCommand.self, DocsCommand.self,
            CompileCommand.self, RunCompiledCommand.self, ExplainCommand.self, MigrateCommand.self,
            MutateCommand.self, FuzzCommand.self,
            ExploreCommand.self, SchemaPartsCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Parses and runs, mapping usage errors to exit status 2 (swift-argument-parser uses 64),
    /// their text (which quotes the arguments) shown inert, as ``QuotedText`` shows text from
    /// outside; a command's ``CommandFailure`` is printed here, once.
    ///
    /// Whatever the command, iamspec is answerable for the engine programs it starts: it reaps
    /// their orphans, and kills those still running however it exits (a second Ctrl-C included).
    /// SIGINT and SIGTERM are held back from the first instruction until `run` (or
    /// `run-compiled`, `explore`) handles them (``InterruptSignals``), or another command's clean-up does
    /// (``InterruptSignals/cleanUpOnSignal()``); SIGHUP as well.
    static func main() {
        // First of all: a SIGINT or SIGTERM while iamspec starts waits for `run` to handle it
        // (every other command lets it act as it would have).
        InterruptSignals.hold()
        // Output to a closed stdout (`iamspec run | head -1`) fails with EPIPE instead of
        // killing iamspec: it ends with its documented status, its reports written. Engines
        // start with SIGPIPE as it was (`ChildProcess`).
        signal(SIGPIPE, SIG_IGN)
        // A file-size limit (`ulimit -f`) reached fails that write with EFBIG instead of killing
        // iamspec: the write error it is says which file, and the temporary file goes. Engines
        // start with SIGXFSZ as it was (`ChildProcess`).
        signal(SIGXFSZ, SIG_IGN)
        EngineProcesses.superviseForThisProcess()
        do {
            try checkSubcommandSpelling(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot()
            if !(command is RunCommand || command is RunCompiledCommand || command is ExploreCommand) {
                // A signal removes a report's temporary file before the process ends.
                InterruptSignals.cleanUpOnSignal()
            }
            try command.run()
            ExitStatus.exitProcess(0)
        } catch let failure as CommandFailure {
            StandardError.write(failure.message)
            ExitStatus.exitProcess(failure.exitStatus)
        } catch {
            if exitCode(for: error) == .validationFailure {
                // The parser's message quotes the arguments as given: shown inert, line by line.
                let lines = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
                StandardError.write(lines.map { QuotedText.line(String($0)) }.joined(separator: "\n"))
                ExitStatus.exitProcess(ExitStatus.usage)
            }
            exit(withError: error)
        }
    }

    /// A first word that is no subcommand, no option and no existing file, but a subcommand
    /// misspelt (`iamspec lnit`), is a usage error with a suggestion, rather than a spec path
    /// for the default `run` that does not exist.
    static func checkSubcommandSpelling(_ arguments: [String]) throws(CommandFailure) {
        guard let word = arguments.first, !word.hasPrefix("-"), !word.contains("/"),
            !FileManager.default.fileExists(atPath: word)
        else { return }
        let commands = configuration.subcommands.map { $0.configuration }
        // A command the help does not list (`schema-parts`) is neither suggested nor listed.
        let names = commands.filter { $0.shouldDisplay }.compactMap { $0.commandName } + ["help"]
        guard !commands.contains(where: { $0.commandName == word }), !names.contains(word),
            let name = Suggestion.closest(to: word, among: names)
        else { return }
        throw .usage(
            "error: unknown command '\(QuotedText.line(word))'; did you mean '\(name)'?\n"
                + "(the commands: \(names.dropLast().joined(separator: ", ")); `iamspec --help` says what each does)"
        )
    }
}
