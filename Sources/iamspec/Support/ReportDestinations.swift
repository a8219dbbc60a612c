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
///
/// Nor may a report replace what the command reads: a report path that is an input file (after
/// resolving symbolic links, `./` and `..`, or a hard link to it), or a `*.yaml` below a spec
/// folder given (one the load reads, or would read once the report is there), is a usage error
/// found before any folder is made. An input may name the one option allowed to rewrite it:
/// `--update-baseline` refreshes the baseline it read.
enum ReportDestinations {
    /// One report option and the path given to it.
    struct Destination {
        /// The option as typed, e.g. `--junit`, or what a positional argument is, e.g. `the
        /// merged stream`.
        var option: String
        var path: String
    }

    /// A file or folder the command reads, which no report may be written over.
    struct Input {
        /// What it is, in words: `a spec file`, `the baseline`, `a results stream`, ....
        var role: String
        var path: String
        /// A spec folder: every `*.yaml` (or `*.yml`) below it that is not hidden is read.
        var isSpecFolder = false
        /// The option allowed to write over this input, if any.
        var rewrittenBy: String?
    }

    /// Checks and prepares the given destinations (nil paths are options not given), after
    /// refusing any that would be written over one of `inputs`.
    static func prepare(
        _ options: [(option: String, path: String?)],
        inputs: [Input]
    ) throws(CommandFailure) {
        let destinations = options.compactMap { option, path in
            path.map { Destination(option: option, path: $0) }
        }
        try refuseInputs(destinations, inputs: inputs)
        try refuseRemovedInputs(destinations, inputs: inputs)
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

    /// The inputs of a loaded suite: each spec folder given, each case file and each catalogue.
    static func inputs(of suite: LoadedSuite, paths: [String]) -> [Input] {
        let folders = paths.filter { path in
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        }
        return suite.caseFiles.map { Input(role: "a spec file", path: $0) }
            + suite.catalogueFiles.map { Input(role: "the rule catalogue", path: $0) }
            + suite.seedCatalogueFiles.map { Input(role: "the seed catalogue", path: $0) }
            + folders.map { Input(role: "a spec file of the folder \($0)", path: $0, isSpecFolder: true) }
    }

    /// Throws a usage error for the first destination that would be written over an input.
    static func refuseInputs(_ destinations: [Destination], inputs: [Input]) throws(CommandFailure) {
        // Each input resolved once, not once per report: a suite has a case file per input.
        var resolvedInputs: [String?] = Array(repeating: nil, count: inputs.count)
        for destination in destinations where !AtomicFile.isSpecialFile(destination.path) {
            let resolved = resolvedPath(destination.path)
            for (index, input) in inputs.enumerated() where input.rewrittenBy != destination.option {
                let inputPath = resolvedInputs[index] ?? resolvedPath(input.path)
                resolvedInputs[index] = inputPath
                guard overwrites(destination.path, resolvedAs: resolved, input, resolvedAs: inputPath) else { continue }
                throw .usage(
                    "error: \(destination.option) \(destination.path) is an input (\(input.role)): choose another path"
                )
            }
        }
    }

    /// Throws a usage error for an input that `--junit-dir` would remove as an earlier run's suite
    /// file (`TEST-iamspec.*.xml` in its folder; `JUnitReport`), which no option may remove.
    private static func refuseRemovedInputs(_ destinations: [Destination], inputs: [Input]) throws(CommandFailure) {
        let folders = Set(
            destinations.filter { $0.option == "--junit-dir" }
                .map { resolvedPath(URL(fileURLWithPath: $0.path).deletingLastPathComponent().path) }
        )
        for folder in folders.sorted() {
            for input in inputs where !input.isSpecFolder {
                let resolved = URL(fileURLWithPath: resolvedPath(input.path))
                let name = resolved.lastPathComponent
                guard resolved.deletingLastPathComponent().path == folder,
                    JUnitReport.isSuiteFileName(name)
                else { continue }
                throw .usage(
                    "error: --junit-dir \(folder) would remove \(input.path), an input (\(input.role)): its name is "
                        + "that of an earlier run's suite file; choose another folder"
                )
            }
        }
    }

    /// Whether writing `path` (resolved as `resolved`) would replace `input` (resolved as
    /// `inputPath`) or a file it reads.
    private static func overwrites(
        _ path: String,
        resolvedAs resolved: String,
        _ input: Input,
        resolvedAs inputPath: String
    ) -> Bool {
        guard input.isSpecFolder else {
            var reportStatus = stat()
            var inputStatus = stat()
            let sameInode =
                stat(path, &reportStatus) == 0 && stat(input.path, &inputStatus) == 0
                && reportStatus.st_dev == inputStatus.st_dev && reportStatus.st_ino == inputStatus.st_ino
            return sameInode || resolved == inputPath
        }
        let folder = inputPath == "/" ? "/" : inputPath + "/"
        guard resolved.hasPrefix(folder) else { return false }
        let below = resolved.dropFirst(folder.count).split(separator: "/")
        guard let name = below.last, !below.contains(where: { $0.hasPrefix(".") }) else { return false }
        return name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved, as far as the path
    /// exists; the rest, not there yet, is appended name by name (a `..` there drops the name
    /// before it).
    private static func resolvedPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let components = absolute.split(separator: "/").map(String.init)
        for existing in stride(from: components.count, through: 0, by: -1) {
            guard let real = realpath("/" + components[..<existing].joined(separator: "/"), nil) else { continue }
            var resolved = String(cString: real).split(separator: "/").map(String.init)
            free(real)
            for component in components[existing...] {
                switch component {
                case ".": continue
                case "..": _ = resolved.popLast()
                default: resolved.append(component)
                }
            }
            return "/" + resolved.joined(separator: "/")
        }
        return absolute
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
