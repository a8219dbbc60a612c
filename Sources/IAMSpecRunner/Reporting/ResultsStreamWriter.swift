import IAMSpecPlatform

/// Writes a results stream (`ResultsStream`) while the run goes on: the header line when made,
/// a case line per result as it comes, and the footer with the totals at the end. Made with
/// ``init(header:placing:)`` (`iamspec run --json`), the stream is its destination from the start,
/// each run's line written as it comes, so that a run killed on the way leaves a stream
/// without its footer, which every reader calls unfinished, and never an earlier run's; otherwise
/// the lines wait in a ``ReportSpool``, not in memory, and the whole stream is put in place at
/// once at the end (``AtomicFile``).
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

    /// A stream written at `path` from now on, its header line there at once (a special file at
    /// `path` gets the whole stream at the end, as ``init(header:path:)`` writes it).
    ///
    /// - Throws: `AtomicFileError` when the stream cannot be put at `path`: the file there is
    ///   then left as it was.
    package convenience init(header: RunHeader, placing path: String) throws(AtomicFileError) {
        self.init(header: header, spool: try ReportSpool(placing: path), path: path)
        spool.flushToFile()
    }

    init(header: RunHeader, spool: ReportSpool, path: String? = nil) {
        self.spool = spool
        self.path = path
        spool.append(ResultsStream.line(HeaderLine(header)))
    }

    /// A stream written in place and never finished (its run ended in an error) is removed: a
    /// run that ends in an error leaves no report. A process that ends without it (a signal, a
    /// kill) leaves it unfinished.
    deinit {
        if !isFinished, let placed = spool.placedPath { unlink(placed) }
    }

    /// Whether the footer was written and the stream put in place.
    private var isFinished = false

    /// Adds a result's line; results come in report order. A stream written in place gets it at
    /// once: a run killed after it leaves it.
    package func add(_ result: CaseResult) {
        spool.append(ResultsStream.line(CaseLine(result)))
        if spool.placedPath != nil { spool.flushToFile() }
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
        isFinished = true
        guard let path else { return }
        if spool.placedPath != nil {
            try spool.finishPlaced()
        } else {
            try AtomicFile.write(spool, to: path)
        }
    }
}
