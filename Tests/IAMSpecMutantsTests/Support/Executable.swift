import Foundation

/// Runs the built `iamspec` binary, found next to the test bundle, from the package root.
enum Executable {
    /// What one invocation did.
    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The built `iamspec` binary.
    static var iamspec: URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("iamspec")
        }
        let main = Bundle.main.bundleURL
        let products = main.lastPathComponent.hasSuffix(".xctest") ? main.deletingLastPathComponent() : main
        return products.appendingPathComponent("iamspec")
    }

    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A fresh empty folder; the caller removes it.
    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iamspec-mutants-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `iamspec` with the arguments and waits for it; output goes through files, so a large
    /// output cannot block the child.
    static func run(_ arguments: [String]) throws -> Outcome {
        let scratch = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let process = Process()
        process.executableURL = iamspec
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
            standardError: try String(contentsOf: errorURL, encoding: .utf8)
        )
    }
}
