import Foundation
import IAMSpecPortable

/// The lines a test bundle prints on its console (`swift test`, Xcode's console) for what the
/// test framework's own report hides: Swift Testing's console shows a cancelled (skipped) test
/// case as passed, with no reason, and neither framework counts a suite's runs.
///
/// Each skipped run prints `iamspec: skipped CASE [PROFILE]: REASON`, each check skipped while
/// the rest of its run was judged `iamspec: skipped a check of CASE [PROFILE]: WHERE: stack (the
/// engine lacks stack-inspection)` (``SkippedCheck``); the last run of the suite
/// prints `iamspec: N runs: N passed, N failed, N errors, N skipped`, the skipped ones counting
/// the runs the suite's baseline expects to fail, as `iamspec run --baseline` counts them, and
/// saying how many those are (`N skipped (N expected failures)`). The lines go to standard error,
/// unbuffered, so that they sit beside the framework's own lines.
enum ConsoleNotice {
    /// Prints the line of a skipped run.
    static func skipped(_ result: CaseResult) {
        write("iamspec: skipped \(result.caseID) [\(result.profile.rawValue)]: \(result.message)")
    }

    /// Prints a line for each check of the run skipped while the rest was judged.
    static func skippedChecks(of result: CaseResult) {
        for check in result.skippedChecks {
            write("iamspec: skipped a check of \(result.caseID) [\(result.profile.rawValue)]: \(check)")
        }
    }

    /// Prints the summary line of a suite whose runs all finished.
    static func finished(_ summary: RunSummary) {
        write("iamspec: \(totals(of: summary))")
    }

    /// `N runs: N passed, N failed, N errors, N skipped`, then ` (N expected failures)` when the
    /// suite's baseline expected some.
    static func totals(of summary: RunSummary) -> String {
        let verdict = summary.verdict
        let runs = summary.runCount
        let expected =
            verdict.expectedFailures == 0
            ? "" : " (\(verdict.expectedFailures) expected failure\(verdict.expectedFailures == 1 ? "" : "s"))"
        return "\(runs) \(runs == 1 ? "run" : "runs"): \(verdict.passed) passed, \(verdict.failedRuns) failed, "
            + "\(verdict.errors) \(verdict.errors == 1 ? "error" : "errors"), \(verdict.skipped) skipped\(expected)"
    }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data((QuotedText.line(line) + "\n").utf8))
    }
}
