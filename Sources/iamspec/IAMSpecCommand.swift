import ArgumentParser
import Foundation
import IAMSpec
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
            or errored (or a rule is uncovered, for `coverage`), 2 for usage, configuration and \
            spec errors.
            """,
        version: IAMSpecVersion.current,
        subcommands: [
            RunCommand.self, LintCommand.self, ListCommand.self, CoverageCommand.self, CapabilitiesCommand.self,
            ReportCommand.self,
            EngineCommand.self, MergeCommand.self, DocsCommand.self, MutateCommand.self, FuzzCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Parses and runs, mapping usage errors to exit status 2 (swift-argument-parser uses 64);
    /// a command's ``CommandFailure`` is printed here, once.
    ///
    /// Whatever the command, iamspec is answerable for the engine programs it starts: it reaps
    /// their orphans, and kills those still running however it exits (a second Ctrl-C included).
    static func main() {
        EngineProcesses.superviseForThisProcess()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            StandardError.write(failure.message)
            Foundation.exit(failure.exitStatus)
        } catch {
            if exitCode(for: error) == .validationFailure {
                StandardError.write(fullMessage(for: error))
                Foundation.exit(ExitStatus.usage)
            }
            exit(withError: error)
        }
    }
}
