import Foundation
import IAMSpec

/// Finds the files a load covers: case files below each path, and the rule catalogue for each path.
enum SpecFiles {
    /// The catalogue's file name; a file with this name is never read as cases.
    static let catalogueName = "rules.yaml"

    /// What one given path contributes.
    struct Selection {
        /// Case files, in sorted order, as paths starting with the given path.
        var caseFiles: [String] = []
        /// The nearest `rules.yaml` at or above the path.
        var catalogue: String?
        /// Set when the path does not exist.
        var problem: Diagnostic?
    }

    static func select(_ givenPath: String) -> Selection {
        let path = displayPath(givenPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            let problem = Diagnostic(
                "no such file or folder '\(path)'; expected a spec file or a folder of spec files",
                at: SourceLocation(file: path, line: 1, column: 1)
            )
            return Selection(problem: problem)
        }
        var selection = Selection(catalogue: catalogue(near: path, isDirectory: isDirectory.boolValue))
        if isDirectory.boolValue {
            selection.caseFiles = caseFiles(in: path)
        } else if fileName(path) != catalogueName {
            selection.caseFiles = [path]
        }
        return selection
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

    /// `*.yaml` and `*.yml` files below a folder, except catalogues and hidden entries, sorted.
    private static func caseFiles(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let components = relative.split(separator: "/")
            guard let name = components.last, !components.contains(where: { $0.hasPrefix(".") }) else { continue }
            guard name.hasSuffix(".yaml") || name.hasSuffix(".yml"), name != catalogueName else { continue }
            let path = folder == "/" ? "/" + relative : folder + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// The `rules.yaml` in the nearest folder at or above the path; relative when the path is
    /// relative and the folder is the working directory or below it.
    private static func catalogue(near path: String, isDirectory: Bool) -> String? {
        let workingDirectory = FileManager.default.currentDirectoryPath
        var folder = URL(fileURLWithPath: path, isDirectory: isDirectory).standardizedFileURL
        if !isDirectory { folder.deleteLastPathComponent() }
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
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// A key that is the same for every spelling of one file's path.
    static func identity(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
