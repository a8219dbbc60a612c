import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner

/// Loads the spec paths for a command; any problem in them is a usage error (exit status 2).
enum SuiteLoading {
    /// Loads on `jobs` threads (all cores unless the command has a `--jobs`).
    static func load(
        _ paths: [String],
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws(CommandFailure) -> LoadedSuite {
        let suite = SuiteLoader.load(paths: paths, jobs: jobs, stoppingWhen: { false })
        guard suite.diagnostics.isEmpty else {
            throw .diagnostics(suite.diagnostics)
        }
        return suite
    }

    /// Loads as ``load(_:jobs:)`` until `control` is interrupted: then no file more is read, and
    /// the suite returned is partial, its problems not reported (nothing will run). A suite with
    /// problems is handed to `beforeFailing` (it knows the files it read) before they are thrown.
    static func load(
        _ paths: [String],
        jobs: Int,
        until control: RunControl,
        beforeFailing: (LoadedSuite) -> Void = { _ in }
    ) throws(CommandFailure) -> LoadedSuite {
        let suite = SuiteLoader.load(paths: paths, jobs: jobs, stoppingWhen: { control.isInterrupted })
        guard suite.diagnostics.isEmpty || control.isInterrupted else {
            beforeFailing(suite)
            throw .diagnostics(suite.diagnostics)
        }
        return suite
    }

    /// What `body` makes of a suite's cases: a case file changed since the suite was loaded
    /// (``CaseFileChanged``) is a problem at it.
    static func reading<Value>(_ body: () throws(CaseFileChanged) -> Value) throws(CommandFailure) -> Value {
        do {
            return try body()
        } catch {
            throw .diagnostics([error.diagnostic])
        }
    }

    /// Every case of the suite (``LoadedSuite/cases``), for the commands that need them whole: a
    /// case file changed since the suite was loaded is a problem at it.
    static func cases(of suite: LoadedSuite) throws(CommandFailure) -> [SpecCase] {
        do {
            return try suite.cases
        } catch {
            throw .diagnostics(error.diagnostics)
        }
    }
}
