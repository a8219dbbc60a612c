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

    /// The temporary file's descriptor (the report's own, when ``placedPath`` is set); nil for a
    /// memory spool.
    private let descriptor: Int32?
    /// The report's path when the spool is the report itself (``init(placing:)``); nil otherwise.
    package let placedPath: String?
    private var buffer: [UInt8] = []
    /// The first write that failed, as `errno`; the spool takes nothing after it.
    private var failure: Int32?

    /// A spool in an unlinked temporary file; `path` names the report in errors.
    package convenience init(for path: String) throws(AtomicFileError) {
        var template = Array((FileManager.default.temporaryDirectory.path + "/iamspec-report-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw AtomicFileError(
                path: path,
                reason: "cannot make a temporary file for the report: \(String(cString: strerror(errno)))"
            )
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.init(descriptor: descriptor, placedPath: nil)
    }

    /// A spool that is the report itself, for a report read as it is written (the results stream):
    /// a new file put in place of `path` at once (``AtomicFile/replacedAtOnce(_:)``), so that a
    /// report there from an earlier run is gone from the start and a run killed on the way leaves
    /// what it wrote, unfinished. A special file at `path` (a FIFO, a standard stream) gets a
    /// spool in an unlinked temporary file instead, written into it at the end.
    package convenience init(placing path: String) throws(AtomicFileError) {
        if AtomicFile.standardStream(path) != nil || AtomicFile.isSpecialFile(path) {
            try self.init(for: path)
        } else {
            self.init(descriptor: try AtomicFile.replacedAtOnce(path), placedPath: path)
        }
    }

    /// A spool that keeps its bytes in memory.
    package init() {
        descriptor = nil
        placedPath = nil
    }

    private init(descriptor: Int32, placedPath: String?) {
        self.descriptor = descriptor
        self.placedPath = placedPath
        buffer.reserveCapacity(Self.bufferSize)
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

    /// Writes what is buffered to the file now (of a spool that is the report: so that a reader
    /// sees it).
    package func flushToFile() {
        flush()
    }

    /// Ends a spool that is the report itself: writes what is buffered, and says whether every
    /// write got out.
    ///
    /// - Throws: `AtomicFileError` naming the report when a write failed; the report, unfinished,
    ///   is then removed, as a report that cannot be written is never left half written.
    package func finishPlaced() throws(AtomicFileError) {
        guard let placedPath else { return }
        flush()
        if let failure {
            unlink(placedPath)
            throw AtomicFileError(
                path: placedPath,
                reason: "cannot write the report: \(String(cString: strerror(failure)))"
            )
        }
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
