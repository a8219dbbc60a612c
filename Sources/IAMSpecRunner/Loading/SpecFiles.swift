import IAMSpec
import IAMSpecPlatform
import IAMSpecPortable

/// Finds the files a load covers: case files below each path, and the rule catalogue for each path.
///
/// Folders are walked with symbolic links followed, each folder once (by device and inode, so a
/// link back to a folder above ends there instead of looping); whatever cannot be read (a folder
/// without permission, a dangling link, a `.yaml` that is not a regular file) is a diagnostic,
/// never skipped silently.
enum SpecFiles {
    /// The catalogue's file name; a file with this name is never read as cases.
    static let catalogueName = "rules.yaml"
    /// The seed catalogue's file name (`seeds.yaml`, beside `rules.yaml`); never read as cases either.
    static let seedCatalogueName = "seeds.yaml"

    /// Whether a file of this name holds cases: a `*.yaml` or `*.yml` that is no catalogue.
    static func holdsCases(_ name: String) -> Bool {
        isSpecFileName(name) && name != catalogueName && name != seedCatalogueName
    }

    /// What one given path contributes.
    struct Selection {
        /// Case files, in sorted order, as paths starting with the given path.
        var caseFiles: [String] = []
        /// The nearest `rules.yaml` at or above the path.
        var catalogue: String?
        /// What could not be read: the path itself, or entries below it.
        var problems: [Diagnostic] = []
    }

    /// What `givenPath` contributes. A FIFO given (`iamspec run <(generate-cases)`) is read to its
    /// end when `readsFIFO`, and refused as one found in a folder is otherwise (`iamspec migrate`,
    /// which reads each file twice and writes it back); a regular file that is a results stream is
    /// refused as one.
    static func select(_ givenPath: String, readsFIFO: Bool = true) -> Selection {
        let path = displayPath(givenPath)
        var status = stat()
        guard stat(path, &status) == 0 else {
            let problem =
                errno == ENOENT && !isSymbolicLink(path)
                ? "no such file or folder '\(path)'; expected a spec file or a folder of spec files"
                : "cannot read '\(path)': \(reason(path, error: errno)); expected a spec file or a folder of spec files"
            return Selection(problems: [diagnostic(problem, at: path)])
        }
        let isDirectory = status.st_mode & S_IFMT == S_IFDIR
        let role = isDirectory ? "a folder of spec files" : "a spec file"
        let named = { (name: String) in isDirectory || isSpecFileName(name) }
        if let refusal = LinkBoundary.refusal(
            of: path,
            within: LinkBoundary.parent(of: path),
            role: role,
            isNamed: named
        ) {
            return Selection(problems: [unquoted(refusal, at: path)])
        }
        var selection = Selection(catalogue: catalogue(near: path, isDirectory: isDirectory))
        if let found = selection.catalogue,
            let refusal = LinkBoundary.refusal(
                of: found,
                within: LinkBoundary.parent(of: found),
                role: "a rule catalogue",
                isNamed: isSpecFileName
            )
        {
            selection.catalogue = nil
            selection.problems.append(unquoted(refusal, at: found))
        }
        if isDirectory {
            var walk = FolderWalk(root: path)
            walk.visit(path)
            selection.caseFiles = walk.files.sorted()
            selection.problems += walk.problems
        } else if fileName(path) != catalogueName && fileName(path) != seedCatalogueName {
            // A FIFO given by name is read to its end (`iamspec run <(generate-cases)`); one found
            // in a folder is not, since nothing asked for it and it may never end.
            if readsFIFO && status.st_mode & S_IFMT == S_IFIFO {
                selection.caseFiles = [path]
            } else if let problem = notRegularFile(path, status) {
                selection.problems.append(problem)
            } else if isResultsStream(path) {
                let problem =
                    "'\(path)' is a results stream (iamspec run --json), expected a spec file or a folder of spec "
                    + "files; pass it with --results"
                selection.problems.append(unquoted(problem, at: path))
            } else {
                selection.caseFiles = [path]
            }
        }
        return selection
    }

    /// Whether the regular file at `path` begins as a results stream does: a first line (of its
    /// first 64 KiB) that is a JSON object whose `record` is `header`. No case file does: a
    /// case is a mapping with an `id`.
    private static func isResultsStream(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: 65_536)
        let count = start.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        var firstLine = start[..<count].prefix { $0 != UInt8(ascii: "\n") }
        if firstLine.starts(with: [0xEF, 0xBB, 0xBF]) { firstLine = firstLine.dropFirst(3) }
        guard case (.string("header"), _)? = JSONParser.value(at: [.key("record")], in: Array(firstLine)) else {
            return false
        }
        return true
    }

    /// A walk of folders, each visited once.
    private struct FolderWalk {
        /// The folder given, within which (or within whose repository) a link must stay.
        let root: String
        var files: [String] = []
        var problems: [Diagnostic] = []
        /// Device and inode of every folder visited.
        private var visited: Set<[UInt64]> = []

        init(root: String) {
            self.root = root
        }

        /// `*.yaml` and `*.yml` files below a folder, except catalogues and hidden entries.
        mutating func visit(_ folder: String) {
            var status = stat()
            guard stat(folder, &status) == 0 else { return }
            guard visited.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else { return }
            guard let stream = opendir(folder) else {
                let problem =
                    "cannot read the folder '\(folder)': \(String(cString: strerror(errno))); expected a readable folder"
                problems.append(diagnostic(problem, at: folder))
                return
            }
            var names: [String] = []
            // Names that are not UTF-8, by their bytes, and what is said of each.
            var unnamable: [(bytes: [UInt8], problem: Diagnostic)] = []
            while let entry = readdir(stream) {
                let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                let name = String(decoding: bytes, as: UTF8.self)
                guard !name.hasPrefix(".") else { continue }
                guard let violation = UTF8Violation.first(in: bytes, end: "the name") else {
                    names.append(name)
                    continue
                }
                // A path is text: one whose name is not UTF-8 cannot be opened by its name as
                // text, nor shown as it is. Said when it may hold cases (a case file or a
                // folder), never skipped, and never as a file that does not exist.
                var status = stat()
                let cName = bytes.map { CChar(bitPattern: $0) } + [0]
                let isFolder = fstatat(dirfd(stream), cName, &status, 0) == 0 && status.st_mode & S_IFMT == S_IFDIR
                guard isFolder || holdsCases(name) else { continue }
                let path = folder == "/" ? "/" + name : folder + "/" + name
                let problem =
                    "cannot read '\(path)': its name is not UTF-8 (\(violation.problem), at byte "
                    + "\(violation.offset + 1) of the name); expected a \(isFolder ? "folder" : "spec file") "
                    + "named in UTF-8: rename it"
                unnamable.append((bytes, diagnostic(problem, at: path)))
            }
            closedir(stream)
            problems += unnamable.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }.map(\.problem)
            for name in names.sorted() {
                entry(folder == "/" ? "/" + name : folder + "/" + name, name: name)
            }
        }

        private mutating func entry(_ path: String, name: String) {
            let isCaseFile = holdsCases(name)
            var status = stat()
            let isLink = isSymbolicLink(path)
            let isLinkToFolder = isLink && stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            if isLink && (isCaseFile || isLinkToFolder),
                let refusal = LinkBoundary.refusal(
                    of: path,
                    within: root,
                    role: isCaseFile ? "a spec file" : "a folder of spec files",
                    isNamed: { isLinkToFolder || isSpecFileName($0) }
                )
            {
                problems.append(unquoted(refusal, at: path))
                return
            }
            guard stat(path, &status) == 0 else {
                // A dangling or looping link: report it when it may have been a case file or a folder.
                let error = errno
                if isCaseFile || !name.contains(".") {
                    let problem =
                        "cannot read '\(path)': \(reason(path, error: error)); expected a spec file or a folder"
                    problems.append(diagnostic(problem, at: path))
                }
                return
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                visit(path)
            } else if isCaseFile {
                if let problem = notRegularFile(path, status) {
                    problems.append(problem)
                } else {
                    files.append(path)
                }
            }
        }
    }

    /// Why a path cannot be read: a link's dangling target, or the system's reason.
    private static func reason(_ path: String, error: Int32) -> String {
        if error == ENOENT, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            return "it is a symbolic link to '\(target)', which does not exist"
        }
        return String(cString: strerror(error))
    }

    /// Whether a link's target may stand for a spec file, a catalogue or a baseline: `*.yaml` or `*.yml`.
    static func isSpecFileName(_ name: String) -> Bool {
        name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }

    /// A diagnostic whose file is not shown under it: a file refused or unreadable is named, never quoted.
    static func unquoted(_ message: String, at path: String) -> Diagnostic {
        var diagnostic = diagnostic(message, at: path)
        diagnostic.quotesSource = false
        return diagnostic
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// A diagnostic for a spec file found in a folder that is not a regular file (a FIFO would
    /// block the load).
    private static func notRegularFile(_ path: String, _ status: stat) -> Diagnostic? {
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: kind = "a FIFO"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR, S_IFBLK: kind = "a device"
        default: kind = "neither a regular file nor a folder"
        }
        return diagnostic("cannot read '\(path)': it is \(kind); expected a spec file (a regular file)", at: path)
    }

    private static func diagnostic(_ message: String, at path: String) -> Diagnostic {
        Diagnostic(message, at: SourceLocation(file: path, line: 1, column: 1))
    }

    /// The path without a trailing slash (`Specs/` is shown as `Specs`).
    private static func displayPath(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }

    /// The `rules.yaml` in the nearest folder at or above the path, looked for no higher than the
    /// repository holding the path (the nearest folder with a `.git`), or, outside any, than the
    /// working directory when the path is in it, else the folder given (the one holding the file
    /// given): a `rules.yaml` someone left in a shared folder above is never another's catalogue.
    /// Relative when the path is relative and the folder is the working directory or below it.
    private static func catalogue(near path: String, isDirectory: Bool) -> String? {
        let workingDirectory = FileManager.default.currentDirectoryPath
        var folder = URL(fileURLWithPath: path, isDirectory: isDirectory).standardizedFileURL
        if !isDirectory { folder.deleteLastPathComponent() }
        let highest = catalogueBoundary(below: folder.path, workingDirectory: workingDirectory)
        while true {
            let candidate = folder.appendingPathComponent(catalogueName).path
            if FileManager.default.fileExists(atPath: candidate) {
                guard !path.hasPrefix("/") else { return candidate }
                if candidate.hasPrefix(workingDirectory + "/") {
                    return String(candidate.dropFirst(workingDirectory.count + 1))
                }
                return candidate
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path || folder.path == highest { return nil }
            folder = parent
        }
    }

    /// The highest folder the catalogue of `folder` (absolute, standardized) may be in: the
    /// repository holding it, else `workingDirectory` when `folder` is in it, else `folder`.
    private static func catalogueBoundary(below folder: String, workingDirectory: String) -> String {
        if let repository = LinkBoundary.repository(holding: folder) { return repository }
        if folder == workingDirectory || folder.hasPrefix(workingDirectory == "/" ? "/" : workingDirectory + "/") {
            return workingDirectory
        }
        return folder
    }

    /// A key that is the same for every spelling of one file's path, through symbolic links too.
    static func identity(of path: String) -> String {
        guard let resolved = realpath(path, nil) else {
            return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
