import Dispatch
import IAMSpecPlatform

/// Ends a helper command with the process that started it (``ChildCommand``): its standard input
/// is a pipe only that process can write, and never does, so the pipe's end (that process ended,
/// `kill -9` too, which no handler of its own can see) is the sign. The helper then removes the
/// private folder it was given and exits at once, leaving no orphan and nothing readable behind.
enum ParentWatch {
    /// Watches standard input from now on; when it ends, removes the folder holding `file` (only
    /// one `iamspec run` made: `iamspec-explain-...`) and exits with status 1.
    static func start(removingFolderOf file: String) {
        let folder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
        let isRunsFolder = folder.split(separator: "/").last?.hasPrefix("iamspec-explain-") ?? false
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .global())
        source.setEventHandler {
            var byte: UInt8 = 0
            let count = read(STDIN_FILENO, &byte, 1)
            guard count <= 0, !(count < 0 && (errno == EINTR || errno == EAGAIN)) else { return }
            if isRunsFolder {
                try? FileManager.default.removeItem(atPath: folder)
            }
            _exit(1)
        }
        source.resume()
        watch = source
    }

    /// The source, kept for the life of the process: written once, by the command's thread,
    /// before the source can fire (nothing reads it; it only keeps it alive).
    nonisolated(unsafe) private static var watch: (any DispatchSourceRead)?
}
