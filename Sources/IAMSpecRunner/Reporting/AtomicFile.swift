import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes report files whole or not at all.
///
/// The bytes go to a temporary file in the destination's folder (so that the rename stays on one
/// file system), which is then renamed over the destination: a reader, or an interrupted run,
/// never sees a half-written report.
package enum AtomicFile {
    /// Replaces the file at `path` with `data`.
    ///
    /// - Throws: ``AtomicFileError`` when the folder cannot be written or the rename fails;
    ///   the destination is then left as it was.
    package static func write(_ data: Data, to path: String) throws(AtomicFileError) {
        let destination = URL(fileURLWithPath: path)
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).tmp"
        )
        do {
            try data.write(to: temporary)
        } catch {
            throw AtomicFileError(path: path, reason: "cannot write \(temporary.path): \(error.localizedDescription)")
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw AtomicFileError(path: path, reason: "cannot rename the temporary file into place: \(reason)")
        }
    }

    /// Replaces the file at `path` with the UTF-8 text.
    package static func write(_ text: String, to path: String) throws(AtomicFileError) {
        try write(Data(text.utf8), to: path)
    }
}

/// A report file could not be written.
public struct AtomicFileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): error: \(reason)" }
}
