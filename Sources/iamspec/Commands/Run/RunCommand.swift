import ArgumentParser
import Foundation
import IAMSpec

/// `iamspec run`: runs the selected cases against the engine and reports.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the cases against an engine (the reference engine by default).",
        discussion: """
            Prints each failure with its timeline and a command that runs it again; the last line \
            on standard output is exactly `N passed, N failed, N skipped`, where errors (the engine \
            threw, timed out, or answered a stack inspection wrongly) count as failed. Progress goes \
            to standard error. On SIGINT or SIGTERM no more cases start and the results so far are \
            reported, marked interrupted. Exit status 0 when every selected run passed (skips \
            allowed), 1 when any failed or errored or the run was interrupted, 2 for usage, \
            configuration or spec errors.
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var selection: SelectionOptions

    @Option(help: "How many cases run at once (default: the number of processors).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Wall-clock seconds one case run may take before it is an error.")
    var timeout: Double = 30

    @Option(help: ArgumentHelp("Write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write the results stream (line-delimited JSON) to this file.", valueName: "file"))
    var json: String?

    @Option(
        help: ArgumentHelp(
            "Run the cases against a program speaking the stdio protocol (Specs/PROTOCOL.md), started with /bin/sh -c.",
            valueName: "command"
        )
    )
    var engineCommand: String?

    @Flag(help: "Check every message the --engine-command program sends against Specs/schemas/protocol.")
    var validateProtocol = false

    @Option(help: "Colour the output: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorMode = .auto

    func validate() throws {
        if validateProtocol && engineCommand == nil {
            throw ValidationError("--validate-protocol checks an --engine-command program; give one")
        }
        guard jobs >= 1 else {
            throw ValidationError("--jobs must be at least 1, found \(jobs)")
        }
        guard timeout > 0, timeout <= 86_400 else {
            throw ValidationError("--timeout must be more than 0 and at most 86400 seconds, found \(timeout)")
        }
    }

    func run() throws {
        let loaded = try SuiteLoading.load(suite.paths)
        let provider = try makeEngineProvider()
        let stdioProvider = provider as? StdioEngineProvider
        defer { stdioProvider?.shutdown() }
        let runSelection = selection.selection
        let total = runSelection.runs(of: loaded.cases).count
        if total == 0 {
            StandardError.write("warning: no case run matches the selection")
        }
        let environment = ProcessInfo.processInfo.environment
        let stdoutStyle = ConsoleStyle(
            usesColor: color.usesColor(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
        )
        let stderrStyle = ConsoleStyle(
            usesColor: color.usesColor(isTerminal: StandardError.isTerminal, environment: environment)
        )
        let progress = ProgressPrinter(
            report: ConsoleReport(style: stderrStyle),
            total: total,
            overwrites: StandardError.isTerminal
        )
        let control = RunControl()
        let signals = InterruptSignals(control: control)
        let run = ConformanceRun(
            engine: provider,
            options: RunOptions(
                selection: runSelection,
                jobs: jobs,
                timeout: .milliseconds(Int64((timeout * 1000).rounded()))
            ),
            control: control,
            progress: { progress.record($0) }
        )
        let summary = run.run(cases: loaded.cases, rules: loaded.rules, paths: suite.paths)
        signals.stop()
        stdioProvider?.shutdown()
        progress.finish()
        if let failure = stdioProvider?.startupFailure {
            StandardError.write("error: \(failure.message)")
            if !failure.diagnostics.isEmpty { StandardError.write(failure.diagnostics) }
            throw ExitStatus.usageError
        }
        try writeReports(summary)
        for line in ConsoleReport(style: stdoutStyle).lines(for: summary) {
            print(line)
        }
        if summary.exitCode != 0 {
            throw ExitCode(summary.exitCode)
        }
    }

    private func writeReports(_ summary: RunSummary) throws {
        do {
            if let json {
                try ResultsStream.write(summary, to: json)
            }
            if let junit {
                try JUnitReport.write(summary, to: junit)
            }
        } catch {
            StandardError.write(error.description)
            throw ExitStatus.usageError
        }
    }
}
