import IAMSpec
import IAMSpecRunner

/// Reads a baseline file for a command, or prints every problem and exits with status 2.
enum BaselineFile {
    /// The baseline at `path`, which must be for `engine` (when given).
    static func read(_ path: String, engine: String?) throws -> Baseline {
        let parsed = BaselineParser.read(from: path)
        guard let baseline = parsed.baseline, parsed.diagnostics.isEmpty else {
            SuiteLoading.printDiagnostics(parsed.diagnostics)
            throw ExitStatus.usageError
        }
        if let engine, baseline.engine != engine {
            let location = baseline.engineLocation ?? SourceLocation(file: path, line: 1, column: 1)
            SuiteLoading.printDiagnostics([
                Diagnostic(
                    "found a baseline for the engine '\(baseline.engine)', expected one for '\(engine)', the engine under test",
                    at: location
                )
            ])
            throw ExitStatus.usageError
        }
        return baseline
    }
}
