import IAMSpec
import IAMSpecPlatform

extension YAMLFile {
    /// The bytes `range` of the regular file at `path` when the file is `size` bytes long (nil
    /// when it is another size): how a case is read again from its own lines
    /// (``CaseFileReading/readAgain(_:from:expecting:)``), without the rest of its file.
    /// `unreadable` makes the diagnostic's message, when the file cannot be opened or read, of
    /// the reason, as ``contents(of:unreadable:limit:)`` does.
    static func part(
        _ range: Range<Int>,
        of path: String,
        size: Int,
        unreadable: (_ reason: String) -> String
    ) -> YAMLFile? {
        func failure(_ reason: String) -> YAMLFile {
            .problem(Diagnostic(unreadable(reason), at: SourceLocation(file: path, line: 1, column: 1)))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return failure(systemReason()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return failure(systemReason()) }
        guard status.st_mode & S_IFMT == S_IFREG else { return failure(kind(of: status)) }
        guard Int(status.st_size) == size else { return nil }
        var bytes = [UInt8](repeating: 0, count: range.count)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(range.lowerBound + filled))
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return failure(systemReason()) }
            guard count > 0 else { return nil }
            filled += count
        }
        return .bytes(bytes)
    }
}
