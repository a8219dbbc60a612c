#if canImport(Testing) && compiler(>=6.3)
import IAMSpec
import IAMSpecPortable
import Testing

extension PortableSuite {
    /// Runs `run` on a fresh engine of `provider` as one Swift Testing test case, a few lines in
    /// an app's test target:
    ///
    /// ```swift
    /// @Test(arguments: suite.runs)
    /// func conforms(_ run: PortableRun) async throws {
    ///     try await suite.check(run, on: MyEngineProvider())
    /// }
    /// ```
    ///
    /// A run that fails or errors records an issue whose text is what `iamspec run` prints for
    /// it (the rules with their words, the `given`, the failing step, the timeline); a skipped
    /// run (a capability or the profile the engine lacks, a case or step it declines) cancels
    /// the test case with the comment `skipped: REASON` (`Test.cancel`, Swift 6.3: Swift
    /// Testing's one way to skip at run time, which records the test case cancelled, neither
    /// passed nor failed; the console of `swift test` prints it as passed, so a line per skipped run, `iamspec: skipped CASE [PROFILE]: REASON`, goes to standard
    /// error). When the result is the last of the suite's runs to come, the whole results
    /// stream is attached to the test case as `resultsStreamName` (`swift test
    /// --attachments-path`, the Xcode result bundle) and written to the file the environment
    /// variable `IAMSPEC_RESULTS` names, if any, and the suite's counts are printed on standard
    /// error: `iamspec: N runs: N passed, N failed, N errors, N skipped`.
    ///
    /// A suite compiled with another engine's baseline (`iamspec compile --baseline FILE`, whose
    /// `engine` is not `provider`'s name) runs nothing: each test case records that as an issue.
    ///
    /// - Throws: The cancellation of a skipped run.
    public func check(
        _ run: PortableRun,
        on provider: some EngineProvider,
        resultsStreamName: String = "iamspec-results.jsonl",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        if let mismatch = compiled.baseline?.mismatch(engine: provider.description.name) {
            // Judged by another engine's baseline, every verdict would be wrong: none is made.
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
            return
        }
        UnfinishedSuiteCheck.arm()
        let (made, summary) = await runRecording(run, on: provider)
        // As the suite's baseline (`iamspec compile --baseline`) judges it, as the host would.
        let result = judged(made)
        if result.status == .skipped && result.kind != .expectedFailure {
            ConsoleNotice.skipped(result)
        }
        ConsoleNotice.skippedChecks(of: result)
        if let summary {
            let judgedSummary = judged(summary)
            ConsoleNotice.finished(judgedSummary)
            let stream = ResultsStream.encode(summary, judged: judgedSummary)
            Attachment.record(stream, named: resultsStreamName, sourceLocation: sourceLocation)
            if let problem = ResultsStreamFile.write(stream) {
                Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
            }
            for entry in judgedSummary.baseline?.staleEntries ?? [] {
                Issue.record(Comment(rawValue: entry.staleLine), sourceLocation: sourceLocation)
            }
        }
        switch result.status {
        case .passed:
            return
        case .failed, .error:
            Issue.record(
                Comment(rawValue: failureReport(for: made) ?? result.message),
                sourceLocation: sourceLocation
            )
        case .skipped where result.kind == .expectedFailure:
            // A known difference: the failure is recorded as a known issue, so that the test
            // fails the day the run passes (an unexpected pass, above) and its entry can go.
            withKnownIssue(Comment(rawValue: result.message)) {
                Issue.record(
                    Comment(rawValue: failureReport(for: made) ?? made.message),
                    sourceLocation: sourceLocation
                )
            }
        case .skipped:
            try Test.cancel(Comment(rawValue: "skipped: \(result.message)"), sourceLocation: sourceLocation)
        }
    }
}
#endif
