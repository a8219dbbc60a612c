import IAMSpecPlatform

/// Why a file operation of `FileManager` or `String` failed, in the system's words.
package enum FileSystemFailure {
    /// The reason of the system call that failed (`Not a directory`, `Permission denied`), or
    /// the error as it describes itself when it carries none.
    package static func reason(of error: any Error) -> String {
        if let underlying = (error as? CocoaError)?.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return "\(error)"
    }
}
