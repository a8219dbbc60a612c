#if canImport(XCTest)
import IAMSpec
import IAMSpecPortable
import XCTest

extension PortableSuite {
    /// Runs every run of the suite on fresh engines of `provider` from one XCTest test, for a
    /// test target not yet on Swift Testing:
    ///
    /// ```swift
    /// func testConformance() async throws {
    ///     try await suite.checkEveryRun(on: MyEngineProvider())
    /// }
    /// ```
    ///
    /// XCTest has no test per argument: each run that fails or errors is a failure of the one
    /// test (`XCTFail`), named by its run, with the text `iamspec run` prints for it; when no
    /// run failed but some were skipped, the test ends in `XCTSkip`, listing each skipped run
    /// with its reason. The results stream is written to the file the environment variable
    /// `IAMSPEC_RESULTS` names, if any; standard error has a line per skipped run and the suite's
    /// counts (as Swift Testing's `check(_:on:)` prints them). Returns the summary when the test
    /// neither failed nor skipped runs.
    ///
    /// A suite compiled with another engine's baseline (`iamspec compile --baseline FILE`, whose
    /// `engine` is not `provider`'s name) runs nothing.
    ///
    /// - Throws: `XCTSkip` when no run failed and some were skipped; ``BaselineMismatch`` when the
    ///   suite carries another engine's baseline.
    @discardableResult
    public func checkEveryRun(
        on provider: some EngineProvider,
        file: StaticString = #filePath,
        line: UInt = #line
    ) async throws -> RunSummary {
        if let mismatch = compiled.baseline?.mismatch(engine: provider.description.name) {
            // Judged by another engine's baseline, every verdict would be wrong: none is made.
            throw BaselineMismatch(description: mismatch)
        }
        UnfinishedSuiteCheck.arm()
        let made = await runAll(on: provider)
        // As the suite's baseline (`iamspec compile --baseline`) judges it, as the host would.
        let summary = judged(made)
        if let problem = ResultsStreamFile.write(ResultsStream.encode(made, judged: summary)) {
            XCTFail(problem, file: file, line: line)
        }
        for result in summary.results where result.status == .failed || result.status == .error {
            let report = failureReport(for: result) ?? result.message
            XCTFail("\(result.caseID) [\(result.profile.rawValue)]\n\(report)", file: file, line: line)
        }
        for entry in summary.baseline?.staleEntries ?? [] {
            XCTFail(entry.staleLine, file: file, line: line)
        }
        let skipped = summary.results.filter { $0.status == .skipped && $0.kind != .expectedFailure }
        skipped.forEach(ConsoleNotice.skipped)
        summary.results.forEach(ConsoleNotice.skippedChecks)
        ConsoleNotice.finished(summary)
        if summary.failedCount == 0, !skipped.isEmpty {
            let lines = skipped.map { "\($0.caseID) [\($0.profile.rawValue)]: \($0.message)" }
            throw XCTSkip(
                "\(summary.totalsLine); the skipped runs:\n" + lines.joined(separator: "\n"),
                file: file,
                line: line
            )
        }
        return summary
    }
}
#endif
