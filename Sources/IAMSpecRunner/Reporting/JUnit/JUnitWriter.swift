import IAMSpec

/// Writes a JUnit report (``JUnitReport``) while the run goes on.
///
/// JUnit puts each suite's counts in its start tag, before its test cases, and the runs come in
/// report order (case id, then profile) while the suites are per profile: so each profile's test
/// cases wait in a ``ReportSpool`` of their own, with the suite's counts and its `<system-out>`
/// and `<system-err>` text (cut as ``XMLText`` cuts it), and the document is put together and put
/// in place at once (``AtomicFile``) at the end.
///
/// Thread-safety: none; one thread at a time (the run's calling thread).
package final class JUnitWriter {
    private let header: RunHeader
    private let textLimit: Int
    /// The report's path; nil for a report made as a value (memory spools).
    private let path: String?
    private var suites: [Profile: Suite] = [:]
    /// The first spool that could not be made; ``finish(_:)`` throws it.
    private var failure: AtomicFileError?

    /// One profile's suite so far.
    private struct Suite {
        var counts = SuiteCounts()
        let testcases: ReportSpool
        var traces: JoinedText
        var sideOutput: JoinedText
    }

    /// A report for `path`, or, without a path, one made as a value (``document(_:)``).
    package init(header: RunHeader, path: String? = nil, textLimit: Int = JUnitReport.defaultTextLimit) {
        self.header = header
        self.path = path
        self.textLimit = textLimit
    }

    /// Adds a result's test case; results come in report order.
    package func add(_ result: CaseResult) {
        guard failure == nil else { return }
        if suites[result.profile] == nil {
            do {
                suites[result.profile] = Suite(
                    testcases: try path.map { path throws(AtomicFileError) in try ReportSpool(for: path) }
                        ?? ReportSpool(),
                    traces: JoinedText(limit: textLimit),
                    sideOutput: JoinedText(limit: textLimit)
                )
            } catch {
                failure = error
                return
            }
        }
        suites[result.profile]!.counts.add(result)
        suites[result.profile]!.testcases.append(JUnitReport.testcase(result, header: header, textLimit: textLimit))
        suites[result.profile]!.traces.append(JUnitReport.trace(result))
        if let side = JUnitReport.sideOutput(result) {
            suites[result.profile]!.sideOutput.append(side)
        }
    }

    /// Puts the report in place; `summary` gives the run's properties (interrupted, not run).
    package func finish(_ summary: RunSummary) throws(AtomicFileError) {
        guard let path else { return }
        if let failure { throw failure }
        let document = try ReportSpool(for: path)
        try assemble(summary, into: document)
        try AtomicFile.write(document, to: path)
    }

    /// The whole document of a report made as a value.
    func document(_ summary: RunSummary) -> ReportSpool {
        let document = ReportSpool()
        try! assemble(summary, into: document)
        return document
    }

    private func assemble(_ summary: RunSummary, into document: ReportSpool) throws(AtomicFileError) {
        document.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n")
        if suites.isEmpty && JUnitReport.runSuiteIsNeeded(summary) {
            let nothing = JoinedText(limit: textLimit)
            document.append(JUnitReport.suiteStart(SuiteCounts(), profile: nil, id: 0, summary: summary))
            document.append(JUnitReport.suiteEnd(traces: nothing, sideOutput: nothing))
        }
        for (id, profile) in suites.keys.sorted().enumerated() {
            let suite = suites[profile]!
            document.append(JUnitReport.suiteStart(suite.counts, profile: profile, id: id, summary: summary))
            try document.append(contentsOf: suite.testcases, reportingAs: path ?? "")
            document.append(JUnitReport.suiteEnd(traces: suite.traces, sideOutput: suite.sideOutput))
        }
        document.append("</testsuites>\n")
    }
}

/// The counts in a JUnit suite's start tag.
struct SuiteCounts {
    var tests = 0
    var failures = 0
    var errors = 0
    var skipped = 0
    var milliseconds: Int64 = 0

    mutating func add(_ result: CaseResult) {
        tests += 1
        switch result.status {
        case .passed: break
        case .failed: failures += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        }
        milliseconds += result.durationMilliseconds
    }
}
