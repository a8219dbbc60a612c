import IAMSpecPlatform

/// Why waiting on a descriptor ended without it being ready.
enum DescriptorWaitFailure: Error, Sendable, Hashable {
    /// The deadline passed.
    case timedOut
    /// The wake descriptor became readable: someone interrupted the wait.
    case woken
    /// The exit descriptor became readable (the process exited) while the descriptor waited on
    /// was not ready.
    case exited
    /// `poll` failed with this `errno`.
    case failed(Int32)
}

/// Waits until `descriptor` is ready for `events` (`POLLIN` or `POLLOUT`), the deadline passes
/// (nil: never), `wake` (when given) becomes readable, or `exited` (a process's exit descriptor,
/// when given) does while `descriptor` is not ready: what is ready to read is read first.
func waitUntilReady(
    _ descriptor: Int32,
    for events: Int32,
    deadline: ContinuousClock.Instant?,
    wake: Int32?,
    exited: Int32? = nil
) throws(DescriptorWaitFailure) {
    // One array of three: no growing it per wait.
    var descriptors = [
        pollfd(fd: descriptor, events: Int16(events), revents: 0),
        pollfd(fd: wake ?? -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: exited ?? -1, events: Int16(POLLIN), revents: 0),
    ]
    while true {
        var timeout: Int32 = -1
        if let deadline {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw .timedOut }
            timeout = Int32(min(remaining.inSeconds * 1000, Double(Int32.max)).rounded(.up))
        }
        let count = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if count < 0 {
            if errno == EINTR { continue }
            throw .failed(errno)
        }
        if descriptors[1].revents != 0 { throw .woken }
        if descriptors[0].revents != 0 { return }
        if descriptors[2].revents != 0 { throw .exited }
    }
}
