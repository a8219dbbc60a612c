import Testing

@testable import IAMSpecStdio

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A write to a pipe whose reader is gone fails with `EPIPE` under a hold, and leaves the
/// thread's signals as it found them: the SIGPIPE the write raised is taken back, one that was
/// pending before the hold is left pending.
@Suite struct BrokenPipeSignalHoldTests {
    /// A pipe whose reading end is closed: its writing end.
    private func brokenPipe() throws -> Int32 {
        var descriptors: [Int32] = [-1, -1]
        try #require(pipe(&descriptors) == 0)
        close(descriptors[0])
        return descriptors[1]
    }

    private func writeOneByte(to descriptor: Int32) -> (count: Int, error: Int32) {
        let hold = BrokenPipeSignalHold()
        let count = [UInt8(ascii: "x")].withUnsafeBytes { hold.write(descriptor, $0) }
        return (count, errno)
    }

    private func pendingBrokenPipe() -> Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return sigismember(&pending, SIGPIPE) == 1
    }

    #if !canImport(Darwin)
    @Test func aSignalPendingBeforeTheHoldIsLeftPending() throws {
        let descriptor = try brokenPipe()
        defer { close(descriptor) }
        var brokenPipeSet = sigset_t()
        sigemptyset(&brokenPipeSet)
        sigaddset(&brokenPipeSet, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &brokenPipeSet, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        pthread_kill(pthread_self(), SIGPIPE)
        #expect(pendingBrokenPipe())

        let (count, error) = writeOneByte(to: descriptor)
        #expect(count == -1 && error == EPIPE)
        #expect(pendingBrokenPipe(), "the signal pending before the hold is someone else's")

        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        #expect(sigtimedwait(&brokenPipeSet, nil, &noWait) == SIGPIPE)
    }
    #endif

    @Test func theSignalAWriteRaisesIsTakenBack() throws {
        let descriptor = try brokenPipe()
        defer { close(descriptor) }
        let (count, error) = writeOneByte(to: descriptor)
        #expect(count == -1 && error == EPIPE)
        #expect(!pendingBrokenPipe())
    }
}
