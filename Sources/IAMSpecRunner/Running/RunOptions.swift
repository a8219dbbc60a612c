import IAMSpecPlatform

/// How to run a suite: which runs, how many at once, and how long each may take.
public struct RunOptions: Sendable {
    /// Which case runs to make.
    public var selection: RunSelection
    /// How many runs go at once, each on its own thread, and how many spec files
    /// `ConformanceRun.run(specs:)` loads at once; at least 1.
    public var jobs: Int
    /// The wall-clock time one run may take before it is reported as an error.
    public var timeout: Duration
    /// Runs not to make, with the reason each is reported skipped: for example a baseline's
    /// `skip` entries (`Baseline.skipReason(caseID:profile:)`). Nil for a run that is made.
    public var plannedSkip: @Sendable (CaseRun) -> String?
    /// Fail fast: start no run after the first result for which this is true (the runs under way
    /// finish; those never started are counted in `RunSummary.notRun`). Nil makes every
    /// selected run. ``stopsAtAnyFailure`` stops at any failure or error; `iamspec run
    /// --fail-fast --baseline` leaves out the failures the baseline expects.
    public var failFast: (@Sendable (CaseResult) -> Bool)?
    /// How many times each run is made, each on a fresh engine (`iamspec run --repeat N`); a run
    /// whose repeats do not agree is reported nondeterministic (`Nondeterminism`). At least 1.
    public var repeats: Int = 1
    /// Tallies, per declared capability, the runs that needed it and those the engine declined
    /// (`iamspec run`'s capability warnings); nil tallies nothing.
    package var capabilityTally: CapabilityWarnings?

    /// A failed or errored run: the usual ``failFast``.
    public static let stopsAtAnyFailure: @Sendable (CaseResult) -> Bool = { result in
        result.status == .failed || result.status == .error
    }

    /// Options for a run; by default every case under every profile, as many runs at once as
    /// the machine has processors, 30 seconds each, nothing skipped, no stop at a failure.
    public init(
        selection: RunSelection = RunSelection(),
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        timeout: Duration = .seconds(30),
        plannedSkip: @escaping @Sendable (CaseRun) -> String? = { _ in nil },
        failFast: (@Sendable (CaseResult) -> Bool)? = nil
    ) {
        self.selection = selection
        self.jobs = jobs
        self.timeout = timeout
        self.plannedSkip = plannedSkip
        self.failFast = failFast
    }
}
