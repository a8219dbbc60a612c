import Foundation

/// How to run a suite: which runs, how many at once, and how long each may take.
public struct RunOptions: Sendable {
    /// Which case runs to make.
    public var selection: RunSelection
    /// How many runs go at once, each on its own thread; at least 1.
    public var jobs: Int
    /// The wall-clock time one run may take before it is reported as an error.
    public var timeout: Duration
    /// Runs not to make, with the reason each is reported skipped: for example a baseline's
    /// `skip` entries (`Baseline.skipReason(caseID:profile:)`). Nil for a run that is made.
    public var plannedSkip: @Sendable (CaseRun) -> String?

    public init(
        selection: RunSelection = RunSelection(),
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        timeout: Duration = .seconds(30),
        plannedSkip: @escaping @Sendable (CaseRun) -> String? = { _ in nil }
    ) {
        self.selection = selection
        self.jobs = jobs
        self.timeout = timeout
        self.plannedSkip = plannedSkip
    }
}
