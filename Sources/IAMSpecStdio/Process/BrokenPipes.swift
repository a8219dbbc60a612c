import IAMSpecPlatform

/// SIGPIPE held off in the calling thread while this value lives, so that a `write(2)` to a pipe
/// whose reader is gone (an engine that exited, or iamspec for `iamspec engine --stdio`) fails
/// with `EPIPE` instead of killing the process; nothing process-wide changes, so a host process
/// keeps its own SIGPIPE handling.
///
/// On Linux, SIGPIPE is blocked in the calling thread from `init` until the value ends, when the
/// thread's mask is restored; a SIGPIPE one of its writes raised (the write failed with `EPIPE`) is
/// taken back with `sigtimedwait` at once, unless one was already pending when the hold began,
/// which is then someone else's. On Darwin each write's descriptor gets `F_SETNOSIGPIPE`, which
/// makes such a write fail without a signal. A writer that writes many lines (the engine server)
/// holds the signal off once for all of them: two system calls fewer per line than a hold per
/// write.
struct BrokenPipeSignalHold: ~Copyable {
    #if !canImport(Darwin)
    private var previousMask = sigset_t()
    private let wasPending: Bool
    #endif

    init() {
        #if !canImport(Darwin)
        var brokenPipe = Self.brokenPipeSet()
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previousMask)
        // Only a signal the thread blocked already can be pending here (an unblocked one is
        // delivered on the way out of any system call): `sigpending`, a system call per hold, is
        // asked only then.
        if sigismember(&previousMask, SIGPIPE) == 1 {
            var pending = sigset_t()
            sigpending(&pending)
            wasPending = sigismember(&pending, SIGPIPE) == 1
        } else {
            wasPending = false
        }
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        var previousMask = previousMask
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        #endif
    }

    /// `write(2)` of `bytes` to `descriptor`, from the thread that made this hold.
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Darwin)
        _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
        return Darwin.write(descriptor, bytes.baseAddress, bytes.count)
        #else
        let count = Glibc.write(descriptor, bytes.baseAddress, bytes.count)
        let writeError = errno
        if count < 0 && writeError == EPIPE && !wasPending {
            var brokenPipe = Self.brokenPipeSet()
            var noWait = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&brokenPipe, nil, &noWait) == -1 && errno == EINTR {}
        }
        errno = writeError
        return count
        #endif
    }

    #if !canImport(Darwin)
    private static func brokenPipeSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        return set
    }
    #endif
}
