import IAMSpecPlatform
import IAMSpecRunner

/// The files a command will write its reports to, checked before it does any work.
///
/// A run must not learn after its last case that a report cannot be written. So before the first
/// case: every missing folder on a report's path is created; a path that is a folder, or whose
/// folder cannot be written, is a usage error naming the path as the user gave it; and two
/// options naming the same file (also through a symbolic link, `./`, `..` or a hard link) are a
/// usage error, since one report would silently replace the other. Special files (`/dev/stdout`,
/// a FIFO) are taken as they are: they are written in place (`AtomicFile`).
enum ReportDestinations {
    /// One report option and the path given to it.
    struct Destination {
        /// The option as typed, e.g. `--junit`.
        var option: String
        var path: String
    }

    /// Checks and prepares the given destinations (nil paths are options not given).
    static func prepare(_ options: [(option: String, path: String?)]) throws(CommandFailure) {
        let destinations = options.compactMap { option, path in
            path.map { Destination(option: option, path: $0) }
        }
        var seen: [String: Destination] = [:]
        for destination in destinations {
            try prepareFolder(destination)
            let identity = identity(of: destination.path)
            if let earlier = seen[identity] {
                throw .usage(
                    "error: \(earlier.option) \(earlier.path) and \(destination.option) \(destination.path) name the same file; "
                        + "each report needs a file of its own"
                )
            }
            seen[identity] = destination
        }
    }

    /// Creates the folder the report goes in, and checks that it can be written.
    private static func prepareFolder(_ destination: Destination) throws(CommandFailure) {
        let path = destination.path
        func failure(_ reason: String) -> CommandFailure {
            .usage("\(path): error: \(reason) (given to \(destination.option))")
        }
        guard !path.isEmpty else { throw failure("found an empty path, expected a file to write the report to") }
        if AtomicFile.isSpecialFile(path) { return }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw failure("is a folder, expected a file to write the report to")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw failure("cannot create its folder \(folder): \(FileSystemFailure.reason(of: error))")
        }
        guard access(folder, W_OK) == 0 else {
            throw failure("cannot write in its folder \(folder): \(String(cString: strerror(errno)))")
        }
    }

    /// What makes two paths the same file: the descriptor for this process's standard output or
    /// error (which may both be one terminal, yet are two streams), device and inode for a file
    /// that exists, otherwise the real path of its (existing) folder and its name.
    private static func identity(of path: String) -> String {
        if let descriptor = AtomicFile.standardStream(path) {
            return "stream \(descriptor)"
        }
        var status = stat()
        if stat(path, &status) == 0 {
            return "inode \(status.st_dev):\(status.st_ino)"
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard let resolved = realpath(folder, nil) else { return "path \(url.standardizedFileURL.path)" }
        defer { free(resolved) }
        return "path \(String(cString: resolved))/\(url.lastPathComponent)"
    }
}
