#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why no line could be read.
enum LineReadFailure: Error, Sendable, Hashable {
    /// The writer closed the stream; `partialLine` holds what came after the last newline.
    case endOfStream(partialLine: [UInt8])
    case timedOut
    case woken
    /// The process exited without closing the stream (another process still holds it).
    case exited
    /// A line grew longer than the limit without a newline.
    case tooLong(limit: Int)
    case failed(errno: Int32)
}

/// Reads newline-terminated lines from a descriptor, with a deadline and a wake descriptor.
///
/// A `\r` before the newline is dropped, so `\r\n` line ends are accepted.
struct LineReader: Sendable {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var searchedCount = 0

    /// The longest line accepted, its line end left out: 1 MiB (`Specs/PROTOCOL.md`, "Transport").
    /// A longer one is refused once this much has been read, so reading one line never holds
    /// much more than this in memory.
    static let lineLimit = 1024 * 1024

    /// How much one `read` takes at most.
    private static let chunkSize = 64 * 1024

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line, without its line end.
    ///
    /// `exited`, a process's exit descriptor, ends the wait when the process exits while the
    /// stream has nothing to read and is not closed (its child holds it open).
    mutating func readLine(
        deadline: ContinuousClock.Instant? = nil,
        wake: Int32? = nil,
        exited: Int32? = nil
    ) throws(LineReadFailure) -> [UInt8] {
        while true {
            if let newline = firstNewline() {
                var line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                searchedCount = 0
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return line
            }
            searchedCount = buffer.count
            guard buffer.count <= Self.lineLimit else { throw .tooLong(limit: Self.lineLimit) }
            // With nothing to watch but the stream, a read waits by itself (on a blocking
            // descriptor): no `poll` before it.
            if deadline == nil && wake == nil && exited == nil, try readChunk() { continue }
            do {
                try waitUntilReady(descriptor, for: Int32(POLLIN), deadline: deadline, wake: wake, exited: exited)
            } catch {
                switch error {
                case .timedOut: throw .timedOut
                case .woken: throw .woken
                case .exited: throw .exited
                case .failed(let code): throw .failed(errno: code)
                }
            }
            _ = try readChunk()
        }
    }

    /// The position of the first newline in the buffer, looked for past what was searched before.
    private func firstNewline() -> Int? {
        buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard searchedCount < bytes.count, let start = bytes.baseAddress else { return nil }
            let unsearched = bytes.count - searchedCount
            guard let found = memchr(start + searchedCount, Int32(UInt8(ascii: "\n")), unsearched) else { return nil }
            return UnsafeRawPointer(start).distance(to: UnsafeRawPointer(found))
        }
    }

    /// Reads what the stream holds (up to ``chunkSize`` bytes) into the buffer; returns whether
    /// it read anything (false: the descriptor would block, or the read was interrupted).
    ///
    /// - Throws: ``LineReadFailure/endOfStream(partialLine:)`` at the end of the stream.
    private mutating func readChunk() throws(LineReadFailure) -> Bool {
        // Read into uninitialised scratch space: a zeroed 64 KiB array per line costs more than
        // the line itself.
        let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.chunkSize) { chunk in
            let count = read(descriptor, chunk.baseAddress, chunk.count)
            if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
            return count
        }
        if count > 0 { return true }
        if count == 0 {
            let partial = buffer
            buffer.removeAll()
            searchedCount = 0
            throw .endOfStream(partialLine: partial)
        }
        if errno != EAGAIN && errno != EINTR { throw .failed(errno: errno) }
        return false
    }
}
