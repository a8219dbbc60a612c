import IAMSpec
import IAMSpecPlatform

extension RunHeader {
    /// The header of the stream read from `path`, with `path` as the whole run its re-run lines
    /// give (`RunInvocation.wholeRun`) when the stream is a run of the whole suite in a file
    /// (which a re-run can read again; not a pipe); as it is otherwise.
    package func namingWholeRun(readFrom path: String) -> RunHeader {
        var status = stat()
        guard selection.selectsEveryRun, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return self
        }
        var header = self
        header.invocation?.wholeRun = path
        return header
    }
}
