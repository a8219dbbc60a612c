import Foundation
import Synchronization

/// A library of `Fixtures/preload/` (`NAME.c`), built into a shared library with the toolchain's
/// `clang` once per test process, for `LD_PRELOAD`: what a test cannot do from outside iamspec
/// without guessing a time (hold it at a rename, signal it while its libraries initialise).
enum PreloadLibrary {
    /// The path of `Fixtures/preload/NAME.c` built.
    static func built(_ name: String) throws -> String {
        try libraries.withLock { libraries in
            if let built = libraries[name] { return try built.get() }
            let built = Result { try build(name) }
            libraries[name] = built
            return try built.get()
        }
    }

    private static func build(_ name: String) throws -> String {
        let source = IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/preload/\(name).c").path
        let folder = try IAMSpecExecutable.scratchFolder()
        let library = folder.appendingPathComponent("\(name).so").path
        let outcome = try IAMSpecExecutable.runInShell("clang -shared -fPIC -o '\(library)' '\(source)' -ldl")
        guard outcome.status == 0 else {
            throw CompilerFailure(message: "clang could not build \(source): \(outcome.standardError)")
        }
        return library
    }

    /// Each library built (or its build's failure), by name.
    private static let libraries = Mutex<[String: Result<String, any Error>]>([:])

    private struct CompilerFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
