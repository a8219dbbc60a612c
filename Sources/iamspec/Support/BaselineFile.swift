import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner

/// Reads a baseline file for a command; a file that is missing or cannot be read, or is for
/// another engine, is a usage error (exit status 2). A missing one is told with the command that
/// makes it, since a first run in CI has none yet.
enum BaselineFile {
    /// The baseline at `path`, which must be for `engine` (when given); `making` is the command
    /// that makes the file, named when it is missing.
    static func read(_ path: String, engine: String?, making: String) throws(CommandFailure) -> Baseline {
        try requireFile(path, making: making)
        let parsed = BaselineParser.read(from: path)
        guard let baseline = parsed.baseline, parsed.diagnostics.isEmpty else {
            throw .diagnostics(parsed.diagnostics)
        }
        if let engine, baseline.engine != engine {
            let location = baseline.engineLocation ?? SourceLocation(file: path, line: 1, column: 1)
            throw .diagnostics([
                Diagnostic(
                    "found a baseline for the engine '\(baseline.engine)', expected one for '\(engine)', the engine under test",
                    at: location
                )
            ])
        }
        return baseline
    }

    /// Throws, naming the command `making` that makes one, when nothing is at `path`.
    static func requireFile(_ path: String, making: String) throws(CommandFailure) {
        var status = stat()
        guard stat(path, &status) != 0 else { return }
        throw .diagnostics([
            Diagnostic(
                "found no baseline file, expected the known failures of the engine under test (docs/CI.md, "
                    + "\"Baselines\"); make it from a run of the engine with `\(making)` and review it, or leave "
                    + "out --baseline to judge the run without one",
                at: SourceLocation(file: path, line: 1, column: 1)
            )
        ])
    }

    /// `PROGRAM run PATHS [--engine-command CMD] [--validate-protocol] --update-baseline PATH`,
    /// shell-quoted: the run that writes the baseline `path` of an engine, from the directory the
    /// run was started in. An engine command a results stream recorded (`engineRecorded`) is
    /// named `"$ENGINE"`, the recorded one shown as data in a comment after the line, as a re-run
    /// line shows it (``RerunCommand/recordedEngineComment(_:)``).
    static func making(
        _ path: String,
        program: String,
        suitePaths: [String],
        engineCommand: String?,
        engineRecorded: Bool = false,
        validatesProtocol: Bool
    ) -> String {
        var words = ([program, "run"] + suitePaths.map(RerunCommand.argumentPath)).map(RerunCommand.shellQuoted)
        if let engineCommand {
            words += ["--engine-command", engineRecorded ? "\"$ENGINE\"" : RerunCommand.shellQuoted(engineCommand)]
        }
        if validatesProtocol { words.append("--validate-protocol") }
        words += ["--update-baseline", RerunCommand.shellQuoted(RerunCommand.argumentPath(path))]
        let line = words.joined(separator: " ")
        guard engineRecorded, let engineCommand else { return line }
        return line + " " + RerunCommand.recordedEngineComment(engineCommand)
    }
}
