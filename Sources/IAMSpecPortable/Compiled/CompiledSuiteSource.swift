/// A compiled suite's file, read at any offset: the tool's (IAMSpecRunner's `CompiledSuiteFileReader`,
/// with `pread`), for this module imports no system library.
package protocol CompiledSuiteFile: AnyObject, Sendable {
    /// The bytes from `offset` on, `count` of them, or fewer only where the file ends.
    ///
    /// - Throws: ``CompiledSuiteSource/SourceError`` when the file cannot be read.
    func read(at offset: Int, count: Int) throws(CompiledSuiteSource.SourceError) -> [UInt8]
}

/// Where a compiled suite's bytes are: all in memory (`PortableSuite(data:)`), or in a file read a
/// chunk at a time and then a case at a time (`iamspec run-compiled`), so that reading a suite
/// does not hold the whole of it.
package final class CompiledSuiteSource: Sendable {
    private enum Storage {
        case bytes([UInt8])
        case file(any CompiledSuiteFile)
    }

    private let storage: Storage
    /// How many bytes the first pass reads at a time.
    private let chunkSize: Int

    /// A source of bytes already in memory.
    package init(bytes: [UInt8]) {
        storage = .bytes(bytes)
        chunkSize = 0
    }

    /// The bytes of `file`, read `chunkSize` bytes at a time by the first pass (64 KiB; a test
    /// makes chunks of a few bytes, to end one inside each token).
    package init(file: any CompiledSuiteFile, chunkSize: Int = 1 << 16) {
        storage = .file(file)
        self.chunkSize = max(1, chunkSize)
    }

    /// A source that could not be read, and why, in words.
    package struct SourceError: Error, Sendable {
        /// Why: `no such file`, `permission denied`, ...
        package var reason: String

        /// The error `reason` says.
        package init(reason: String) {
            self.reason = reason
        }
    }

    /// What the first pass parses: the bytes in memory, or none and the file's chunks from its
    /// start.
    package func parseInput() -> (bytes: [UInt8], chunks: FileChunks?) {
        switch storage {
        case .bytes(let bytes): return (bytes, nil)
        case .file(let file): return ([], FileChunks(file: file, size: chunkSize))
        }
    }

    /// The bytes of `range`.
    ///
    /// - Throws: ``SourceError`` for a read that failed, or a file that ends before the range
    ///   does (it changed since it was read).
    package func bytes(_ range: Range<Int>) throws(SourceError) -> [UInt8] {
        let bytes: [UInt8]
        switch storage {
        case .bytes(let all):
            guard range.upperBound <= all.count else { throw SourceError(reason: "it is shorter than it was") }
            return Array(all[range])
        case .file(let file): bytes = try file.read(at: range.lowerBound, count: range.count)
        }
        guard bytes.count == range.count else { throw SourceError(reason: "it is shorter than it was") }
        return bytes
    }

    /// Every byte: for an error's line and column, which a failed read leaves at the start.
    package func allBytes() -> [UInt8] {
        switch storage {
        case .bytes(let bytes): return bytes
        case .file(let file):
            let chunks = FileChunks(file: file, size: chunkSize)
            var bytes: [UInt8] = []
            while let chunk = chunks.next(), !chunk.isEmpty { bytes += chunk }
            return bytes
        }
    }
}

/// A file's bytes from its start, a chunk at a time.
package final class FileChunks: JSONTextChunks {
    private let file: any CompiledSuiteFile
    private let size: Int
    private var offset = 0
    /// Why the file could not be read on, when it could not.
    package private(set) var failure: CompiledSuiteSource.SourceError?

    init(file: any CompiledSuiteFile, size: Int) {
        self.file = file
        self.size = size
    }

    /// Nil at the end of the file, or when it cannot be read on (``failure`` says why; the parse
    /// then ends where the read did).
    package func next() -> [UInt8]? {
        let chunk: [UInt8]
        do {
            chunk = try file.read(at: offset, count: size)
        } catch {
            failure = error
            return nil
        }
        offset += chunk.count
        return chunk.isEmpty ? nil : chunk
    }
}
