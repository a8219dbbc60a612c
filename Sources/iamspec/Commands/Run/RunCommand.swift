import ArgumentParser
import Foundation
import IAMSpec
import IAMSpecRunner
import IAMSpecStdio

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

            With --baseline FILE (this engine's known outcomes; README, "Baselines"), an \
            expected failure does not fail the run: it is listed under "expected failures" and \
            counted as skipped in the totals line (JUnit: <skipped message="expected failure: \
            ...">). A run that passes though the baseline expects it to fail is an unexpected \
            pass: counted as failed (JUnit: <failure type="iamspec.unexpected-pass">), unless \
            --allow-unexpected-pass, when it counts as passed. An entry naming a case run the \
            suite does not have is stale and fails the run (stale entries are not runs: the \
            totals line leaves them out). `skip` entries are not run and count as skipped. \
            --update-baseline FILE writes the baseline this run implies, keeping the reasons \
            already written (from --baseline, else from FILE); without --baseline the run is \
            judged against what it wrote. The --json results stream records what the engine \
            did, before any baseline; `iamspec report --baseline` applies one to it.
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

    @Flag(
        help: """
            Run the reference engine in this process, not in worker processes: faster, but a trap in \
            the engine ends the whole run.
            """
    )
    var inProcess = false

    @Option(help: "Colour the output: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorMode = .auto

    @Option(
        help: ArgumentHelp(
            "Judge the run against this engine's baseline (YAML: known failures, flaky and skipped cases).",
            valueName: "file"
        )
    )
    var baseline: String?

    @Option(
        help: ArgumentHelp(
            "Write or refresh a baseline from this run's failures, keeping the reasons already written.",
            valueName: "file"
        )
    )
    var updateBaseline: String?

    @Flag(help: "With --baseline: a run passing though the baseline expects it to fail does not fail the run.")
    var allowUnexpectedPass = false

    func validate() throws {
        if allowUnexpectedPass && baseline == nil {
            throw ValidationError("--allow-unexpected-pass applies to a --baseline; give one")
        }
        if inProcess && engineCommand != nil {
            throw ValidationError(
                "--in-process applies to the reference engine; an --engine-command runs in its own process"
            )
        }
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
        let control = RunControl()
        let signals = InterruptSignals(control: control)
        let provider: any EngineProvider
        do {
            provider = try makeEngineProvider()
        } catch  where control.isInterrupted {
            // Interrupted in the handshake: no case runs, and the reports say so.
            provider = EngineNotStarted(name: engineCommand ?? "reference")
        }
        let stdioProvider = provider as? StdioEngineProvider
        defer { stdioProvider?.shutdown() }
        let knownOutcomes = try readBaseline(engine: provider.description.name)
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
        let run = ConformanceRun(
            engine: provider,
            options: RunOptions(
                selection: runSelection,
                jobs: jobs,
                timeout: .milliseconds(Int64((timeout * 1000).rounded())),
                plannedSkip: { run in knownOutcomes?.skipReason(caseID: run.specCase.id, profile: run.profile) }
            ),
            control: control,
            progress: { progress.record($0) }
        )
        var summary = run.run(cases: loaded.cases, rules: loaded.rules, paths: suite.paths)
        summary.header.invocation = RunInvocation(
            program: CommandLine.arguments.first ?? "iamspec",
            engineCommand: engineCommand,
            validatesProtocol: validateProtocol,
            baseline: baseline ?? updateBaseline,
            allowsUnexpectedPass: allowUnexpectedPass
        )
        signals.stop()
        stdioProvider?.shutdown()
        progress.finish()
        for line in stdioProvider?.lateLines ?? [] {
            StandardError.write("warning: \(line)")
        }
        if let failure = stdioProvider?.startupFailure {
            throw CommandFailure.engineStartup(failure)
        }
        let written = try writeUpdatedBaseline(knownOutcomes, summary: summary, cases: loaded.cases)
        let judgement = (knownOutcomes ?? written).map {
            BaselineJudgement(summary, against: $0, cases: loaded.cases, allowingUnexpectedPasses: allowUnexpectedPass)
        }
        let reported = judgement?.summary ?? summary
        try writeReports(raw: summary, judged: reported)
        var lines = ConsoleReport(style: stdoutStyle).lines(for: reported)
        if let judgement {
            lines.insert(contentsOf: judgement.consoleLines(style: stdoutStyle), at: lines.count - 1)
        }
        for line in lines {
            print(line)
        }
        let exitCode = judgement?.exitCode ?? summary.exitCode
        if exitCode != 0 {
            throw ExitCode(exitCode)
        }
    }

    /// The results stream records what the engine did; JUnit shows the baseline's judgement.
    private func writeReports(raw: RunSummary, judged: RunSummary) throws {
        do {
            if let json {
                try ResultsStream.write(raw, to: json)
            }
            if let junit {
                try JUnitReport.write(judged, to: junit)
            }
        } catch {
            throw CommandFailure.usage(error.description)
        }
    }
}
