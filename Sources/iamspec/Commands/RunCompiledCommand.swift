import ArgumentParser
import Dispatch
import IAMSpec
import IAMSpecPlatform
import IAMSpecPortable
import IAMSpecReferenceEngine
import IAMSpecRunner
import IAMSpecStdio

/// `iamspec run-compiled`: a compiled suite run by IAMSpecPortable's executor, here.
struct RunCompiledCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run-compiled",
        abstract: "Run a compiled suite through IAMSpecPortable.",
        discussion: """
            Exit status: 0 passed, 1 a run failed, 2 usage, file or engine error, 5 no case run. More: \
            docs/COMMANDS.md, "iamspec run-compiled".
            """
    )

    @Argument(help: ArgumentHelp("The compiled suite to run.", valueName: "suite.json"))
    var compiled: String

    @Option(help: .resultsStream)
    var json: String?

    @Option(help: .engineCommand)
    var engineCommand: String?

    @Option(help: .color)
    var color: ColorMode = .auto

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Make each run this many times, each on a fresh engine, as `iamspec run --repeat` does.",
            valueName: "n"
        )
    )
    var repeats = 1

    @Flag(help: "A compiled suite that holds no case run exits 0 (with a warning) instead of 5.")
    var allowEmpty = false

    func validate() throws {
        guard (1...RunCommand.maximumRepeats).contains(repeats) else {
            throw ValidationError(
                "--repeat must be at least 1 and at most \(RunCommand.maximumRepeats), found \(repeats)"
            )
        }
    }

    func run() throws {
        // Signals are handled from the first step on (held back since `main` began), as `run`
        // handles them: the runs so far are reported, marked interrupted, with exit status 1.
        let control = RunControl()
        let signals = InterruptSignals(control: control)
        defer { withExtendedLifetime(signals) {} }
        let suite: PortableSuite
        do {
            suite = try PortableSuite(contentsOf: URL(fileURLWithPath: compiled)) {
                path throws(CompiledSuiteSource.SourceError) in try CompiledSuiteFileReader(path: path)
            }
        } catch {
            throw CommandFailure.usage(error.description)
        }
        try ReportDestinations.prepare(
            [("--json", json)],
            inputs: [ReportDestinations.Input(role: "the compiled suite", path: compiled)]
        )
        // As `run`: one run at a time into the stream, and no earlier one's left there, before
        // anything else can stop the run.
        try DestinationClaim.claim(
            json: json,
            header: suite.header(
                engine: EngineNotStarted(name: engineCommand ?? "reference").description,
                jobs: 1
            )
        )
        if suite.compiled.runs.isEmpty && !control.isInterrupted { try acceptNoRun() }
        let provider = try engineProvider(timeout: suite.timeout, unless: control)
        let stdioProvider = provider as? StdioEngineProvider
        defer { stdioProvider?.shutdown() }
        // Another engine's known outcomes would judge every run wrongly, as `run --baseline` says.
        if !control.isInterrupted, let mismatch = suite.compiled.baseline?.mismatch(engine: provider.description.name) {
            throw CommandFailure.usage("\(compiled):1:1: error: \(mismatch)")
        }
        // The results stream takes each result as it comes, as `run`'s does, so that the run keeps
        // no passed result but those the baseline names (an unexpected pass is judged at the end).
        let startedAt = Date()
        let stream: StreamedResults
        do {
            stream = StreamedResults(
                try json.map { path throws(AtomicFileError) in
                    try ResultsStreamWriter(
                        header: suite.header(engine: provider.description, startedAt: startedAt, jobs: 1),
                        placing: path
                    )
                }
            )
        } catch {
            throw CommandFailure.usage(error.description)
        }
        // As `run`: a second interrupt waits for the stream of the runs made.
        ReportsUnderWay.begin()
        defer { ReportsUnderWay.end() }
        let baseline = suite.appliedBaseline?.baseline
        var summary = Self.wait(until: control) { [repeats] in
            await suite.runAll(
                on: provider,
                repeats: repeats,
                startedAt: startedAt,
                keepingPassed: { baseline?.entry(caseID: $0.caseID, profile: $0.profile) != nil },
                deliver: { stream.writer?.add($0) }
            )
        }
        stdioProvider?.shutdown()
        // As `run`: an engine that failed to restart too often is said after the results.
        let restartFailure = stdioProvider?.startupFailure.map(CommandFailure.engineStartup)
        // What the engine wrote after a case had ended is charged to it, as `run` charges it.
        summary.lateLines = stdioProvider?.lateLines ?? []
        // The suite's baseline (`compile --baseline`) judges the run, as `run --baseline` does.
        let judged = suite.judged(summary)
        var errors = [restartFailure?.message].compactMap { $0 }
        do {
            try stream.writer?.finish(summary, judged: judged)
        } catch {
            errors.append(error.description)
        }
        ReportsUnderWay.end()
        let style = ConsoleStyle(
            usesColor: color.usesColor(
                isTerminal: isatty(STDOUT_FILENO) == 1,
                environment: ProcessInfo.processInfo.environment
            )
        )
        for line in ConsoleReport(style: style).lines(for: judged) {
            print(line)
        }
        fflush(nil)
        for error in errors { StandardError.write(error) }
        ExitStatus.exitProcess(
            ReportsUnderWay.wasQuitAsked ? 130 : errors.isEmpty ? judged.exitCode : ExitStatus.usage
        )
    }

    /// A suite of no case run (compiled from a selection matching none, with `--allow-empty`, or
    /// edited): a warning with `--allow-empty`, otherwise exit status 5, as `run` treats a
    /// selection that matches no run: nothing would be checked.
    private func acceptNoRun() throws(CommandFailure) {
        guard allowEmpty else {
            throw CommandFailure(
                message: "\(compiled):1:1: error: found a compiled suite of no case run, expected at least one run "
                    + "to check; compile a selection that matches some (iamspec compile), or give --allow-empty",
                exitStatus: ExitStatus.emptySelection
            )
        }
        StandardError.write("warning: the compiled suite \(compiled) holds no case run: nothing is checked")
    }

    /// The engine under test (``makeEngineProvider(timeout:)``), or, when `control` is
    /// interrupted before it is ready (in its handshake, or before it starts), one that never
    /// started, as `run` has: no run is made, and the results stream says so, marked interrupted.
    private func engineProvider(timeout: Duration, unless control: RunControl) throws -> any EngineProvider {
        let notStarted = EngineNotStarted(name: engineCommand ?? "reference")
        guard !control.isInterrupted else { return notStarted }
        let made = Result { () throws(CommandFailure) in try makeEngineProvider(timeout: timeout) }
        if case .failure = made, control.isInterrupted { return notStarted }
        return try made.get()
    }

    /// The reference engine, in this process; with `--engine-command`, a child process speaking
    /// the stdio protocol, whose answers may take the suite's timeout.
    private func makeEngineProvider(timeout: Duration) throws(CommandFailure) -> any EngineProvider {
        guard let engineCommand else { return ReferenceEngineProvider() }
        do {
            return try StdioEngineProvider(command: engineCommand, settings: StdioEngineSettings(replyTimeout: timeout))
        } catch {
            throw CommandFailure.engineStartup(error)
        }
    }

    /// What `work` returns, waited for on this thread (the command is synchronous, the portable
    /// executor's runs are tasks); interrupting `control` (SIGINT, SIGTERM) cancels it.
    private static func wait<Value: Sendable>(
        until control: RunControl,
        for work: @escaping @Sendable () async -> Value
    ) -> Value {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Value>()
        let task = Task.detached {
            // Interrupted already (in the engine's handshake, say): no run starts.
            if control.isInterrupted { withUnsafeCurrentTask { $0?.cancel() } }
            box.value = await work()
            done.signal()
        }
        let token = control.onInterrupt { task.cancel() }
        done.wait()
        control.removeHandler(token)
        return box.value!
    }
}

/// The results stream's writer, handed to the task that runs the suite: that task alone adds to
/// it while the command's thread waits, and the thread finishes it once the task is done (the
/// semaphore orders the two).
private final class StreamedResults: @unchecked Sendable {
    let writer: ResultsStreamWriter?

    init(_ writer: ResultsStreamWriter?) {
        self.writer = writer
    }
}

/// A value handed from a task to the thread that waits for it: written once, before the
/// semaphore the reader waits on is signalled.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}
