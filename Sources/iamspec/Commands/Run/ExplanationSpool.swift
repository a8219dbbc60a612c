import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner

/// The results stream `iamspec run` gives its explanation (`iamspec explain` in a child process):
/// the runs that did not pass, each whole as it came, while the run keeps most failures in outline
/// (`CaseResult.outline`). Its lines wait in an unlinked temporary file (`ReportSpool`, through
/// `ResultsStreamWriter`), so nothing is left behind however the run ends; the stream is put in
/// its `Stream.folder`, made only when the explanation begins, which removes it. A run that
/// passes throughout makes none of it.
///
/// Thread-safety: none; one thread at a time (the run's calling thread).
final class ExplanationSpool {
    /// The stream of the runs that did not pass, made when the first of them comes.
    struct Stream {
        /// The folder the stream is put in (`iamspec-explain-PID-UUID` in the temporary directory).
        let folder: URL
        /// The stream's path in `folder`.
        let path: String
        /// The stream's writer, or why none could be made (no temporary file): the explanation
        /// then warns of it.
        let writer: Result<ResultsStreamWriter, AtomicFileError>

        /// A stream of the run of `header`.
        init(header: RunHeader) {
            folder = FileManager.default.temporaryDirectory
                .appendingPathComponent(
                    "iamspec-explain-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
                )
            let path = folder.appendingPathComponent("failures.jsonl").path
            self.path = path
            writer = Result { () throws(AtomicFileError) in try ResultsStreamWriter(header: header, path: path) }
        }
    }

    private let header: RunHeader
    /// The stream, once a run that did not pass has come; nil before.
    private(set) var stream: Stream?

    /// A spool for the run of `header`.
    init(header: RunHeader) {
        self.header = header
    }

    /// Takes a result (in report order): kept unless it passed.
    func add(_ result: CaseResult) {
        guard result.status != .passed else { return }
        if stream == nil { stream = Stream(header: header) }
        guard case .success(let writer) = stream!.writer else { return }
        writer.add(result)
    }
}
