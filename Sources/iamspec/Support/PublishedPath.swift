import IAMSpecPlatform
import IAMSpecRunner

/// A path as a report that may be published names it: never an absolute path of this machine.
/// A relative path as given; an absolute one relative to the working directory when it is below
/// it (through a symbolic link too: the working directory is physical), else its file's name
/// alone (``RunInvocation/program(startedAs:in:)``'s rule, which names the tool so).
enum PublishedPath {
    /// `path` as a published report names it.
    static func of(_ path: String) -> String {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let direct = RunInvocation.program(startedAs: path, in: workingDirectory)
        guard path.hasPrefix("/"), !direct.contains("/") else { return direct }
        // Below the working directory through a symbolic link, perhaps.
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return RunInvocation.program(startedAs: resolved, in: workingDirectory)
    }

    /// `file`, found under one of `roots` (the paths given: a spec file of a suite folder), as a
    /// published report names it: under the root's name as ``of(_:)`` gives it, so that an absolute
    /// root outside the working directory keeps its folder's name (`specs/case.yaml`).
    static func of(_ file: String, under roots: [String]) -> String {
        for root in roots where root.hasPrefix("/") {
            let folder = root.hasSuffix("/") ? root : root + "/"
            guard file.hasPrefix(folder) else { continue }
            return of(root) + "/" + file.dropFirst(folder.count)
        }
        return of(file)
    }
}
