import IAMSpecPlatform

/// A thread of its own for work that lives long and blocks (a worker of ``RunScheduler``, which
/// may be abandoned inside an engine that never returns), started with POSIX threads: Foundation's
/// `Thread` is not in FoundationEssentials.
enum DetachedThread {
    /// Starts `body` on a new detached thread, named `name` where the system shows thread names
    /// (Linux keeps 15 bytes of it).
    static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(ThreadBody(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { runThreadBody($0) }, context)
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            fatalError("iamspec cannot start a thread: \(String(cString: strerror(status)))")
        }
    }
}

/// What a thread started by ``DetachedThread`` runs.
private final class ThreadBody: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}

/// The start routine of a ``DetachedThread``: names the thread, then runs its body.
private func runThreadBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let thread = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
    #if canImport(Darwin)
    pthread_setname_np(thread.name)
    #else
    // What glibc's `pthread_setname_np` does for another thread (Swift cannot see the function):
    // the kernel keeps the first 15 bytes.
    let comm = open("/proc/thread-self/comm", O_WRONLY)
    if comm >= 0 {
        _ = thread.name.withCString { write(comm, $0, strlen($0)) }
        close(comm)
    }
    #endif
    thread.body()
    return nil
}
