import IAMSpecRunner

/// The report files of `iamspec run`, written while the run goes on: the results stream
/// (`--json`: what the engine did, before any baseline; its footer records the baseline and the
/// verdict) and JUnit (`--junit`, `--junit-dir`: as the baseline judges it) take each result as
/// it comes, in report order, so the run keeps no passed result for them; the Markdown summary
/// (`--summary`) needs only the totals and the failures, and is made at the end. The results
/// stream is its destination from the start (`ResultsStreamWriter.init(header:placing:)`): a run
/// killed on the way leaves it unfinished, without its footer. JUnit and the summary are put in
/// place whole when the run ends (`AtomicFile`), interrupted or stopped at its first failure too,
/// and a report of theirs an earlier run left at their destination was removed when the run
/// started (`DestinationClaim`); one that cannot be written (a full disk) does not keep the others
/// from being written.
final class RunReports {
    private let results: ResultsStreamWriter?
    private let junit: JUnitWriter?
    private let reports: ReportOptions
    /// Each result as the baseline judges it (the one `--update-baseline` writes, when given).
    private let judge: (CaseResult) -> CaseResult

    /// The reports asked for; `judge` gives each result as JUnit shows it. A report whose
    /// temporary file cannot be made is a usage error (exit status 2).
    init(
        header: RunHeader,
        json: String?,
        reports: ReportOptions,
        judge: @escaping (CaseResult) -> CaseResult
    ) throws(CommandFailure) {
        do {
            results = try json.map { path throws(AtomicFileError) in
                try ResultsStreamWriter(header: header, placing: path)
            }
        } catch {
            throw CommandFailure.usage(error.description)
        }
        self.reports = reports
        self.judge = judge
        junit =
            reports.wantsJUnit
            ? JUnitWriter(header: header, path: reports.junit, directory: reports.junitDir) : nil
    }

    /// Takes a result (in report order).
    func add(_ result: CaseResult) {
        results?.add(result)
        junit?.add(judge(result))
    }

    /// Puts every report in place, each whether or not another could be: `footer` ends the
    /// results stream (made from the run as the engine did it, with the verdict of `judged`; nil
    /// when no stream is written), `judged` is the run as the baseline judges it. Returns why each
    /// report that could not be written was not (`path: error: ...`), none when all were.
    func finish(footer: FooterLine?, judged: RunSummary) -> [String] {
        var failures: [String] = []
        func attempt(_ write: () throws(AtomicFileError) -> Void) {
            do {
                try write()
            } catch {
                failures.append(error.description)
            }
        }
        attempt { () throws(AtomicFileError) in if let footer { try results?.finish(footer: footer) } }
        attempt { () throws(AtomicFileError) in
            try junit?.finish(judged)
        }
        attempt { () throws(AtomicFileError) in
            if let summary = reports.summary {
                try AtomicFile.write(MarkdownReport.summary(judged), to: summary)
            }
        }
        return failures
    }
}
