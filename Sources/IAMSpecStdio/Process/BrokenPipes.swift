#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `write(2)` to a pipe whose reader may be gone (an engine that exited, or iamspec for
/// `iamspec engine --stdio`): it then fails with `EPIPE` instead of killing the process with
/// SIGPIPE, and nothing process-wide changes, so a host process keeps its own SIGPIPE handling.
///
/// On Linux, SIGPIPE is blocked in the calling thread around the write; a SIGPIPE the write
/// raised (it failed with `EPIPE`) is taken back with `sigtimedwait` before the thread's mask is
/// restored, unless one was already pending before the write, which is then someone else's. On
/// Darwin the descriptor gets `F_SETNOSIGPIPE`, which makes such a write fail without a signal.
func writeWithoutBrokenPipeSignal(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Darwin)
    _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
    return write(descriptor, bytes.baseAddress, bytes.count)
    #else
    var brokenPipe = sigset_t()
    sigemptyset(&brokenPipe)
    sigaddset(&brokenPipe, SIGPIPE)
    var previousMask = sigset_t()
    pthread_sigmask(SIG_BLOCK, &brokenPipe, &previousMask)
    defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
    var pending = sigset_t()
    sigpending(&pending)
    let wasPending = sigismember(&pending, SIGPIPE) == 1

    let count = write(descriptor, bytes.baseAddress, bytes.count)
    let writeError = errno
    if count < 0 && writeError == EPIPE && !wasPending {
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&brokenPipe, nil, &noWait) == -1 && errno == EINTR {}
    }
    errno = writeError
    return count
    #endif
}
