import Foundation
import Testing

/// Runs the built `iamspec` binary, found next to the test bundle (as swift-argument-parser's
/// own tests find their examples), from the package root.
enum IAMSpecExecutable {
    /// What one invocation did.
    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String
        /// The process id it had: engines it started carry it (``enginesLeft(by:)``).
        var processID: Int32 = 0

        /// The last line printed on standard output.
        var lastLine: String? {
            standardOutput.split(separator: "\n").last.map(String.init)
        }
    }

    /// The folder of the built products: `IAMSPEC_PRODUCTS` when set (scripts/test runs these
    /// tests on its release build's `iamspec`, as users install it), else the folder of the test
    /// bundle.
    static var productsDirectory: URL {
        if let products = ProcessInfo.processInfo.environment["IAMSPEC_PRODUCTS"], !products.isEmpty {
            return URL(fileURLWithPath: products, isDirectory: true)
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        let main = Bundle.main.bundleURL
        return main.lastPathComponent.hasSuffix(".xctest") ? main.deletingLastPathComponent() : main
    }

    /// The folder of the built products as `iamspec` names a program below the run's directory
    /// (the package root, where these tests run it): relative to it, as `.build/debug`.
    static var productsDirectoryFromRoot: String {
        let root = packageRoot.standardizedFileURL.path + "/"
        let products = productsDirectory.standardizedFileURL.path
        return products.hasPrefix(root) ? String(products.dropFirst(root.count)) : products
    }

    /// The package's root folder, where `Fixtures/` is.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `iamspec` with the arguments, from the package root, and waits for it.
    static func run(_ arguments: String..., environment: [String: String] = [:]) throws -> Outcome {
        try run(arguments, environment: environment)
    }

    /// Runs `iamspec` with the arguments, from the package root, and waits for it.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        try launch(productsDirectory.appendingPathComponent("iamspec"), arguments, environment: environment)
    }

    /// Runs a command line exactly as written, through `/bin/sh -c`, from `directory` (the package
    /// root unless given), as a user pasting it would, and waits for it.
    static func runInShell(_ commandLine: String, in directory: URL = packageRoot) throws -> Outcome {
        try launch(URL(fileURLWithPath: "/bin/sh"), ["-c", commandLine], environment: [:], directory: directory)
    }

    private static func launch(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String],
        directory: URL = packageRoot
    ) throws
        -> Outcome
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let scratch = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
            standardError: try String(contentsOf: errorURL, encoding: .utf8),
            processID: process.processIdentifier
        )
    }

    /// The records of a results stream (`--json`), one JSON object a line, in order.
    static func resultsRecords(at path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// The processes still running that the `iamspec` of process id `pid` started as engines, or
    /// that those started in turn: every engine's environment holds `IAMSPEC_ENGINE_OF=<pid>`,
    /// which its descendants inherit. (A zombie shows no environment: check an engine's own id
    /// for those.)
    static func enginesLeft(by pid: Int32) -> [Int32] {
        let marker = Data("IAMSPEC_ENGINE_OF=\(pid)".utf8)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { candidate in
            guard let environment = FileManager.default.contents(atPath: "/proc/\(candidate)/environ") else {
                return false
            }
            return environment.split(separator: 0).contains { Data($0) == marker }
        }.sorted()
    }

    /// A fresh folder for files a test writes.
    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iamspec-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A suite of the one case `yaml` (a smallest case a run wrote), kept as a team keeps it: the
    /// bundled Specs' rules and schema beside it, in `folder`'s `Specs`. Its path.
    static func suiteOfOne(_ yaml: String, in folder: URL) throws -> String {
        let specs = folder.appendingPathComponent("Specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        for file in ["rules.yaml", "schema.json"] {
            try FileManager.default.copyItem(atPath: "Specs/\(file)", toPath: specs.appendingPathComponent(file).path)
        }
        try Data(yaml.utf8).write(to: specs.appendingPathComponent("smallest.yaml"))
        return specs.path
    }
}
