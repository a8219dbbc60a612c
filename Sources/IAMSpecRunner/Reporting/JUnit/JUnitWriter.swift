import IAMSpec

/// Writes a JUnit report (``JUnitReport``) while the run goes on: one file holding every suite
/// (`--junit FILE`), one file per suite (`--junit-dir DIR`), or both, from the same test cases.
///
/// JUnit puts each suite's counts in its start tag, before its test cases, and the runs come in
/// report order (case id, then profile) while the suites are per profile: so each profile's test
/// cases wait in a ``ReportSpool`` of their own, with the suite's counts and its `<system-out>`
/// and `<system-err>` text (cut as ``XMLText`` cuts it), and each document is put together and put
/// in place at once (``AtomicFile``) at the end, when the stale baseline entries, if any, join as a
/// suite of their own (`iamspec.baseline`).
///
/// Thread-safety: none; one thread at a time (the run's calling thread).
package final class JUnitWriter {
    private let header: RunHeader
    private let textLimit: Int
    /// The single report's path, if one is written.
    private let path: String?
    /// The folder of the per-suite files, if they are written.
    private let directory: String?
    private var suites: [Profile: Suite] = [:]
    /// The first spool that could not be made; ``finish(_:)`` throws it.
    private var failure: AtomicFileError?

    /// One suite so far.
    private struct Suite {
        var counts = SuiteCounts()
        let testcases: ReportSpool
        var traces: JoinedText
        var sideOutput: JoinedText
    }

    /// A report for `path` (one file) and `directory` (a file per suite); with neither, one made
    /// as a value (``document(_:)``).
    package init(
        header: RunHeader,
        path: String? = nil,
        directory: String? = nil,
        textLimit: Int = JUnitReport.defaultTextLimit
    ) {
        self.header = header
        self.path = path
        self.directory = directory
        self.textLimit = textLimit
    }

    /// The path errors name: the single report's, else the folder's.
    private var reportPath: String? { path ?? directory }

    /// Adds a result's test case; results come in report order.
    package func add(_ result: CaseResult) {
        guard failure == nil else { return }
        if suites[result.profile] == nil {
            do {
                suites[result.profile] = try makeSuite()
            } catch {
                failure = error
                return
            }
        }
        suites[result.profile]!.counts.add(result.status, milliseconds: result.durationMilliseconds)
        suites[result.profile]!.testcases.append(JUnitReport.testcase(result, header: header, textLimit: textLimit))
        suites[result.profile]!.traces.append(JUnitReport.trace(result))
        if let side = JUnitReport.sideOutput(result) {
            suites[result.profile]!.sideOutput.append(side)
        }
    }

    private func makeSuite() throws(AtomicFileError) -> Suite {
        Suite(
            testcases: try reportPath.map { path throws(AtomicFileError) in try ReportSpool(for: path) }
                ?? ReportSpool(),
            traces: JoinedText(limit: textLimit),
            sideOutput: JoinedText(limit: textLimit)
        )
    }

    /// Puts the reports in place; `summary` gives the run's properties (interrupted, not run, the
    /// verdict) and the stale baseline entries. The folder of `--junit-dir` keeps no
    /// `TEST-iamspec.*.xml` of an earlier run that this one did not write.
    package func finish(_ summary: RunSummary) throws(AtomicFileError) {
        if let failure { throw failure }
        let parts = named(summary)
        if let path {
            let document = try ReportSpool(for: path)
            try assemble(parts, summary, into: document, reportingAs: path)
            try AtomicFile.write(document, to: path)
        }
        if let directory {
            var written: Set<String> = []
            for (index, part) in parts.enumerated() {
                let file = JUnitReport.suiteFileName(part.name)
                let filePath = directory + "/" + file
                let document = try ReportSpool(for: filePath)
                document.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                try append(part, index: index, standalone: true, summary, into: document, reportingAs: filePath)
                try AtomicFile.write(document, to: filePath)
                written.insert(file)
            }
            try JUnitReport.removeEarlierSuiteFiles(in: directory, keeping: written)
        }
    }

    /// The whole single-file document of a report made as a value.
    func document(_ summary: RunSummary) -> ReportSpool {
        let document = ReportSpool()
        try! assemble(named(summary), summary, into: document, reportingAs: "")
        return document
    }

    /// The suites in report order, each with its name: the profiles', then the stale baseline
    /// entries' (made here, from `summary`); for a run that made no run but has something to
    /// say, one empty suite that carries the run's properties (``JUnitReport/runSuiteIsNeeded(_:)``).
    private func named(_ summary: RunSummary) -> [(name: String, suite: Suite)] {
        var parts = suites.keys.sorted().map { (JUnitReport.suiteName($0), suites[$0]!) }
        if parts.isEmpty && JUnitReport.runSuiteIsNeeded(summary) {
            let nothing = Suite(
                testcases: ReportSpool(),
                traces: JoinedText(limit: textLimit),
                sideOutput: JoinedText(limit: textLimit)
            )
            parts.append((JUnitReport.runSuiteName, nothing))
        }
        if let stale = summary.baseline?.staleEntries, !stale.isEmpty {
            var suite = Suite(
                testcases: ReportSpool(),
                traces: JoinedText(limit: textLimit),
                sideOutput: JoinedText(limit: textLimit)
            )
            for entry in stale {
                suite.counts.add(.failed, milliseconds: 0)
                suite.testcases.append(JUnitReport.testcase(stale: entry))
                suite.traces.append("== \(entry.staleLine)")
            }
            parts.append((JUnitReport.baselineSuiteName, suite))
        }
        return parts
    }

    private func assemble(
        _ parts: [(name: String, suite: Suite)],
        _ summary: RunSummary,
        into document: ReportSpool,
        reportingAs path: String
    ) throws(AtomicFileError) {
        document.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n")
        for (index, part) in parts.enumerated() {
            try append(part, index: index, standalone: false, summary, into: document, reportingAs: path)
        }
        document.append("</testsuites>\n")
    }

    /// One suite: its start tag (with the run's properties when it is the first), its test cases,
    /// its output and its end tag.
    private func append(
        _ part: (name: String, suite: Suite),
        index: Int,
        standalone: Bool,
        _ summary: RunSummary,
        into document: ReportSpool,
        reportingAs path: String
    ) throws(AtomicFileError) {
        document.append(
            JUnitReport.suiteStart(
                part.suite.counts,
                name: part.name,
                id: standalone ? nil : index,
                withProperties: index == 0,
                summary: summary
            )
        )
        try document.append(contentsOf: part.suite.testcases, reportingAs: path)
        document.append(JUnitReport.suiteEnd(traces: part.suite.traces, sideOutput: part.suite.sideOutput))
    }
}

/// The counts in a JUnit suite's start tag.
struct SuiteCounts {
    var tests = 0
    var failures = 0
    var errors = 0
    var skipped = 0
    /// The runs' durations added up, held at the bounds of `Int64` rather than overflowing: a
    /// results stream given to `iamspec report` may hold any duration a 64-bit integer holds.
    var milliseconds: Int64 = 0

    mutating func add(_ status: CaseStatus, milliseconds duration: Int64) {
        tests += 1
        switch status {
        case .passed: break
        case .failed: failures += 1
        case .error: errors += 1
        case .skipped: skipped += 1
        }
        let (sum, overflowed) = milliseconds.addingReportingOverflow(duration)
        milliseconds = overflowed ? (duration > 0 ? .max : .min) : sum
    }
}
