import IAMSpecPlatform

/// The bytes of a report gathered while a run goes on, so that the report itself can be put in
/// place whole at the end (``AtomicFile/write(_:to:)-(ReportSpool,_)``).
///
/// A file spool holds at most a small buffer in memory: the rest goes to a temporary file that is
/// unlinked as soon as it is made, so nothing is left behind however the process ends (a second
/// Ctrl-C included). A memory spool keeps every byte, for a report made as a value.
///
/// Thread-safety: none; one thread at a time.
package final class ReportSpool {
    /// How many bytes are buffered before they go to the file.
    private static let bufferSize = 1 << 16

    /// The temporary file's descriptor; nil for a memory spool.
    private let descriptor: Int32?
    private var buffer: [UInt8] = []
    /// The first write that failed, as `errno`; the spool takes nothing after it.
    private var failure: Int32?

    /// A spool in an unlinked temporary file; `path` names the report in errors.
    package init(for path: String) throws(AtomicFileError) {
        var template = Array((FileManager.default.temporaryDirectory.path + "/iamspec-report-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw AtomicFileError(
                path: path,
                reason: "cannot make a temporary file for the report: \(String(cString: strerror(errno)))"
            )
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// A spool that keeps its bytes in memory.
    package init() {
        descriptor = nil
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    package func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        flushIfFull()
    }

    package func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
        flushIfFull()
    }

    /// Appends every byte `other` holds; `path` names the report in errors.
    package func append(contentsOf other: ReportSpool, reportingAs path: String) throws(AtomicFileError) {
        try other.forEachChunk(reportingAs: path) { chunk in
            buffer.append(contentsOf: chunk)
            flushIfFull()
        }
    }

    /// The bytes of a memory spool (of a file spool: those not yet written to its file).
    package var bufferedBytes: [UInt8] { buffer }

    /// Calls `body` with the spool's bytes, in order, a chunk at a time.
    ///
    /// - Throws: `AtomicFileError` naming `path` when a write to the spool failed, or it cannot be
    ///   read back.
    func forEachChunk(
        reportingAs path: String,
        _ body: (UnsafeRawBufferPointer) throws(AtomicFileError) -> Void
    ) throws(AtomicFileError) {
        guard let descriptor else {
            try buffer.withUnsafeBytes { bytes in Result { () throws(AtomicFileError) in try body(bytes) } }.get()
            return
        }
        flush()
        if let failure {
            throw AtomicFileError(path: path, reason: "cannot write the report: \(String(cString: strerror(failure)))")
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw AtomicFileError(
                path: path,
                reason: "cannot read the report back: \(String(cString: strerror(errno)))"
            )
        }
        var chunk = [UInt8](repeating: 0, count: Self.bufferSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw AtomicFileError(
                    path: path,
                    reason: "cannot read the report back: \(String(cString: strerror(errno)))"
                )
            }
            if count == 0 { break }
            try chunk.withUnsafeBytes { bytes in
                Result { () throws(AtomicFileError) in try body(UnsafeRawBufferPointer(rebasing: bytes[..<count])) }
            }.get()
        }
        _ = lseek(descriptor, 0, SEEK_END)
    }

    private func flushIfFull() {
        if descriptor != nil && buffer.count >= Self.bufferSize {
            flush()
        }
    }

    /// Writes the buffer to the file (a file spool).
    private func flush() {
        guard let descriptor, !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
    }
}
