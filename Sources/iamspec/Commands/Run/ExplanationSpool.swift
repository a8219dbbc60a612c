import IAMSpec
import IAMSpecPlatform
import IAMSpecRunner

/// The results stream `iamspec run` gives its explanation (`iamspec explain` in a child process):
/// the runs that did not pass, each whole as it came, while the run keeps most failures in outline
/// (`CaseResult.outline`). Its lines wait in an unlinked temporary file (`ReportSpool`, through
/// `ResultsStreamWriter`), so nothing is left behind however the run ends; the stream is put in
/// ``folder``, made only when the explanation begins, which removes it.
struct ExplanationSpool {
    /// The folder the stream is put in (`iamspec-explain-PID-UUID` in the temporary directory).
    let folder: URL
    /// The stream's path in ``folder``.
    let path: String
    /// The stream's writer, or why none could be made (no temporary file): the explanation then
    /// warns of it.
    let writer: Result<ResultsStreamWriter, AtomicFileError>

    /// A stream of the run of `header`.
    init(header: RunHeader) {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("iamspec-explain-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("failures.jsonl").path
        self.path = path
        writer = Result { () throws(AtomicFileError) in try ResultsStreamWriter(header: header, path: path) }
    }

    /// Takes a result (in report order): kept unless it passed.
    func add(_ result: CaseResult) {
        guard result.status != .passed, case .success(let writer) = writer else { return }
        writer.add(result)
    }
}
