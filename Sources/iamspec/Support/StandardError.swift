import IAMSpecPlatform

/// Writes to the process's standard error.
enum StandardError {
    /// Writes the text followed by a newline.
    static func write(_ text: String) {
        write(Array((text + "\n").utf8))
    }

    /// Writes the bytes as they are, unbuffered: all of them, unless standard error fails.
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeAll($0) }
    }

    /// Whether standard error is a terminal.
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}

/// Writes `bytes` to standard error, going on after a partial write or a signal; gives up
/// silently when it fails (there is nowhere left to say so).
private func writeAll(_ bytes: UnsafeRawBufferPointer) {
    var written = 0
    while written < bytes.count {
        let count = write(STDERR_FILENO, bytes.baseAddress! + written, bytes.count - written)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        written += count
    }
}
