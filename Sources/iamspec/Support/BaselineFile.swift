import IAMSpec
import IAMSpecRunner

/// Reads a baseline file for a command; a file that cannot be read, or is for another engine,
/// is a usage error (exit status 2).
enum BaselineFile {
    /// The baseline at `path`, which must be for `engine` (when given).
    static func read(_ path: String, engine: String?) throws(CommandFailure) -> Baseline {
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
}
