import Foundation

/// Writes to the process's standard error.
enum StandardError {
    /// Writes the text followed by a newline.
    static func write(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Whether standard error is a terminal.
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
