import IAMSpec
import IAMSpecPlatform

/// Runs a suite of cases against an engine: the library entry point for engine authors.
///
/// ```swift
/// let summary = try ConformanceRun(engine: MyEngineProvider()).run(specs: "path/to/Specs")
/// print(summary.totalsLine)      // "42 passed, 0 failed, 3 skipped"
/// exit(summary.exitCode)         // 0 when every selected run passed or was skipped
/// ```
///
/// Each case run gets a fresh engine, on a worker thread of its own (``RunOptions/jobs`` at
/// once), under a wall-clock watchdog (``RunOptions/timeout``) that runs on the calling thread.
/// The results come back sorted by case id, then profile, whatever the completion order.
///
/// The engines run in the calling process: a trap in one (a failed `precondition`, an overflow,
/// an index out of range) ends that process, as any trap does, and with it the run. The
/// `iamspec` tool runs its own engines in worker processes for that reason; an engine author who
/// wants the same serves the engine over the stdio protocol (`Specs/PROTOCOL.md`) and runs it
/// with `StdioEngineProvider`.
public struct ConformanceRun: Sendable {
    /// Makes the engines under test.
    public var engine: any EngineProvider
    /// Which runs to make, how many at once, and how long each may take.
    public var options: RunOptions
    /// Stops the run early; see ``RunControl``.
    public var control: RunControl
    /// Called with each result soon after its run finishes (a timed-out or interrupted run's
    /// too), on the thread that called `run`, one call at a time; the order is completion
    /// order, not report order. Every result has been passed to it when `run` returns.
    public var progress: (@Sendable (CaseResult) -> Void)?
    /// What the watchdog measures ``RunOptions/timeout`` on.
    var watchdogClock: any WatchdogClock = MonotonicClock()

    /// A run of `engine`'s engines with `options`, which `control` may stop early and whose
    /// results `progress` receives as they come.
    public init(
        engine: any EngineProvider,
        options: RunOptions = RunOptions(),
        control: RunControl = RunControl(),
        progress: (@Sendable (CaseResult) -> Void)? = nil
    ) {
        self.engine = engine
        self.options = options
        self.control = control
        self.progress = progress
    }

    /// Loads the spec files and folders and runs the selected cases.
    ///
    /// - Throws: ``SuiteLoadingError`` when the files hold any problem; nothing is run then.
    public func run(specs paths: String...) throws(SuiteLoadingError) -> RunSummary {
        try run(specs: paths)
    }

    /// Loads the spec files and folders and runs the selected cases.
    ///
    /// - Throws: ``SuiteLoadingError`` when the files hold any problem; nothing is run then.
    public func run(specs paths: [String]) throws(SuiteLoadingError) -> RunSummary {
        let suite = SuiteLoader.load(paths: paths, jobs: options.jobs)
        guard suite.diagnostics.isEmpty else {
            throw SuiteLoadingError(diagnostics: suite.diagnostics)
        }
        // The cases stay encoded: each is decoded when its runs start.
        return run(options.selection.runs(of: suite.compactCases), rules: suite.rules, paths: paths)
    }

    /// Runs the selected cases; `rules` gives the rules' sources to the results, `paths` is
    /// recorded in the header.
    public func run(cases: [SpecCase], rules: RuleCatalogue = RuleCatalogue(), paths: [String] = []) -> RunSummary {
        run(options.selection.runs(of: cases), rules: rules, paths: paths)
    }

    /// Runs `runs`, keeping every result and handing each to ``progress``.
    private func run(_ runs: [CaseRun], rules: RuleCatalogue, paths: [String]) -> RunSummary {
        run(
            runs,
            header: header(paths: paths),
            rules: rules,
            keepingPassed: { _ in true },
            timelineWhenPassed: { _ in true },
            progress: { batch in
                guard let progress else { return }
                for result in batch {
                    progress(result)
                }
            },
            deliver: { _ in }
        )
    }

    /// The header of a run of this engine, with these options, starting now.
    package func header(paths: [String]) -> RunHeader {
        RunHeader(
            engine: EngineRecord(engine.description),
            suitePaths: paths,
            selection: options.selection,
            jobs: options.jobs,
            timeoutMilliseconds: options.timeout.wholeMilliseconds,
            startedAt: Self.timestamp(Date()),
            hostname: Self.hostname()
        )
    }

    /// Runs `runs` (selected by ``RunSelection/runs(of:)``: in report order) and streams the
    /// results: each goes to `progress` soon after its run finishes (in batches, in completion
    /// order; ``progress`` is not called), and to `deliver` in the order of `runs`, on the calling
    /// thread, as soon as every run before it has its result. The summary keeps every result but
    /// the passed ones `keepingPassed` turns down (counted in ``RunSummary/passedNotKept``), so a
    /// run's memory need not grow with the suite. A passed run's result has its timeline only when
    /// `timelineWhenPassed` says a report will read it; any other result always has it.
    package func run(
        _ runs: [CaseRun],
        header: RunHeader,
        rules: RuleCatalogue,
        keepingPassed: (CaseResult) -> Bool,
        timelineWhenPassed: @escaping @Sendable (CaseRun) -> Bool,
        progress: ([CaseResult]) -> Void,
        deliver: (CaseResult) -> Void
    ) -> RunSummary {
        let scheduler = RunScheduler(
            executor: CaseExecutor(
                provider: engine,
                catalogue: rules,
                plannedSkip: options.plannedSkip,
                keepsTimelineWhenPassed: timelineWhenPassed
            ),
            jobs: options.jobs,
            timeout: options.timeout,
            failFast: options.failFast,
            clock: watchdogClock
        )
        var kept: [CaseResult] = []
        var passedNotKept = 0
        let outcome = scheduler.execute(
            runs,
            control: control,
            progress: progress,
            deliver: { result in
                deliver(result)
                if result.status == .passed && !keepingPassed(result) {
                    passedNotKept += 1
                } else {
                    kept.append(result)
                }
            }
        )
        var summary = RunSummary(
            header: header,
            results: kept,
            interrupted: outcome.interrupted,
            stoppedAtFirstFailure: outcome.stoppedAtFirstFailure,
            notRun: runs.count - outcome.made
        )
        summary.passedNotKept = passedNotKept
        return summary
    }

    /// UTC, to the second: `2026-01-31T23:59:59Z`.
    ///
    /// Spelled by hand from the days since 1970 (the proleptic Gregorian calendar, as RFC 3339
    /// has it): `ISO8601DateFormatter` costs 3.7 M instructions a process, more than the runs of
    /// 250 cases.
    static func timestamp(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = (
            seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400,
            ((seconds % 86_400) + 86_400) % 86_400
        )
        // Days to a civil date: eras of 400 years (146,097 days) counted from 0000-03-01.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func digits(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + "T"
            + digits(secondOfDay / 3_600, 2) + ":" + digits(secondOfDay / 60 % 60, 2) + ":"
            + digits(secondOfDay % 60, 2) + "Z"
    }

    private static func hostname() -> String {
        // Trimmed of Unicode white space (what Foundation's `.whitespacesAndNewlines` holds).
        let scalars = ProcessInfo.processInfo.hostName.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "localhost" }
        return String(scalars[first...last])
    }
}
