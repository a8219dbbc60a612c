import IAMSpec

extension ConformanceRun {
    /// Loads the spec files and folders and runs the selected cases on a thread of the runner's
    /// own, leaving the caller's actor free while they run.
    ///
    /// The same run as the blocking ``run(specs:)-5ooev``, for a caller on an actor that its
    /// engine needs: an engine wrapping an SDK isolated to the main actor, whose
    /// `DeliveryEngine.handle(_:)` waits for the main actor, runs from a `@MainActor` test only
    /// this way (the blocking call would hold the main actor while the engine waits for it, until
    /// the watchdog gives every run up). Cancelling the task interrupts the run, as
    /// ``RunControl/interrupt()`` does: the summary returned has `RunSummary.interrupted` set.
    ///
    /// - Throws: ``SuiteLoadingError`` when the files hold any problem; nothing is run then.
    public func run(specs paths: String...) async throws(SuiteLoadingError) -> RunSummary {
        try await run(specs: paths)
    }

    /// Loads the spec files and folders and runs the selected cases on a thread of the runner's
    /// own, leaving the caller's actor free while they run; cancelling the task interrupts the
    /// run.
    ///
    /// See ``run(specs:)-4zfyq``, the same with the paths one by one.
    ///
    /// - Throws: ``SuiteLoadingError`` when the files hold any problem; nothing is run then.
    public func run(specs paths: [String]) async throws(SuiteLoadingError) -> RunSummary {
        try await onRunnerThread {
            Result { () throws(SuiteLoadingError) in try run(specs: paths) }
        }.get()
    }

    /// Runs the selected cases on a thread of the runner's own, leaving the caller's actor free
    /// while they run; cancelling the task interrupts the run. `rules` gives the rules' sources to
    /// the results, `paths` is recorded in the header.
    public func run(
        cases: [SpecCase],
        rules: RuleCatalogue = RuleCatalogue(),
        paths: [String] = []
    ) async -> RunSummary {
        await onRunnerThread { run(cases: cases, rules: rules, paths: paths) }
    }

    /// Calls `work` on a new thread and waits for it without blocking the calling thread;
    /// cancelling the task interrupts the run through ``control``.
    private func onRunnerThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DetachedThread.start(named: "iamspec run") {
                    continuation.resume(returning: work())
                }
            }
        } onCancel: {
            control.interrupt()
        }
    }
}
