import IAMSpecPlatform
import IAMSpecRunner
import Synchronization

/// A run's report destinations, claimed at its start, before its engine starts: one run at a time
/// writes there, and nothing an earlier run left there survives the start of this one.
///
/// Each destination that is a file (not `/dev/stdout`, a FIFO) gets an advisory lock
/// (`flock`), on a lock file beside it, `.NAME.lock` (`--junit-dir FOLDER`: `FOLDER/.TEST-iamspec.lock`),
/// held until the process ends (a `kill -9` too: the system lets it go), and never inherited by an
/// engine. A run that finds a destination locked stops at once, before it has removed anything
/// there, naming the run that holds it (its process id and start, which the holder writes in the
/// lock file): exit status 2. The lock files stay (removing one would let a third run lock a
/// new file while the second still holds the old one).
///
/// Once every lock is held: the JUnit files and the Markdown summary an earlier run left are
/// removed, and the results stream (`--json`) is replaced by this run's header alone, with no
/// footer, which every reader calls unfinished (`iamspec report`: `found no footer record ... did
/// not finish`), until the run puts its own stream there. So an engine that never starts, a
/// selection that matches nothing, or a run killed while its engine starts, leaves that, never the
/// earlier run's green report.
enum DestinationClaim {
    /// Locks each of the report paths given (nil: an option not given: `--json`, `--junit`,
    /// `--junit-dir`, `--summary`), then clears them; `header` is the run's header as known before
    /// its engine starts, written alone to `json`.
    ///
    /// - Throws: `CommandFailure` (exit status 2) when another run holds a destination, or a
    ///   lock file or the stream's header cannot be written; nothing of this run's is then at
    ///   the destinations.
    static func claim(
        json: String?,
        junit: String? = nil,
        junitDir: String? = nil,
        summary: String? = nil,
        header: RunHeader
    ) throws(CommandFailure) {
        let files = [("--json", json), ("--junit", junit), ("--summary", summary)]
            .compactMap { option, path in path.map { (option, $0) } }
            .filter { !AtomicFile.isSpecialFile($0.1) }
        var locks = files.map { option, path in (option, path, lockPath(beside: path)) }
        if let folder = junitDir {
            locks.append(("--junit-dir", folder, resolvedFolder(of: folder + "/x") + "/.TEST-iamspec.lock"))
        }
        for (option, path, lock) in locks {
            try hold(lock, for: path, option: option)
        }
        for path in [junit, summary].compactMap({ $0 }) {
            AtomicFile.removeEarlierReport(at: path)
        }
        if let folder = junitDir {
            do {
                try JUnitReport.removeEarlierSuiteFiles(in: folder, keeping: [])
            } catch {
                throw .usage("\(error.description) (given to --junit-dir)")
            }
        }
        if let json, !AtomicFile.isSpecialFile(json) {
            do {
                try AtomicFile.write(Data(ResultsStream.line(HeaderLine(header))), to: json)
            } catch {
                throw .usage("\(error.description) (given to --json)")
            }
        }
    }

    /// `.NAME.lock` in the folder of `path`, that folder's links resolved: two spellings of one
    /// destination (`r.jsonl`, `./sub/../r.jsonl`) lock one file.
    static func lockPath(beside path: String) -> String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return resolvedFolder(of: path) + "/." + name + ".lock"
    }

    /// The real path of the folder `path` is in (which exists: `ReportDestinations` made it).
    private static func resolvedFolder(of path: String) -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard let real = realpath(folder, nil) else { return folder }
        defer { free(real) }
        return String(cString: real)
    }

    /// Takes the lock at `lock` for the process's life, and writes who holds it.
    private static func hold(_ lock: String, for path: String, option: String) throws(CommandFailure) {
        let descriptor = open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw .usage(
                "\(path): error: cannot make the lock file \(lock) that keeps other runs out of it: "
                    + "\(String(cString: strerror(errno))) (given to \(option))"
            )
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            let holder = reason == EWOULDBLOCK ? Self.holder(readFrom: descriptor) : nil
            close(descriptor)
            guard reason == EWOULDBLOCK else {
                throw .usage(
                    "\(path): error: cannot lock \(lock): \(String(cString: strerror(reason))) (given to \(option))"
                )
            }
            throw .usage(
                "\(path): error: another iamspec run writes its report there (\(holder ?? "its identity not yet written")), "
                    + "still running: one run at a time per destination; wait for it to end, or choose another path "
                    + "(given to \(option); the lock: \(lock))"
            )
        }
        let identity = "pid \(getpid()), started \(RunHeader.timestamp(Date()))\n"
        _ = ftruncate(descriptor, 0)
        // A holder that could not write it is named as not yet written: nothing else depends on it.
        _ = Array(identity.utf8).withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        // Kept open, never closed: the lock lasts as long as the process.
        heldDescriptors.withLock { $0.append(descriptor) }
    }

    /// What the run holding the lock wrote in it: `pid N, started T`.
    private static func holder(readFrom descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 200)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n").first.map(String.init)
        return text.map(QuotedText.line)
    }

    /// The lock files' descriptors, open until the process ends.
    private static let heldDescriptors = Mutex<[Int32]>([])
}
