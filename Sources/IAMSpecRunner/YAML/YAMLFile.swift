import IAMSpec
import IAMSpecPlatform

/// What reading a YAML file (a spec file, the rule catalogue, a baseline) gives: its bytes, or
/// the problem that left them unread.
///
/// Only a regular file is read (a FIFO or a device is unreadable, found without waiting), or a
/// FIFO when the caller says so (a case file named on the command line: all it yields until its
/// writer closes it, waiting for a writer to open it). A file
/// larger than ``YAMLLimits/maximumFileBytes`` is a problem found from its size before any byte
/// is read, and at most one byte past the limit is ever read (a file that grows while it is
/// read, or whose size the system does not tell, as `/proc`'s): the memory a file costs is
/// bounded whatever its size.
enum YAMLFile {
    /// The whole file, within the limit.
    case bytes([UInt8])
    /// Why the file was not read: `path:1:1: error: ...`.
    case problem(Diagnostic)

    /// Reads the file at `path`; `unreadable` is the diagnostic's message when it cannot be
    /// opened or read; `readsFIFO` reads a FIFO too, waiting for its writer.
    static func contents(
        of path: String,
        unreadable: String,
        readsFIFO: Bool = false,
        limit: Int = YAMLLimits.standard.maximumFileBytes
    ) -> YAMLFile {
        let start = SourceLocation(file: path, line: 1, column: 1)
        var status = stat()
        let isFIFO = readsFIFO && stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
        // Otherwise without waiting: a FIFO with no writer would block `open` for ever.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (isFIFO ? 0 : O_NONBLOCK))
        guard descriptor >= 0 else { return .problem(Diagnostic(unreadable, at: start)) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0,
            status.st_mode & S_IFMT == S_IFREG || (isFIFO && status.st_mode & S_IFMT == S_IFIFO)
        else {
            return .problem(Diagnostic(unreadable, at: start))
        }
        let size = Int(status.st_size)
        guard size <= limit else { return .problem(tooLarge(found: "\(size) bytes", limit: limit, at: start)) }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else {
                    return .problem(tooLarge(found: "more than \(limit) bytes", limit: limit, at: start))
                }
                bytes += repeatElement(0, count: min(max(bytes.count, 4_096), limit + 1 - bytes.count))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .problem(Diagnostic(unreadable, at: start)) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return .bytes(bytes)
    }

    private static func tooLarge(found: String, limit: Int, at start: SourceLocation) -> Diagnostic {
        Diagnostic(
            "the file is \(found) long; expected a YAML file of at most \(YAMLLimits.describe(bytes: limit))",
            at: start
        )
    }
}
