import IAMSpec
import IAMSpecPlatform

// The results stream as files: written atomically by a run, read back by `iamspec report`,
// `merge`, `diff` and `docs --results`. Its lines are `ResultsStream`'s (IAMSpecPortable).

extension ResultsStream {
    /// Writes the stream atomically to `path`.
    public static func write(_ summary: RunSummary, to path: String) throws(AtomicFileError) {
        let writer = try ResultsStreamWriter(header: summary.header, path: path)
        for result in summary.results {
            writer.add(result)
        }
        try writer.finish(summary)
    }

    /// Writes the stream of a run `recorded` holds (its results, and in the footer the baseline
    /// that judged it and the verdict) atomically to `path`.
    package static func write(_ recorded: RecordedRun, to path: String) throws(AtomicFileError) {
        let writer = try ResultsStreamWriter(header: recorded.summary.header, path: path)
        for result in recorded.summary.results {
            writer.add(result)
        }
        try writer.finish(recorded.summary, judged: recorded.judged)
    }

    /// Reads a stream written by ``write(_:to:)``: the results as the engine gave them, before
    /// any baseline.
    ///
    /// - Throws: ``ResultsStreamError`` naming the file, line and problem.
    public static func read(from path: String) throws(ResultsStreamError) -> RunSummary {
        try readRecorded(from: path).summary
    }

    /// Reads a stream with the baseline its footer records.
    ///
    /// - Throws: ``ResultsStreamError`` naming the file, line and problem.
    package static func readRecorded(from path: String) throws(ResultsStreamError) -> RecordedRun {
        try readWhole(ResultsStreamReader(path: path))
    }

    /// Reads a stream keeping of its results what its reports read (``RecordedRun/tally(_:sharing:)``:
    /// with no baseline the failures folded into counts and groups, a few bytes a run; with one,
    /// each in outline; the passes counted), checked as a whole read is: the footer and baseline
    /// learnt first (``ResultsStreamReader/outline()``), so that a stream of a hundred thousand
    /// runs holds none of them whole. `each` is given every result first, whole, as it is read.
    ///
    /// - Throws: ``ResultsStreamError`` naming the file, line and problem.
    package static func readTallied(
        from path: String,
        each: (CaseResult) -> Void
    ) throws(ResultsStreamError) -> RecordedRun {
        let reader = try ResultsStreamReader(path: path)
        var recorded = try reader.outline().tallying
        var sharing = OutlineSharing()
        while let result = try reader.next() {
            each(result)
            recorded.tally(result, sharing: &sharing)
        }
        try reader.checkVerdict(of: recorded)
        return recorded
    }

    /// Writes the stream at `input` again to `output`, each case line as it was read, with the
    /// footer of `recorded` (the same run, its results kept as ``readTallied(from:each:)`` keeps them,
    /// and what was learnt of it since: its behaviours), a record at a time.
    ///
    /// - Throws: ``ResultsStreamError`` when `input` cannot be read again, `AtomicFileError`
    ///   when `output` cannot be written.
    package static func copy(_ input: String, to output: String, as recorded: RecordedRun) throws {
        let reader = try ResultsStreamReader(path: input)
        let writer = try ResultsStreamWriter(header: recorded.summary.header, path: output)
        while let result = try reader.next() {
            writer.add(result)
        }
        try writer.finish(recorded.summary, judged: recorded.judged)
    }

    /// Decodes a stream's results; `path` is used in error locations.
    package static func decode(_ data: Data, path: String) throws(ResultsStreamError) -> RunSummary {
        try decodeRecorded(data, path: path).summary
    }

    /// Decodes a stream, with the baseline its footer records; `path` is used in error
    /// locations. A footer whose totals or verdict disagree with the case lines (judged by that
    /// baseline) is refused.
    package static func decodeRecorded(_ data: Data, path: String) throws(ResultsStreamError) -> RecordedRun {
        try readWhole(ResultsStreamReader(bytes: Array(data), path: path))
    }

    /// Every result `reader` gives, with the run its footer records, checked.
    private static func readWhole(_ reader: ResultsStreamReader) throws(ResultsStreamError) -> RecordedRun {
        var results: [CaseResult] = []
        while let result = try reader.next() {
            results.append(result)
        }
        var recorded = try reader.recordedRun()!
        recorded.summary.results = results
        try reader.checkVerdict(of: recorded)
        return recorded
    }
}

/// A results file that cannot be read, with where and why.
public struct ResultsStreamError: Error, Sendable, CustomStringConvertible {
    /// The line of the results file that cannot be read, and why.
    public var diagnostic: Diagnostic

    package init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }

    /// `path:line:col: error: ...`.
    public var description: String { diagnostic.description }
}
