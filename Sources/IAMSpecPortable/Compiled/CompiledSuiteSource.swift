#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a compiled suite's bytes are: all in memory (`PortableSuite(data:)`), or in a file read a
/// chunk at a time and then a case at a time (`PortableSuite(contentsOf:)`, `iamspec
/// run-compiled`), so that reading a suite does not hold the whole of it.
package final class CompiledSuiteSource: Sendable {
    private enum Storage {
        case bytes([UInt8])
        /// An open file descriptor, closed with the source; `pread` reads it from any thread.
        case file(Int32)
    }

    private let storage: Storage
    /// How many bytes the first pass reads at a time.
    private let chunkSize: Int

    /// A source of bytes already in memory.
    package init(bytes: [UInt8]) {
        storage = .bytes(bytes)
        chunkSize = 0
    }

    /// The file at `path`, opened for reading, read `chunkSize` bytes at a time by the first pass
    /// (64 KiB; a test makes chunks of a few bytes, to end one inside each token).
    ///
    /// - Throws: the `errno` of a file that cannot be opened.
    package init(path: String, chunkSize: Int = 1 << 16) throws(SourceError) {
        self.chunkSize = max(1, chunkSize)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SourceError(code: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw SourceError(code: code)
        }
        guard (status.st_mode & S_IFMT) != S_IFDIR else {
            close(descriptor)
            throw SourceError(code: EISDIR)
        }
        storage = .file(descriptor)
    }

    deinit {
        if case .file(let descriptor) = storage { close(descriptor) }
    }

    /// A source that could not be read: the system's error number.
    package struct SourceError: Error, Sendable {
        /// The `errno` value.
        package var code: Int32

        /// Why, in words rather than as a number.
        package var reason: String {
            switch code {
            case ENOENT: "no such file"
            case EACCES: "permission denied"
            case EISDIR: "it is a folder; expected the file `iamspec compile` wrote"
            case ENOTDIR: "a part of its path is not a folder"
            case ELOOP: "too many symbolic links"
            default: "the system's error \(code)"
            }
        }
    }

    /// What the first pass parses: the bytes in memory, or none and the file's chunks from its
    /// start.
    package func parseInput() -> (bytes: [UInt8], chunks: (any JSONTextChunks)?) {
        switch storage {
        case .bytes(let bytes): return (bytes, nil)
        case .file(let descriptor): return ([], FileChunks(descriptor: descriptor, size: chunkSize))
        }
    }

    /// The bytes of `range`.
    ///
    /// - Throws: the `errno` of a read that failed, or `EIO` when the file ends before the range
    ///   does (it changed since it was read).
    package func bytes(_ range: Range<Int>) throws(SourceError) -> [UInt8] {
        switch storage {
        case .bytes(let bytes):
            guard range.upperBound <= bytes.count else { throw SourceError(code: EIO) }
            return Array(bytes[range])
        case .file(let descriptor):
            var read = 0
            var failure: Int32?
            let result = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
                while read < range.count {
                    let made = pread(
                        descriptor,
                        buffer.baseAddress! + read,
                        range.count - read,
                        off_t(range.lowerBound + read)
                    )
                    if made < 0, errno == EINTR { continue }
                    guard made > 0 else {
                        failure = made < 0 ? errno : EIO
                        break
                    }
                    read += made
                }
                count = read
            }
            if let failure { throw SourceError(code: failure) }
            return result
        }
    }

    /// Every byte: for an error's line and column, which a failed read leaves at the start.
    package func allBytes() -> [UInt8] {
        switch storage {
        case .bytes(let bytes): return bytes
        case .file(let descriptor):
            let chunks = FileChunks(descriptor: descriptor, size: chunkSize)
            var bytes: [UInt8] = []
            while let chunk = chunks.next(), !chunk.isEmpty { bytes += chunk }
            return bytes
        }
    }
}

/// A file's bytes from its start, a chunk at a time (`pread`, so that other reads of the
/// descriptor do not move it).
private final class FileChunks: JSONTextChunks {
    private let descriptor: Int32
    private let size: Int
    private var offset = 0

    init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    /// Nil at the end of the file, or when it cannot be read on (the parse then ends where the
    /// read did, as at the end of the file).
    func next() -> [UInt8]? {
        var made = 0
        let chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            repeat {
                made = pread(descriptor, buffer.baseAddress!, size, off_t(offset))
            } while made < 0 && errno == EINTR
            count = max(made, 0)
        }
        guard made > 0 else { return nil }
        offset += made
        return chunk
    }
}
