import Dispatch
import IAMSpecPlatform
import Synchronization

/// The last bytes an engine wrote to its stderr, read continuously on a thread of its own so
/// that an engine that floods stderr never blocks.
///
/// Only the tail is kept (64 KiB by default); it goes into `EngineError.diagnostics` when the
/// engine fails.
final class StderrTail: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var droppedCount = 0
        var hasEnded = false
    }

    private let descriptor: Int32
    private let capacity: Int
    private let state = Mutex(State())
    /// Entered while the drain thread runs: waiting on it waits for the engine's last words.
    private let draining = DispatchGroup()

    /// Starts draining `descriptor`, which this object then owns (it makes it non-blocking and
    /// closes it when it goes away).
    init(draining descriptor: Int32, capacity: Int) {
        self.descriptor = descriptor
        self.capacity = capacity
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        draining.enter()
        DispatchQueue(label: "iamspec stderr drain").async { [self] in drain() }
    }

    deinit {
        closeDescriptor(descriptor)
    }

    private func drain() {
        while true {
            do {
                try waitUntilReady(descriptor, for: Int32(POLLIN), deadline: nil, wake: nil)
            } catch {
                break
            }
            if state.withLock({ readAvailable(into: &$0) }) { break }
        }
        draining.leave()
    }

    /// Reads everything the pipe holds now; returns whether the stream has ended. Reading and
    /// keeping happen under one lock, so ``position`` never misses bytes already read.
    private func readAvailable(into state: inout State) -> Bool {
        guard !state.hasEnded else { return true }
        while true {
            // Uninitialised scratch space: this runs at every case start, mostly to find nothing.
            let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64 * 1024) { chunk in
                let count = read(descriptor, chunk.baseAddress, chunk.count)
                if count > 0 { keep(chunk[0..<count], in: &state) }
                return count
            }
            if count > 0 {
                continue
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                return false
            } else {
                state.hasEnded = true
                return true
            }
        }
    }

    private func keep(_ chunk: some Collection<UInt8>, in state: inout State) {
        state.bytes.append(contentsOf: chunk)
        // Trim in batches, so a flood costs amortized constant time per byte.
        if state.bytes.count > 2 * capacity {
            let excess = state.bytes.count - capacity
            state.bytes.removeFirst(excess)
            state.droppedCount += excess
        }
    }

    /// Waits until every writer of the stream has closed it (the engine has exited), or the
    /// timeout passes, so that the tail holds the engine's last words.
    func waitUntilFinished(timeout: Duration) {
        _ = draining.wait(timeout: .now() + timeout.inSeconds)
    }

    /// How many bytes the engine has written to stderr so far (everything the pipe holds is read
    /// first); a mark for ``text(since:)``.
    var position: Int {
        state.withLock { state in
            _ = readAvailable(into: &state)
            return state.droppedCount + state.bytes.count
        }
    }

    /// The tail of what was written after `mark` (a ``position``), with a note of how much of
    /// that came before the tail. Everything the pipe holds is read first: what the engine wrote
    /// on stderr before it answered is there, whether or not the drain thread has read it yet.
    func text(since mark: Int) -> String {
        state.withLock { state in
            _ = readAvailable(into: &state)
            let written = state.droppedCount + state.bytes.count - mark
            let kept = state.bytes.suffix(min(capacity, max(written, 0)))
            let dropped = written - kept.count
            let tail = String(decoding: kept, as: UTF8.self)
            return dropped > 0 ? "[\(dropped) earlier bytes of stderr not kept]\n" + tail : tail
        }
    }
}
