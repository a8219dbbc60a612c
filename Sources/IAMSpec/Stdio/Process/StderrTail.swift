import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The last bytes an engine wrote to its stderr, read continuously on a thread of its own so
/// that an engine that floods stderr never blocks.
///
/// Only the tail is kept (64 KiB by default); it goes into ``EngineError/diagnostics`` when the
/// engine fails.
final class StderrTail: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var droppedCount = 0
        var isFinished = false
    }

    private let capacity: Int
    private let state = Locked(State())
    private let finished = NSCondition()

    /// Starts draining `descriptor` (which this object then owns and closes at its end).
    init(draining descriptor: Int32, capacity: Int) {
        self.capacity = capacity
        let thread = Thread { [self] in drain(descriptor) }
        thread.name = "iamspec stderr drain"
        thread.start()
    }

    private func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            append(buffer[0..<count])
        }
        close(descriptor)
        finished.lock()
        state.withLock { $0.isFinished = true }
        finished.broadcast()
        finished.unlock()
    }

    private func append(_ chunk: ArraySlice<UInt8>) {
        state.withLock { state in
            state.bytes.append(contentsOf: chunk)
            // Trim in batches, so a flood costs amortized constant time per byte.
            if state.bytes.count > 2 * capacity {
                let excess = state.bytes.count - capacity
                state.bytes.removeFirst(excess)
                state.droppedCount += excess
            }
        }
    }

    /// Waits until every writer of the stream has closed it (the engine has exited), or the
    /// timeout passes, so that the tail holds the engine's last words.
    func waitUntilFinished(timeout: Duration) {
        let deadline = Date(timeIntervalSinceNow: timeout.inSeconds)
        finished.lock()
        defer { finished.unlock() }
        while !state.withLock({ $0.isFinished }) {
            guard finished.wait(until: deadline) else { return }
        }
    }

    /// How many bytes the engine has written to stderr so far; a mark for ``text(since:)``.
    var position: Int {
        state.withLock { $0.droppedCount + $0.bytes.count }
    }

    /// The tail of what was written after `mark` (a ``position``), with a note of how much of
    /// that came before the tail.
    func text(since mark: Int) -> String {
        state.withLock { state in
            let written = state.droppedCount + state.bytes.count - mark
            let kept = state.bytes.suffix(min(capacity, max(written, 0)))
            let dropped = written - kept.count
            let tail = String(decoding: kept, as: UTF8.self)
            return dropped > 0 ? "[\(dropped) earlier bytes of stderr not kept]\n" + tail : tail
        }
    }
}
