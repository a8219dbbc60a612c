import IAMSpecPlatform

/// Writes a results stream (`ResultsStream`) while the run goes on: the header line when made,
/// a case line per result as it comes, and the footer with the totals at the end, when the whole
/// stream is put in place at once (``AtomicFile``). Until then the lines wait in a
/// ``ReportSpool``, not in memory.
///
/// Thread-safety: none; one thread at a time (the run's calling thread).
package final class ResultsStreamWriter {
    /// Where the lines wait.
    let spool: ReportSpool
    /// The report's path; nil for a stream made as a value.
    private let path: String?

    /// A stream for `path`, its header line written.
    ///
    /// - Throws: `AtomicFileError` when no temporary file can be made for it.
    package convenience init(header: RunHeader, path: String) throws(AtomicFileError) {
        self.init(header: header, spool: try ReportSpool(for: path), path: path)
    }

    init(header: RunHeader, spool: ReportSpool, path: String? = nil) {
        self.spool = spool
        self.path = path
        spool.append(ResultsStream.line(HeaderLine(header)))
    }

    /// Adds a result's line; results come in report order.
    package func add(_ result: CaseResult) {
        spool.append(ResultsStream.line(CaseLine(result)))
    }

    /// Adds the footer line, a piece at a time.
    func end(_ footer: FooterLine) {
        footer.writeLine { spool.append($0) }
    }

    /// Adds the footer line (the totals of `summary`, which counts every result added, and the
    /// verdict of `judged`: the same run as its baseline judged it, or `summary` itself) and puts
    /// the stream in place.
    package func finish(_ summary: RunSummary, judged: RunSummary? = nil) throws(AtomicFileError) {
        try finish(footer: FooterLine(summary, judged: judged ?? summary))
    }

    /// Adds `footer` (``FooterLine/init(_:judged:)``, made in two steps) and puts the stream in
    /// place.
    package func finish(footer: FooterLine) throws(AtomicFileError) {
        end(footer)
        guard let path else { return }
        try AtomicFile.write(spool, to: path)
    }
}
