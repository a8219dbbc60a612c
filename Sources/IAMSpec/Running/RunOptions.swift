import Foundation

/// How to run a suite: which runs, how many at once, and how long each may take.
public struct RunOptions: Sendable {
    /// Which case runs to make.
    public var selection: RunSelection
    /// How many runs go at once, each on its own thread; at least 1.
    public var jobs: Int
    /// The wall-clock time one run may take before it is reported as an error.
    public var timeout: Duration

    public init(
        selection: RunSelection = RunSelection(),
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        timeout: Duration = .seconds(30)
    ) {
        self.selection = selection
        self.jobs = jobs
        self.timeout = timeout
    }
}
