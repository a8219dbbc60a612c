import IAMSpecPlatform
import IAMSpecPortable

/// A compiled suite's file, open for reading at any offset (`pread`, which any thread may call):
/// what `iamspec run-compiled` reads a suite from, a chunk and then a case at a time
/// (IAMSpecPortable's `CompiledSuiteSource`). The descriptor is closed with the reader.
package final class CompiledSuiteFileReader: CompiledSuiteFile {
    private let descriptor: Int32

    /// The file at `path`, opened for reading.
    ///
    /// - Throws: ``CompiledSuiteSource/SourceError`` for a file that cannot be opened, or a folder.
    package init(path: String) throws(CompiledSuiteSource.SourceError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR else {
            let code = (status.st_mode & S_IFMT) == S_IFDIR ? EISDIR : errno
            close(descriptor)
            throw Self.error(code)
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    package func read(at offset: Int, count: Int) throws(CompiledSuiteSource.SourceError) -> [UInt8] {
        var read = 0
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while read < count {
                let made = pread(descriptor, buffer.baseAddress! + read, count - read, off_t(offset + read))
                if made < 0, errno == EINTR { continue }
                if made < 0 { failure = errno }
                guard made > 0 else { break }
                read += made
            }
            initialized = read
        }
        if let failure { throw Self.error(failure) }
        return bytes
    }

    /// The error of `code`, an `errno`, in words.
    private static func error(_ code: Int32) -> CompiledSuiteSource.SourceError {
        let reason =
            switch code {
            case ENOENT: "no such file"
            case EACCES: "permission denied"
            case EISDIR: "it is a folder; expected the file `iamspec compile` wrote"
            case ENOTDIR: "a part of its path is not a folder"
            case ELOOP: "too many symbolic links"
            default: "the system's error \(code)"
            }
        return CompiledSuiteSource.SourceError(reason: reason)
    }
}
