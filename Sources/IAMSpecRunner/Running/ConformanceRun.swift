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
    /// - Throws: ``SuiteLoadingError`` when the files hold any problem (nothing is run then), or
    ///   when a case file changed since it was loaded (no run starts after that).
    public func run(specs paths: [String]) throws(SuiteLoadingError) -> RunSummary {
        let suite = SuiteLoader.load(paths: paths, jobs: options.jobs)
        guard suite.diagnostics.isEmpty else {
            throw SuiteLoadingError(diagnostics: suite.diagnostics)
        }
        // Each case is read when its runs start (the first files' cases are kept).
        do {
            return try run(options.selection.runs(of: suite.loadedCases), rules: suite.rules, paths: paths)
        } catch {
            throw SuiteLoadingError(diagnostics: [error.diagnostic])
        }
    }

    /// Runs the selected cases; `rules` gives the rules' sources to the results, `paths` is
    /// recorded in the header.
    public func run(cases: [SpecCase], rules: RuleCatalogue = RuleCatalogue(), paths: [String] = []) -> RunSummary {
        do {
            return try run(options.selection.runs(of: cases), rules: rules, paths: paths)
        } catch {
            preconditionFailure("cases made in code are held, never read from a file: \(error.diagnostic)")
        }
    }

    /// Runs `runs`, keeping every result and handing each to ``progress``.
    private func run(_ runs: [CaseRun], rules: RuleCatalogue, paths: [String]) throws(CaseFileChanged) -> RunSummary {
        try run(
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
            startedAt: RunHeader.timestamp(Date())
        )
    }

    /// Runs `runs` (selected by `RunSelection.runs(of:)`: in report order) and streams the
    /// results: each goes to `progress` soon after its run finishes (in batches, in completion
    /// order; ``progress`` is not called), and to `deliver` in the order of `runs`, on the calling
    /// thread, as soon as every run before it has its result. The summary keeps every result but
    /// the passed ones `keepingPassed` turns down (counted in `RunSummary.passedNotKept`), so a
    /// run's memory need not grow with the suite; a result `keepingWhole` turns down is kept in
    /// outline (`CaseResult.outline`), so that it need not grow with the failures either. A
    /// passed run's result has its timeline only when `timelineWhenPassed` says a report will read
    /// it; any other result always has it, as `deliver` gets it. With `folding` the failures are
    /// folded as they come (`RunSummary.failureFold`), and one kept in outline that no report reads
    /// itself is only folded there, so that the summary grows with the failures by a few bytes
    /// each: every such failure where no baseline judges the run, or only those the baseline
    /// expects (`FailureFold.Dropping`), `expectedFailure` giving the message the baseline gives a
    /// result it expects to fail (nil for any other).
    ///
    /// - Throws: ``CaseFileChanged`` when a case's file changed since the suite was loaded (no run
    ///   starts after that).
    package func run(
        _ runs: [CaseRun],
        header: RunHeader,
        rules: RuleCatalogue,
        keepingPassed: (CaseResult) -> Bool,
        keepingWhole: (CaseResult) -> Bool = { _ in true },
        folding: FailureFold.Dropping? = nil,
        expectedFailure: (CaseResult) -> String? = { _ in nil },
        timelineWhenPassed: @escaping @Sendable (CaseRun) -> Bool,
        progress: ([CaseResult]) -> Void,
        deliver: (CaseResult) -> Void
    ) throws(CaseFileChanged) -> RunSummary {
        let scheduler = RunScheduler(
            executor: CaseExecutor(provider: engine, rules: rules.references),
            plannedSkip: options.plannedSkip,
            keepsTimelineWhenPassed: timelineWhenPassed,
            jobs: options.jobs,
            timeout: options.timeout,
            failFast: options.failFast,
            repeats: options.repeats,
            capabilityTally: options.capabilityTally,
            clock: watchdogClock
        )
        var summary = RunSummary(header: header, results: [])
        summary.failureFold = folding.map(FailureFold.init(dropping:))
        var sharing = OutlineSharing()
        let outcome = try scheduler.execute(
            runs,
            control: control,
            progress: progress,
            deliver: { result in
                deliver(result)
                let failed = result.status == .failed || result.status == .error
                summary.take(
                    result,
                    whole: keepingWhole(result),
                    expected: folding == .expectedFailures && failed ? expectedFailure(result) : nil,
                    sharing: &sharing,
                    unlessTurnedDown: keepingPassed
                )
            }
        )
        summary.interrupted = outcome.interrupted
        summary.stoppedAtFirstFailure = outcome.stoppedAtFirstFailure
        summary.notRun = runs.count - outcome.made
        return summary
    }
}
