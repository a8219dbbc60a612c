import IAMSpecPlatform

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
    /// What was read and not yet returned starts at `start`; before it, lines already returned
    /// (dropped when more is read, so that many lines in one read cost no shifting per line).
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where each `read` puts what it reads, before it joins `buffer`.
    private var scratch = [UInt8](repeating: 0, count: Self.chunkSize)
    /// How much past `start` was searched for a newline already.
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
                let carriageReturn = newline > start && buffer[newline - 1] == UInt8(ascii: "\r")
                guard newline - start - (carriageReturn ? 1 : 0) <= Self.lineLimit else {
                    throw .tooLong(limit: Self.lineLimit)
                }
                var line = Array(buffer[start..<newline])
                start = newline + 1
                searchedCount = 0
                if start == buffer.count {
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                }
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
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

    /// Whether a whole line was read already: the next ``readLine(deadline:wake:exited:)`` returns
    /// it without reading.
    var hasBufferedLine: Bool {
        firstNewline() != nil
    }

    /// The position of the first newline in the buffer, looked for past what was searched before.
    private func firstNewline() -> Int? {
        buffer.withUnsafeBufferPointer { bytes -> Int? in
            let from = start + searchedCount
            guard from < bytes.count, let base = bytes.baseAddress else { return nil }
            guard let found = memchr(base + from, Int32(UInt8(ascii: "\n")), bytes.count - from) else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }

    /// Reads what the stream holds (up to ``chunkSize`` bytes) into the buffer; returns whether
    /// it read anything (false: the descriptor would block, or the read was interrupted).
    ///
    /// - Throws: ``LineReadFailure/endOfStream(partialLine:)`` at the end of the stream.
    private mutating func readChunk() throws(LineReadFailure) -> Bool {
        // Read into the reader's own scratch space, made once: a zeroed 64 KiB array, or even a
        // temporary allocation (64 KiB goes to the heap), per line costs more than the line itself.
        let descriptor = descriptor
        let count = scratch.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 { buffer.append(contentsOf: scratch[0..<count]) }
        if count > 0 { return true }
        if count == 0 {
            let partial = Array(buffer[start...])
            buffer.removeAll()
            start = 0
            searchedCount = 0
            throw .endOfStream(partialLine: partial)
        }
        if errno != EAGAIN && errno != EINTR { throw .failed(errno: errno) }
        return false
    }
}
