#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The file a test run writes its results stream to, when the environment names one: the
/// variable `IAMSPEC_RESULTS` (from `xcodebuild test`, `TEST_RUNNER_IAMSPEC_RESULTS`, which Xcode
/// hands to the test process without its prefix; a simulator writes to the host's file system).
enum ResultsStreamFile {
    /// The environment variable that names the file.
    static let variable = "IAMSPEC_RESULTS"

    /// Writes `stream` to the file the environment names, if any; returns what went wrong, or nil.
    static func write(_ stream: [UInt8]) -> String? {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
        do {
            try Data(stream).write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return "\(path): error: cannot write the results stream (\(variable)): \(error)"
        }
    }
}
