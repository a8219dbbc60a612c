import IAMSpecPlatform

/// Why a line could not be written.
enum LineWriteFailure: Error, Sendable, Hashable {
    /// The reader closed the stream.
    case closed
    case timedOut
    case woken
    case failed(errno: Int32)
}

/// Writes `line`, a whole line with its newline, to `descriptor` (one `write(2)` unless the pipe
/// is full), waiting while the pipe is full, until the deadline (nil: never) or until `wake`
/// becomes readable. A reader that is gone makes it throw ``LineWriteFailure/closed``, never
/// SIGPIPE: the writes go through `hold`, made by the calling thread.
func writeLine(
    _ line: [UInt8],
    to descriptor: Int32,
    deadline: ContinuousClock.Instant? = nil,
    wake: Int32? = nil,
    hold: borrowing BrokenPipeSignalHold
) throws(LineWriteFailure) {
    var written = 0
    while written < line.count {
        let count = line[written...].withUnsafeBytes { hold.write(descriptor, $0) }
        if count >= 0 {
            written += count
            continue
        }
        switch errno {
        case EINTR:
            continue
        case EAGAIN:
            do {
                try waitUntilReady(descriptor, for: Int32(POLLOUT), deadline: deadline, wake: wake)
            } catch {
                switch error {
                case .timedOut: throw .timedOut
                case .woken: throw .woken
                case .exited: throw .failed(errno: ECHILD)
                case .failed(let code): throw .failed(errno: code)
                }
            }
        case EPIPE:
            throw .closed
        default:
            throw .failed(errno: errno)
        }
    }
}
