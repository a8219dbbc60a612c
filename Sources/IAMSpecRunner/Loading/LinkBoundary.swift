import IAMSpec
import IAMSpecPlatform

/// Where a symbolic link among a suite's inputs may lead: inside the folder given (or holding the
/// file given), or inside the repository that holds that folder (the nearest folder at or above
/// it with a `.git`). A link anywhere else, or to a file not named as the input it stands for,
/// is refused by its path and never read, so that a link a pull request adds
/// (`Specs/evil.yaml -> /proc/self/environ`, `-> ~/.git-credentials`) makes no command print
/// what it leads to.
package enum LinkBoundary {
    /// Why `path` may not be read, or nil when it may: it resolves inside `folder` (resolved) or
    /// the repository holding it, to a file whose name `isNamed` accepts when `path` is a link.
    /// A path that names nothing is nil: reading it says so.
    ///
    /// - Parameters:
    ///   - path: The input, as found in `folder` or given on the command line.
    ///   - folder: The folder given, or the one holding the file given.
    ///   - role: What the input is, for the message (`a spec file`, `the baseline`).
    ///   - isNamed: Whether a link's target has a name the input may have (`*.yaml`).
    package static func refusal(
        of path: String,
        within folder: String,
        role: String,
        isNamed: (String) -> Bool
    ) -> String? {
        guard let resolved = realPath(path), let resolvedFolder = realPath(folder) else { return nil }
        let roots = [resolvedFolder] + (repository(holding: resolvedFolder).map { [$0] } ?? [])
        let found: String
        if !roots.contains(where: { resolved == $0 || resolved.hasPrefix($0 == "/" ? "/" : $0 + "/") }) {
            found = "outside '\(folder)' and the repository holding it; expected a link that stays inside them"
        } else if isSymbolicLink(path), !isDirectory(resolved), !isNamed(fileName(resolved)) {
            found = "a file not named as \(role); expected a link to \(role)"
        } else {
            return nil
        }
        return "cannot read '\(path)': it is a symbolic link to '\(resolved)', \(found), never followed elsewhere"
    }

    /// The repository holding `folder` (resolved): the nearest folder at or above it with a `.git`.
    static func repository(holding folder: String) -> String? {
        var candidate = folder
        while true {
            var status = stat()
            if lstat(candidate == "/" ? "/.git" : candidate + "/.git", &status) == 0 { return candidate }
            guard candidate != "/" else { return nil }
            candidate = parent(of: candidate)
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    private static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }

    /// The folder holding `path` (`.` for a bare name, `/` for one at the root).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
