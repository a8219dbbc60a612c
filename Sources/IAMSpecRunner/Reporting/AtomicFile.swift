import IAMSpecPlatform
import Synchronization

/// Writes report files whole or not at all, and special files in place.
///
/// A regular file (or a path not there yet) gets its bytes through a temporary file in the
/// destination's folder (so that the rename stays on one file system), which is then renamed over
/// the destination: a reader, or an interrupted run, never sees a half-written report. A symbolic
/// link at the path is never written through: the rename replaces the link itself, and what it
/// pointed at is left as it was (a link planted in a site's folder cannot make a report replace
/// another file). Only a link to a special file, such as `/dev/fd/63` for `>(...)`, is followed.
///
/// A special file is written in place, never replaced: the process's own standard output or
/// error (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/2`, ...) through its descriptor, so the report
/// comes in order with what else the process prints there; a FIFO, a terminal or another device
/// opened for writing. Renaming over `/dev/stdout` would replace the device by a regular file.
package enum AtomicFile {
    /// Replaces the file at `path` with `data`, or writes `data` into it when it is special.
    ///
    /// - Throws: `AtomicFileError` naming `path` (never the temporary file) when the folder
    ///   cannot be written or the rename fails; the destination is then left as it was.
    package static func write(_ data: Data, to path: String) throws(AtomicFileError) {
        try place(path) { descriptor throws(AtomicFileError) in
            try writeAll(data, to: descriptor, path: path)
        }
    }

    /// Writes `text` as a new file at `path`, whole or not at all, never in place of anything
    /// there: a file, a link (dangling too) or a folder of that name, there first or put there
    /// meanwhile, is left as it is and the write refused (`iamspec explore`'s cases, in a folder
    /// a user may keep files of their own in).
    ///
    /// - Throws: `AtomicFileError` naming `path` when something is there or the file cannot be
    ///   written; no temporary file is left.
    package static func writeNew(_ text: String, to path: String) throws(AtomicFileError) {
        let temporary = try stage(path) { descriptor throws(AtomicFileError) in
            try writeAll(Data(text.utf8), to: descriptor, path: path)
        }
        defer {
            unlink(temporary)
            temporaryFiles.withLock { _ = $0.remove(temporary) }
        }
        // link(2) makes the name only where there is none, in one step.
        guard link(temporary, path) == 0 else {
            let reason =
                errno == EEXIST
                ? "is there already; expected no file of that name (nothing is written over one)"
                : "cannot put the file in place: \(String(cString: strerror(errno)))"
            throw AtomicFileError(path: path, reason: reason)
        }
    }

    /// Replaces the file at `path` with the bytes of `spool` (or writes them into it when it is
    /// special), as ``write(_:to:)-(Data,_)`` does.
    package static func write(_ spool: ReportSpool, to path: String) throws(AtomicFileError) {
        try place(path) { descriptor throws(AtomicFileError) in
            try spool.forEachChunk(reportingAs: path) { chunk throws(AtomicFileError) in
                try writeAll(chunk, to: descriptor, path: path)
            }
        }
    }

    /// Replaces the file at `path` with the bytes `writeText` hands its writer, a piece at a time
    /// (or writes them into it when it is special), as ``write(_:to:)-(Data,_)`` does: a large
    /// file (a compiled suite) is never held whole.
    package static func write(
        to path: String,
        writingWith writeText: ((borrowing [UInt8]) throws(AtomicFileError) -> Void) throws(AtomicFileError) -> Void
    ) throws(AtomicFileError) {
        try place(path) { descriptor throws(AtomicFileError) in
            try writeText { bytes throws(AtomicFileError) in
                try bytes.withUnsafeBytes { buffer in
                    Result { () throws(AtomicFileError) in try writeAll(buffer, to: descriptor, path: path) }
                }.get()
            }
        }
    }

    /// Gives `writeBytes` the descriptor to write the report to: the standard stream, the special
    /// file opened, or a temporary file renamed over `path` once it returns.
    private static func place(
        _ path: String,
        writingWith writeBytes: (Int32) throws(AtomicFileError) -> Void
    ) throws(AtomicFileError) {
        if let descriptor = standardStream(path) {
            fflush(nil)
            try writeBytes(descriptor)
            return
        }
        var status = stat()
        if lstat(path, &status) == 0 && isDirectory(status) {
            throw AtomicFileError(path: path, reason: "is a folder, expected a file to write the report to")
        }
        if isSpecialFile(path) {
            let descriptor = try openSpecialFile(path)
            defer { close(descriptor) }
            try writeBytes(descriptor)
            return
        }
        try replace(path, writingWith: writeBytes)
    }

    /// Opens a special file for writing. A FIFO is opened once a reader has it open: its open is
    /// tried again every tenth of a second (an open that waited for a reader could not be ended),
    /// until a reader comes or ``stopWaitingForReaders()`` is called.
    private static func openSpecialFile(_ path: String) throws(AtomicFileError) -> Int32 {
        var status = stat()
        let isFIFO = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
        while true {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC | (isFIFO ? O_NONBLOCK : 0))
            if descriptor >= 0 {
                if isFIFO { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
                return descriptor
            }
            guard isFIFO, errno == ENXIO else {
                throw AtomicFileError(
                    path: path,
                    reason: "cannot open it for writing: \(String(cString: strerror(errno)))"
                )
            }
            if readersAbandoned.load(ordering: .acquiring) {
                throw AtomicFileError(path: path, reason: "no reader opened the FIFO before iamspec was interrupted")
            }
            _ = poll(nil, 0, 100)
        }
    }

    /// Whether a FIFO's reader is no longer waited for.
    private static let readersAbandoned = Atomic<Bool>(false)

    /// Stops every wait for a FIFO's reader, now and later: the report it was for is not written
    /// (what `iamspec run` does on its first interrupt signal, so that the other reports are).
    package static func stopWaitingForReaders() {
        readersAbandoned.store(true, ordering: .releasing)
    }

    /// Replaces the file at `path` with the UTF-8 text.
    package static func write(_ text: String, to path: String) throws(AtomicFileError) {
        try write(Data(text.utf8), to: path)
    }

    /// The descriptor of this process's standard output or error that `path` names, or nil.
    package static func standardStream(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": STDOUT_FILENO
        case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": STDERR_FILENO
        default: nil
        }
    }

    /// Whether `path` is written in place rather than replaced: a standard stream, or an existing
    /// file (or a link to one) that is neither regular nor a folder.
    package static func isSpecialFile(_ path: String) -> Bool {
        if standardStream(path) != nil { return true }
        var status = stat()
        return stat(path, &status) == 0 && !isRegularFile(status) && !isDirectory(status)
    }

    private static func isRegularFile(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFREG }
    private static func isDirectory(_ status: stat) -> Bool { status.st_mode & S_IFMT == S_IFDIR }

    /// The temporary files being written, for ``removeTemporaryFiles()``.
    private static let temporaryFiles = Mutex<Set<String>>([])

    /// Removes the temporary files of the reports being written: what a signal that ends the
    /// process does first, so that no hidden `.NAME.PID-UUID.tmp` is left beside a report.
    package static func removeTemporaryFiles() {
        temporaryFiles.withLock { paths in
            for path in paths { unlink(path) }
        }
    }

    /// Writes a temporary file beside `path` and renames it over `path`: over the link itself
    /// when `path` is a symbolic link.
    private static func replace(
        _ path: String,
        writingWith writeBytes: (Int32) throws(AtomicFileError) -> Void
    )
        throws(AtomicFileError)
    {
        let temporary = try stage(path, writingWith: writeBytes)
        defer { temporaryFiles.withLock { _ = $0.remove(temporary) } }
        try putInPlace(temporary, at: path)
    }

    /// Replaces the regular file at `path` (a file, never a link) with `bytes` as
    /// ``write(_:to:)-(Data,_)`` does, the new file given the permissions of `status` and its
    /// owner and group where the system lets this process give them; `check` runs once the bytes
    /// are written, just before the rename, and a throw from it leaves the file as it was.
    package static func replace(
        _ path: String,
        with bytes: [UInt8],
        keeping status: stat,
        checkingFirst check: () throws(AtomicFileError) -> Void
    ) throws(AtomicFileError) {
        let temporary = try stage(path) { descriptor throws(AtomicFileError) in
            // The owner first: a change of owner clears the set-id bits the mode then restores.
            _ = fchown(descriptor, status.st_uid, status.st_gid)
            guard fchmod(descriptor, status.st_mode & 0o7777) == 0 else {
                let reason = String(cString: strerror(errno))
                throw AtomicFileError(
                    path: path,
                    reason: "cannot give the new file the old one's permissions: \(reason)"
                )
            }
            try bytes.withUnsafeBytes { buffer in
                Result { () throws(AtomicFileError) in try writeAll(buffer, to: descriptor, path: path) }
            }.get()
        }
        defer { temporaryFiles.withLock { _ = $0.remove(temporary) } }
        do {
            try check()
        } catch {
            unlink(temporary)
            throw error
        }
        try putInPlace(temporary, at: path)
    }

    /// Writes the files together, whole or not at all: every regular file (or path not there yet)
    /// is written to its temporary file first, and only once all are written are they renamed
    /// into place, then the special files written in place. A file that cannot be written (a
    /// full disk, a file-size limit) leaves every destination as it was and no temporary file.
    package static func write(together files: [(path: String, contents: Data)]) throws(AtomicFileError) {
        var staged: [(temporary: String, path: String)] = []
        var placed = 0
        defer {
            // The temporary files not renamed into place, when one could not be.
            temporaryFiles.withLock { paths in
                for file in staged[placed...] {
                    unlink(file.temporary)
                    paths.remove(file.temporary)
                }
            }
        }
        var special: [(path: String, contents: Data)] = []
        for file in files {
            var status = stat()
            if standardStream(file.path) != nil || isSpecialFile(file.path) {
                special.append(file)
            } else if lstat(file.path, &status) == 0 && isDirectory(status) {
                throw AtomicFileError(path: file.path, reason: "is a folder, expected a file to write the report to")
            } else {
                let temporary = try stage(file.path) { descriptor throws(AtomicFileError) in
                    try writeAll(file.contents, to: descriptor, path: file.path)
                }
                staged.append((temporary, file.path))
            }
        }
        for file in staged {
            try putInPlace(file.temporary, at: file.path)
            temporaryFiles.withLock { _ = $0.remove(file.temporary) }
            placed += 1
        }
        for file in special {
            try write(file.contents, to: file.path)
        }
    }

    /// Removes the report an earlier run left at `path` (a regular file, or a link, never what it
    /// points at), so that none survives the start of a run that will write its own there at its
    /// end: a run killed before then leaves no report, rather than the earlier one. A special file
    /// or a folder there is left alone (it is written into, or refused, at the end).
    package static func removeEarlierReport(at path: String) {
        guard standardStream(path) == nil else { return }
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        let type = status.st_mode & S_IFMT
        if type == S_IFREG || (type == S_IFLNK && !isSpecialFile(path)) { unlink(path) }
    }

    /// A new, empty file put in place of `path` at once (over a link itself, never through it),
    /// open for writing: the descriptor of a report written where it is read, as it goes
    /// (``ReportSpool/init(placing:)``), whose destination never keeps an earlier run's report.
    ///
    /// - Throws: `AtomicFileError` naming `path` when it is a folder, or the file cannot be made
    ///   or put in place; the destination is then left as it was and no temporary file is left.
    package static func replacedAtOnce(_ path: String) throws(AtomicFileError) -> Int32 {
        var status = stat()
        if lstat(path, &status) == 0 && isDirectory(status) {
            throw AtomicFileError(path: path, reason: "is a folder, expected a file to write the report to")
        }
        var descriptor: Int32 = -1
        let temporary = try stage(path) { staged throws(AtomicFileError) in
            descriptor = dup(staged)
            guard descriptor >= 0 else {
                throw AtomicFileError(
                    path: path,
                    reason: "cannot write the report there: \(String(cString: strerror(errno)))"
                )
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        defer { temporaryFiles.withLock { _ = $0.remove(temporary) } }
        do {
            try putInPlace(temporary, at: path)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Writes the bytes `writeBytes` gives into a new temporary file beside `path`, registered
    /// for ``removeTemporaryFiles()``, and returns its path; on failure none is left.
    private static func stage(
        _ path: String,
        writingWith writeBytes: (Int32) throws(AtomicFileError) -> Void
    ) throws(AtomicFileError) -> String {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).tmp"
        ).path
        temporaryFiles.withLock { _ = $0.insert(temporary) }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            temporaryFiles.withLock { _ = $0.remove(temporary) }
            throw AtomicFileError(path: path, reason: "cannot write the report there: \(reason)")
        }
        do {
            try writeBytes(descriptor)
        } catch {
            close(descriptor)
            unlink(temporary)
            temporaryFiles.withLock { _ = $0.remove(temporary) }
            throw error
        }
        close(descriptor)
        return temporary
    }

    /// Renames the staged `temporary` over `path`; on failure the temporary file is removed.
    private static func putInPlace(_ temporary: String, at path: String) throws(AtomicFileError) {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw AtomicFileError(path: path, reason: "cannot put the report in place: \(reason)")
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(AtomicFileError) {
        try data.withUnsafeBytes { buffer in
            Result { () throws(AtomicFileError) in try writeAll(buffer, to: descriptor, path: path) }
        }.get()
    }

    private static func writeAll(
        _ buffer: UnsafeRawBufferPointer,
        to descriptor: Int32,
        path: String
    ) throws(AtomicFileError) {
        let failure: Int32? = {
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }()
        if let failure {
            throw AtomicFileError(path: path, reason: "cannot write the report: \(String(cString: strerror(failure)))")
        }
    }
}

/// `write(2)`, under a name of its own: inside `AtomicFile` its `write(_:to:)` hides the system call.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// A report file could not be written.
public struct AtomicFileError: Error, Sendable, CustomStringConvertible {
    /// The path as the caller gave it.
    public var path: String
    /// Why it could not be written: the system's reason, or what was wrong with the path.
    public var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: error: reason`.
    public var description: String { "\(path): error: \(reason)" }
}
