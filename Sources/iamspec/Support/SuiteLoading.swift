import ArgumentParser
import Foundation
import IAMSpec
import IAMSpecRunner

/// Loads the spec paths for a command, or prints every problem and exits with status 2.
enum SuiteLoading {
    static func load(_ paths: [String]) throws -> LoadedSuite {
        let suite = SuiteLoader.load(paths: paths)
        guard suite.diagnostics.isEmpty else {
            printDiagnostics(suite.diagnostics)
            throw ExitStatus.usageError
        }
        return suite
    }

    /// Prints each problem as `path:line:col: error: ...` with its source line and a caret on
    /// standard error, then a count.
    static func printDiagnostics(_ diagnostics: [Diagnostic]) {
        FileHandle.standardError.write(Data(DiagnosticRenderer.render(diagnostics).utf8))
        StandardError.write("\(diagnostics.count) error\(diagnostics.count == 1 ? "" : "s")")
    }
}
