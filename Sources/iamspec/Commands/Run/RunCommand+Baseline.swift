import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner

extension RunCommand {
    /// The baseline the run is judged against (`--baseline`), or nil; a file that is missing,
    /// cannot be read or is for another engine is a usage error (exit status 2).
    func readBaseline(engine: String) throws -> Baseline? {
        guard let baseline else { return nil }
        return try BaselineFile.read(baseline, engine: engine, making: makingBaseline(baseline))
    }

    /// The `--baseline` must be a file: checked before the engine starts.
    func requireBaselineFile() throws {
        guard let baseline else { return }
        try BaselineFile.requireFile(baseline, making: makingBaseline(baseline))
    }

    /// This run's command with `--update-baseline PATH` instead of its reports and selection:
    /// the run that writes the baseline `path`.
    private func makingBaseline(_ path: String) -> String {
        BaselineFile.making(
            path,
            program: Self.program(),
            suitePaths: suite.paths,
            engineCommand: engineCommand,
            validatesProtocol: validateProtocol
        )
    }

    /// With `--update-baseline FILE`, the baseline its refresh keeps what it says of: `current`
    /// (the `--baseline`), or else FILE itself when it exists; nil when neither is.
    func baselineToRefresh(_ current: Baseline?, engine: String) throws -> Baseline? {
        guard let updateBaseline, current == nil, FileManager.default.fileExists(atPath: updateBaseline) else {
            return current
        }
        return try BaselineFile.read(updateBaseline, engine: engine, making: makingBaseline(updateBaseline))
    }

    /// With `--update-baseline FILE`: writes the baseline this run implies, keeping what
    /// `existing` (``baselineToRefresh(_:engine:)``) says; returns it. `cases` gives each case of
    /// the suite by its id and profiles.
    func writeUpdatedBaseline(
        _ existing: Baseline?,
        summary: RunSummary,
        cases: some Sequence<(id: String, profiles: [Profile])>
    ) throws -> Baseline? {
        guard let updateBaseline else { return nil }
        let refreshed = BaselineUpdate.refresh(existing, with: summary, cases: cases)
        do {
            try BaselineWriter.write(refreshed, to: updateBaseline)
        } catch {
            throw CommandFailure.usage(error.description)
        }
        StandardError.write("wrote the baseline \(updateBaseline): \(refreshed.entries.count) entries")
        return refreshed
    }
}
