import ArgumentParser
import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner
import IAMSpecStdio

/// `iamspec run`: runs the selected cases against the engine and reports.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the cases against an engine (default: reference).",
        discussion: """
            Prints `N passed, N failed, N skipped` last. Exit status 0 passed, 1 failed, 2 usage or \
            spec error, 5 none selected; more in docs/COMMANDS.md.
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var selection: SelectionOptions

    @Option(
        parsing: .unconditional,
        help: "Cases run, and files loaded, at once."
    )
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(parsing: .unconditional, help: "A case run's time limit, in seconds.")
    var timeout: Double = 30

    @OptionGroup var reports: ReportOptions

    @Option(help: .resultsStream)
    var json: String?

    @Flag(help: "Start no case run after the first that fails.")
    var failFast = false

    @Option(help: .engineCommand)
    var engineCommand: String?

    @Flag(help: "Check the engine's messages against the protocol.")
    var validateProtocol = false

    @Flag(
        help: "Run the reference engine in this process."
    )
    var inProcess = false

    @Option(help: .color)
    var color: ColorMode = .auto

    @Option(
        help: ArgumentHelp(
            "Judge the run against this engine's baseline.",
            valueName: "file"
        )
    )
    var baseline: String?

    @Option(
        help: ArgumentHelp(
            "Write or refresh a baseline from this run.",
            valueName: "file"
        )
    )
    var updateBaseline: String?

    @Flag(help: "With --baseline: an unexpected pass passes.")
    var allowUnexpectedPass = false

    @Flag(help: "Exit 0, not 5, when the selection matches no run.")
    var allowEmpty = false

    @Flag(
        help: "Do not name the behaviours of the failing runs."
    )
    var noExplain = false

    @Option(
        help: ArgumentHelp(
            "The --json stream of the whole run this re-runs.",
            valueName: "file"
        )
    )
    var wholeRun: String?

    @Flag(
        help: "Run no experiments on the engine."
    )
    var noExperiments = false

    @Flag(
        inversion: .prefixedNo,
        help: "Test each name on the engine before giving it."
    )
    var testNames: Bool?

    /// Whether the names are tested as predictions: unless `--no-test-names`, `--no-experiments`
    /// or `--no-explain` is given.
    var testsNames: Bool {
        testNames ?? !(noExperiments || noExplain)
    }

    @Option(
        name: .customLong("repeat"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Times each run is made (nondeterminism).",
            valueName: "n"
        )
    )
    var repeats = 1

    @Flag(
        help: "Fail the run on a capability warning."
    )
    var strictCapabilities = false

    func validate() throws {
        if testNames == true && (noExperiments || noExplain) {
            throw ValidationError(
                "--test-names runs experiments on the names found; it cannot be given with "
                    + (noExplain ? "--no-explain" : "--no-experiments")
            )
        }
        if wholeRun != nil && noExplain {
            throw ValidationError("--whole-run judges the names the run gives; it cannot be given with --no-explain")
        }
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
        if failFast && updateBaseline != nil {
            throw ValidationError("--update-baseline needs every run's outcome; it cannot go with --fail-fast")
        }
        guard jobs >= 1 else {
            throw ValidationError("--jobs must be at least 1, found \(jobs)")
        }
        guard (1...Self.maximumRepeats).contains(repeats) else {
            throw ValidationError("--repeat must be at least 1 and at most \(Self.maximumRepeats), found \(repeats)")
        }
        try CaseTimeout.validate(timeout)
    }

    /// The most times `--repeat` makes each run.
    static let maximumRepeats = 100

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        // Signals are handled from the first step on (held back since `main` began): interrupted
        // while the files load, while the engine starts, while the cases run or while the reports
        // are written, the run ends with the reports of what ran (none, if it had not begun) and
        // exit status 1.
        let control = RunControl()
        let signals = InterruptSignals(control: control)
        defer { withExtendedLifetime(signals) {} }
        let baselineInputs = [baseline].compactMap { path in
            path.map { ReportDestinations.Input(role: "the baseline", path: $0, rewrittenBy: "--update-baseline") }
        }
        // The explanation reads it after the run: no report may be written over it.
        let wholeRunInputs = [wholeRun].compactMap { path in
            path.map { ReportDestinations.Input(role: "the whole run's results stream", path: $0) }
        }
        let loaded = try SuiteLoading.load(suite.paths, jobs: jobs, until: control) { partial in
            // A problem in the spec files stops the run too: its destinations are claimed first, as
            // far as they can be (none that is an input, none another run holds), so that no
            // earlier run's report survives it; the problems are what the run says. A file that
            // could not be read may be missing from the partial suite: every path given is an
            // input, and no destination named as a spec file or catalogue is (`*.yaml`, `*.yml`).
            let destinations = [json, updateBaseline, reports.junit, reports.summary].compactMap { $0 }
            guard !destinations.contains(where: { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }) else { return }
            let given = suite.paths.map { ReportDestinations.Input(role: "a spec path given", path: $0) }
            try? claimDestinations(
                inputs: ReportDestinations.inputs(of: partial, paths: suite.paths) + given + baselineInputs
                    + wholeRunInputs
            )
        }
        // Interrupted while loading, the suite is partial: nothing is selected from it, and no
        // baseline is judged or refreshed against it.
        let isLoadedWhole = !control.isInterrupted
        // One run at a time per destination, and no earlier run's report left there: claimed
        // before anything else can stop the run (the baseline, the selection, the engine).
        try claimDestinations(
            inputs: ReportDestinations.inputs(of: loaded, paths: suite.paths) + baselineInputs + wholeRunInputs
        )
        try requireBaselineFile()
        // Read whole before any engine starts: a stream that cannot prove the names stops the run.
        let whole = try wholeRun.map { path throws(CommandFailure) in
            try WholeRunStream.given(path, toJudgeRunOf: suite.paths, engineCommand: engineCommand)
        }
        let runs = isLoadedWhole ? selection.selection.runs(of: loaded.loadedCases) : []
        if runs.isEmpty && !control.isInterrupted {
            try selection.acceptEmpty(cases: loaded.loadedCases.count, in: suite.paths, allowed: allowEmpty)
        }
        let provider = try engineProvider(unless: control)
        let stdioProvider = provider as? StdioEngineProvider
        defer { stdioProvider?.shutdown() }
        // Nothing ran against the engine when it never started, nor when the suite is partial.
        let judgesBaseline = isLoadedWhole && !(provider is EngineNotStarted)
        let knownOutcomes = judgesBaseline ? try readBaseline(engine: provider.description.name) : nil
        // `--update-baseline` refreshes what `--baseline` says, or else what its own file says:
        // read before the run, so that each result is judged as it comes.
        let refreshes = judgesBaseline && updateBaseline != nil
        let refreshed = refreshes ? try baselineToRefresh(knownOutcomes, engine: provider.description.name) : nil
        let environment = ProcessInfo.processInfo.environment
        let stdoutStyle = ConsoleStyle(
            usesColor: color.usesColor(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
        )
        let stderrStyle = ConsoleStyle(
            usesColor: color.usesColor(isTerminal: StandardError.isTerminal, environment: environment)
        )
        let progress = ProgressPrinter(
            report: ConsoleReport(style: stderrStyle),
            total: runs.count,
            overwrites: StandardError.isTerminal
        )
        var options = RunOptions(selection: selection.selection, jobs: jobs, timeout: CaseTimeout.duration(timeout))
        options.repeats = repeats
        let tally = CapabilityWarnings(declared: provider.description.capabilities)
        options.capabilityTally = tally
        let run = ConformanceRun(engine: provider, options: options, control: control)
        var header = run.header(paths: suite.paths)
        header.invocation = invocation(selectsEveryRun: header.selection.selectsEveryRun)
        // Each result as the reports show it: judged by `--baseline`, or else, with
        // `--update-baseline`, by the baseline the run writes.
        let judge = BaselineJudge(
            baseline: knownOutcomes,
            allowingUnexpectedPasses: allowUnexpectedPass,
            refresh: refreshes ? BaselineJudge.Refresh(refreshed, startedAt: header.startedAt) : nil
        )
        let streamed = try RunReports(header: header, json: json, reports: reports, judge: judge.judge)
        // From here a second interrupt waits for the reports of the runs made before it ends the
        // process; however this ends, it waits no more.
        ReportsUnderWay.begin()
        defer { ReportsUnderWay.end() }
        // The runs that did not pass, whole, for the explanation: spooled as they come.
        let explanationSpool = noExplain ? nil : ExplanationSpool(header: header)
        if inProcess {
            // The reference engine shares this process: an `exit` it calls must not end the run
            // without its reports.
            EngineExitRefusal.install(for: control)
        }
        var outcome: RunSummary
        // The runs passed (with no check skipped: those the summary keeps), for the experiments:
        // a mechanism that fails one stands in the way of no name's experiment.
        let passed: [ExplainedBehaviour.Run]
        do {
            (outcome, passed) = try run.run(
                runs,
                header: header,
                rules: loaded.rules,
                judgedBy: judge,
                stoppingAtFirstFailure: failFast,
                keepingPasses: !noExplain && !noExperiments && testsNames,
                timelinesOfPasses: json != nil,
                progress: { progress.record($0) },
                deliver: { result in
                    streamed.add(result)
                    explanationSpool?.add(result)
                }
            )
        } catch {
            // A case file changed since the suite was loaded: the run stops, and its reports are
            // not written, as when a file holds a problem.
            stdioProvider?.shutdown()
            throw CommandFailure.diagnostics([error.diagnostic])
        }
        stdioProvider?.shutdown()
        progress.finish()
        // An engine that failed to restart too often ended the run: the runs made are reported
        // (those it could not start are errors saying so), and the failure is said last.
        let restartFailure = stdioProvider?.startupFailure.map(CommandFailure.engineStartup)
        // What the engine wrote after a case had ended is charged to it in every report.
        outcome.lateLines = stdioProvider?.lateLines ?? []
        // What the engine declares and cannot have meant, said at the end of every report.
        outcome.capabilityWarnings = tally.warnings(
            declared: provider.description.capabilities,
            handshake: stdioProvider.map { ($0.protocolVersion, $0.namedBeyondProtocol1) }
        )
        if !noExplain && !control.isInterrupted {
            // One budget for every experiment on the engine, from the first.
            var madeBudget: ExperimentBudget?
            func budget() -> ExperimentBudget {
                if let madeBudget { return madeBudget }
                let budget = ExperimentBudget(answerTimeout: CaseTimeout.duration(timeout))
                madeBudget = budget
                return budget
            }
            let passedRuns =
                passed
                + outcome.results.filter { $0.status == .passed && !$0.skippedChecks.isEmpty }
                .map(ExplainedBehaviour.Run.init)
            (outcome.behaviours, outcome.refutedNames) = explainFailures(
                of: outcome,
                spooled: explanationSpool,
                until: control
            ) { names, tested, refuting in
                guard !noExperiments && !control.isInterrupted else { return (names, []) }
                var named = outcome
                named.behaviours = names
                return experiment(
                    on: names,
                    in: loaded.loadedCases,
                    citing: loaded.rules,
                    passed: passedRuns,
                    unexplainedRules: Set(named.differences.map(\.rule)),
                    testingNames: testsNames,
                    wholeRun: whole,
                    tested: tested,
                    refuting: &refuting,
                    budget: budget(),
                    until: control
                )
            }
            whole?.verdicts.carry(into: &outcome)
            if !noExperiments && !control.isInterrupted {
                outcome.smallestCases = smallestCases(
                    of: outcome,
                    in: loaded.loadedCases,
                    budget: budget(),
                    until: control
                )
            }
        }
        let written =
            judgesBaseline
            ? try writeUpdatedBaseline(
                refreshed,
                summary: outcome,
                cases: loaded.loadedCases.lazy.map { ($0.id, $0.profiles) }
            )
            : nil
        let applied = judge.applied(
            written: written,
            file: baseline ?? updateBaseline ?? "",
            cases: loaded.loadedCases.lazy.map { ($0.id, $0.profiles) }
        )
        // The results stream's footer (`--json`) counts the run as the engine did it; every other
        // report reads it as the baseline judges it. Judged in place: the results are not held
        // twice.
        var footer = json.map { _ in FooterLine(outcome) }
        if let applied {
            BaselineJudgement.judge(&outcome, applying: applied)
            footer?.take(verdictOf: outcome)
        }
        let unwritten = streamed.finish(footer: footer, judged: outcome)
        ReportsUnderWay.end()
        // The totals line stays the last on standard output, exactly as it is: the run's duration
        // goes to standard error just before it, once the lines above are out. Each other line is
        // printed as it is made.
        var held: String?
        ConsoleReport(style: stdoutStyle).write(outcome) { line in
            if let held { print(held) }
            held = line
        }
        let totals = held ?? outcome.totalsLine
        if outcome.stoppedAtFirstFailure {
            print(
                "stopped at the first failure (--fail-fast): \(outcome.notRun) of \(runs.count) runs not run, "
                    + "not counted below"
            )
        }
        fflush(nil)
        let made = outcome.runCount
        StandardError.write(
            "ran \(made) case run\(made == 1 ? "" : "s") in \(ElapsedText.of(clock.now - started)) (wall time)"
        )
        print(totals)
        // Ends the process here, the reports closed: freeing the loaded suite and the runs one
        // object at a time on the way out would only cost time. A signal that came once the
        // runs were made let the reports be written whole, and still ends the run with status 1.
        // A report that could not be written, or an engine that could not be restarted, is said
        // after the totals, and ends the run with status 2.
        stdioProvider?.shutdown()
        let errors = [restartFailure?.message].compactMap { $0 } + unwritten
        for error in errors { StandardError.write(error) }
        // A second signal asked to quit once the reports were written: they are.
        let status =
            ReportsUnderWay.wasQuitAsked
            ? 130 : !errors.isEmpty ? ExitStatus.usage : control.isInterrupted ? ExitStatus.failure : outcome.exitCode
        // The loaded suite and the results live until the process ends, never freed one by one.
        withExtendedLifetime((loaded, outcome)) { ExitStatus.exitProcess(status) }
    }

    /// Checks the report paths (none may be written over one of `inputs`; `ReportDestinations`),
    /// then claims them (`DestinationClaim`), the results stream getting the run's header as
    /// known before its engine starts.
    private func claimDestinations(inputs: [ReportDestinations.Input]) throws(CommandFailure) {
        try ReportDestinations.prepare(
            [("--json", json), ("--update-baseline", updateBaseline)] + reports.destinations,
            inputs: inputs
        )
        try DestinationClaim.claim(
            json: json,
            junit: reports.junit,
            junitDir: reports.junitDir,
            summary: reports.summary,
            header: RunHeader(
                engine: EngineRecord(EngineNotStarted(name: engineCommand ?? "reference").description),
                suitePaths: suite.paths,
                selection: selection.selection,
                jobs: jobs,
                timeoutMilliseconds: CaseTimeout.duration(timeout).wholeMilliseconds,
                startedAt: RunHeader.timestamp(Date()),
                invocation: invocation(selectsEveryRun: selection.selection.selectsEveryRun)
            )
        )
    }

    /// The options of this invocation that change a verdict, as the results stream's header
    /// records them. The re-run lines name the whole run given, or else this run's stream when it
    /// is one of the whole suite (`selectsEveryRun`).
    private func invocation(selectsEveryRun: Bool) -> RunInvocation {
        var invocation = RunInvocation(
            program: Self.program(),
            engineCommand: engineCommand,
            validatesProtocol: validateProtocol,
            baseline: baseline ?? updateBaseline,
            allowsUnexpectedPass: allowUnexpectedPass,
            repeats: repeats > 1 ? repeats : nil,
            strictCapabilities: strictCapabilities ? true : nil
        )
        invocation.wholeRun = wholeRun ?? (selectsEveryRun ? json : nil)
        return invocation
    }

    /// The engine under test (``makeEngineProvider()``), or, when `control` is interrupted before
    /// it is ready (in its handshake, or before it starts), one that never started: the run, then
    /// interrupted before its first case, makes no run and its reports say so.
    private func engineProvider(unless control: RunControl) throws -> any EngineProvider {
        let notStarted = EngineNotStarted(name: engineCommand ?? "reference")
        guard !control.isInterrupted else { return notStarted }
        do {
            return try makeEngineProvider()
        } catch  where control.isInterrupted {
            return notStarted
        }
    }

    /// The tool as the re-run line names it: as started, but never by an absolute path of this
    /// machine (`swift run` starts it by one), which a published report would carry.
    static func program() -> String {
        PublishedPath.of(CommandLine.arguments.first ?? "iamspec")
    }
}
