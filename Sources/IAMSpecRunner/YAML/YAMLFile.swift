import IAMSpec
import IAMSpecPlatform

/// What reading a YAML file (a spec file, the rule catalogue, a baseline) gives: its bytes, or
/// the problem that left them unread.
///
/// Only a regular file is read (a FIFO or a device is unreadable, found without waiting), or a
/// FIFO when the caller says so (a case file named on the command line: all it yields until its
/// writer closes it, waiting for a writer to open it and write, and giving up the wait once the
/// caller says it is stopped, as an interrupted run does). A file
/// larger than ``YAMLLimits/maximumFileBytes`` is a problem found from its size before any byte
/// is read, and at most one byte past the limit is ever read (a file that grows while it is
/// read, or whose size the system does not tell, as `/proc`'s): the memory a file costs is
/// bounded whatever its size.
enum YAMLFile {
    /// The whole file, within the limit.
    case bytes([UInt8])
    /// Why the file was not read: `path:1:1: error: ...`.
    case problem(Diagnostic)

    /// Reads the regular file at `path`; `unreadable` makes the diagnostic's message, when it
    /// cannot be opened or read, of the reason (`it is a folder`, `it is a device`, the system's
    /// `Permission denied`): a FIFO or a device cannot be read.
    static func contents(
        of path: String,
        unreadable: (_ reason: String) -> String,
        limit: Int = YAMLLimits.standard.maximumFileBytes
    ) -> YAMLFile {
        load(path, unreadable: unreadable, readsFIFO: false, limit: limit, stoppingWhen: { false })
            ?? .problem(
                Diagnostic(unreadable("its reading was stopped"), at: SourceLocation(file: path, line: 1, column: 1))
            )
    }

    /// Reads the case file at `path`, a regular file or a FIFO (waiting for its writer); nil when
    /// `isStopped` says so before a FIFO's writer has closed it.
    static func contents(
        ofCaseFile path: String,
        unreadable: (_ reason: String) -> String,
        stoppingWhen isStopped: () -> Bool
    ) -> YAMLFile? {
        load(
            path,
            unreadable: unreadable,
            readsFIFO: true,
            limit: YAMLLimits.standard.maximumFileBytes,
            stoppingWhen: isStopped
        )
    }

    private static func load(
        _ path: String,
        unreadable: (_ reason: String) -> String,
        readsFIFO: Bool,
        limit: Int,
        stoppingWhen isStopped: () -> Bool
    ) -> YAMLFile? {
        let start = SourceLocation(file: path, line: 1, column: 1)
        func failure(_ reason: String) -> YAMLFile { .problem(Diagnostic(unreadable(reason), at: start)) }
        var status = stat()
        let isFIFO = readsFIFO && stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
        // Without waiting: a FIFO with no writer would block `open` for ever; its reads wait in
        // `poll`, which the caller's stop can end.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return failure(systemReason()) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { return failure(systemReason()) }
        guard status.st_mode & S_IFMT == S_IFREG || (isFIFO && status.st_mode & S_IFMT == S_IFIFO) else {
            return failure(kind(of: status))
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
            if isFIFO {
                switch awaitBytes(descriptor, stoppingWhen: isStopped) {
                case .stopped: return nil
                case .failed(let reason): return failure(reason)
                case .ready: break
                }
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count >= 0 else { return failure(systemReason()) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return .bytes(bytes)
    }

    /// The reason of the system call that failed last (`Permission denied`).
    static func systemReason() -> String {
        String(cString: strerror(errno))
    }

    /// What a file that is no regular file is: `it is a folder`, `it is a device`.
    static func kind(of status: stat) -> String {
        switch status.st_mode & S_IFMT {
        case S_IFDIR: "it is a folder"
        case S_IFIFO: "it is a FIFO"
        case S_IFSOCK: "it is a socket"
        case S_IFCHR, S_IFBLK: "it is a device"
        default: "it is not a regular file"
        }
    }

    /// How a wait for a FIFO's bytes ended.
    private enum Wait {
        /// Bytes are there, or the writer closed it (the next read says which).
        case ready
        case stopped
        /// The wait failed, for this reason.
        case failed(String)
    }

    /// Waits until the FIFO has bytes or its writer has closed it, asking `isStopped` every
    /// tenth of a second. A FIFO no writer has opened yet is neither: `poll` waits for one.
    private static func awaitBytes(_ descriptor: Int32, stoppingWhen isStopped: () -> Bool) -> Wait {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            if isStopped() { return .stopped }
            let ready = poll(&request, 1, 100)
            if ready > 0 {
                return request.revents & Int16(POLLERR | POLLNVAL) == 0 ? .ready : .failed("its writer failed")
            }
            if ready < 0 && errno != EINTR { return .failed(systemReason()) }
        }
    }

    private static func tooLarge(found: String, limit: Int, at start: SourceLocation) -> Diagnostic {
        Diagnostic(
            "the file is \(found) long; expected a YAML file of at most \(YAMLLimits.describe(bytes: limit))",
            at: start
        )
    }
}
