import CIAMSpecSystem
import IAMSpec
import IAMSpecPlatform
import Synchronization

/// An engine program started with `/bin/sh -c COMMAND`, talking over pipes on its stdin and
/// stdout, with its stderr drained into a ``StderrTail``.
///
/// The program runs in a process group of its own, so that killing it also kills whatever the
/// shell started, and so that a Ctrl-C meant for iamspec does not reach it directly (iamspec
/// decides when it stops). Foundation's `Process` offers neither the process group nor
/// non-blocking access to the pipes' descriptors, which the read deadlines need; hence
/// `posix_spawn`.
final class ChildProcess: EngineChannel {
    private struct State {
        var isClosed = false
        var isReaped = false
        var exitDescription: String?
    }

    let inputDescriptor: Int32
    let outputDescriptor: Int32
    let exitDescriptor: Int32?
    private let pid: pid_t
    private let stderr: StderrTail
    private let state = Mutex(State())

    var processID: Int32? { pid }
    var stderrPosition: Int { stderr.position }

    func diagnostics(since position: Int) -> String {
        stderr.text(since: position)
    }

    /// Starts `command` with `/bin/sh -c`.
    ///
    /// - Throws: `EngineError` when the shell cannot be started at all.
    init(command: String, stderrCapacity: Int) throws(EngineError) {
        // Pipes are made close-on-exec in two steps (`pipe2` is not exported to Swift); holding the
        // lock until the spawn is done keeps one engine from inheriting another's pipes.
        // Listed under the same lock, so that ``OrphanReaper`` never takes a new engine for an orphan.
        let (pid, stdinPipe, stdoutPipe, stderrPipe) = try Self.spawnLock.withLock { _ throws(EngineError) in
            let spawned = try Self.spawn(command)
            ProcessGroupRegistry.register(spawned.pid)
            return spawned
        }
        self.pid = pid
        // Opened before anyone reaps the process, so the id cannot name another process yet.
        let exitDescriptor = ciamspec_pidfd_open(pid)
        if exitDescriptor >= 0 { _ = fcntl(exitDescriptor, F_SETFD, FD_CLOEXEC) }
        self.exitDescriptor = exitDescriptor >= 0 ? exitDescriptor : nil
        self.inputDescriptor = stdinPipe.write
        self.outputDescriptor = stdoutPipe.read
        _ = fcntl(stdinPipe.write, F_SETFL, fcntl(stdinPipe.write, F_GETFL) | O_NONBLOCK)
        _ = fcntl(stdoutPipe.read, F_SETFL, fcntl(stdoutPipe.read, F_GETFL) | O_NONBLOCK)
        self.stderr = StderrTail(draining: stderrPipe.read, capacity: stderrCapacity)
    }

    private typealias Pipe = (read: Int32, write: Int32)

    /// Starts `/bin/sh -c command` in a new process group, its stdin, stdout and stderr on new
    /// pipes; returns its id and the pipes, whose child ends are closed here.
    private static func spawn(
        _ command: String
    ) throws(EngineError) -> (pid: pid_t, stdin: Pipe, stdout: Pipe, stderr: Pipe) {
        let stdinPipe = try Self.makePipe()
        let stdoutPipe = try Self.makePipe()
        let stderrPipe = try Self.makePipe()

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, 2)

        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        )
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGPIPE, SIGXFSZ, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD] {
            sigaddset(&defaultSignals, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)

        let arguments = ["/bin/sh", "-c", command].map { argument in argument.withCString { strdup($0) } }
        defer {
            for argument in arguments { free(argument) }
        }
        var argv = arguments + [nil]
        let environment = OrphanReaper.engineEnvironment().map { entry in entry.withCString { strdup($0) } }
        defer {
            for entry in environment { free(entry) }
        }
        var envp = environment + [nil]
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, &envp)

        for descriptor in [stdinPipe.read, stdoutPipe.write, stderrPipe.write] { closeDescriptor(descriptor) }
        guard result == 0 else {
            for descriptor in [stdinPipe.write, stdoutPipe.read, stderrPipe.read] { closeDescriptor(descriptor) }
            throw EngineError("could not start /bin/sh -c \(command): \(String(cString: strerror(result)))")
        }
        return (pid, stdinPipe, stdoutPipe, stderrPipe)
    }

    deinit {
        closeStreams()
        _ = waitForExit(gracePeriod: .zero)
        if let exitDescriptor { closeDescriptor(exitDescriptor) }
    }

    /// Held from the creation of an engine's pipes until its spawn and listing.
    static let spawnLock = Mutex(())

    private static func makePipe() throws(EngineError) -> Pipe {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw EngineError("could not create a pipe: \(String(cString: strerror(errno)))")
        }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    func kill() {
        state.withLock { state in
            // Never signal after reaping: the process group id could belong to someone else by then.
            guard !state.isReaped else { return }
            signalProcessGroup(pid, SIGKILL)
        }
    }

    func closeStreams() {
        guard state.withLock({ $0.isClosed.setForTheFirstTime() }) else { return }
        closeDescriptor(inputDescriptor)
        closeDescriptor(outputDescriptor)
    }

    func waitForExit(gracePeriod: Duration) -> String? {
        let deadline = ContinuousClock.now + gracePeriod
        while true {
            let ended: String?? = state.withLock { state in
                if state.isReaped { return .some(state.exitDescription) }
                var status: Int32 = 0
                let mustKill = ContinuousClock.now >= deadline
                var exitedByItself = false
                ProcessGroupRegistry.reap(pid) {
                    exitedByItself = Self.hasExited(pid)
                    guard mustKill || exitedByItself else { return false }
                    // What is left of the engine's process group (a shell's child, say) dies
                    // with it. It is killed while the unreaped leader still holds the group's
                    // id, so the signal cannot reach a stranger; then every member is reaped:
                    // the leader, and its orphans, which come back to iamspec as their subreaper.
                    signalProcessGroup(pid, SIGKILL)
                    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                    Self.reapMembers(ofGroup: pid)
                    state.isReaped = true
                    return true
                }
                guard state.isReaped else { return String??.none }
                state.exitDescription =
                    exitedByItself ? Self.describe(status: status) : "was still running, and iamspec killed it"
                return state.exitDescription
            }
            if let ended {
                // What left the group (`setsid`) has come back to this process as an orphan by now.
                OrphanReaper.killAndReapOrphans()
                stderr.waitUntilFinished(timeout: .seconds(1))
                return ended
            }
            usleep(2_000)
        }
    }

    /// Whether the process has ended, without reaping it.
    private static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        #if canImport(Glibc)
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._kill.si_pid == pid
        #else
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid
        #endif
    }

    /// Waits for every member of a killed process group that is this process's child: orphans of
    /// the engine reparented to it, where it is their subreaper
    /// (``EngineProcesses/superviseForThisProcess()``). Ends at once where there are none.
    private static func reapMembers(ofGroup group: pid_t) {
        var status: Int32 = 0
        while true {
            let reaped = waitpid(-group, &status, 0)
            if reaped > 0 || (reaped == -1 && errno == EINTR) { continue }
            return
        }
    }

    /// `exited with status 3`, `was killed by signal 9 (SIGKILL)`; a status above 128 says how a
    /// shell reports a command a signal killed (`exited with status 134, as a shell reports its
    /// command killed by signal 6 (Aborted)...`), since the engine runs under `/bin/sh -c`, which
    /// may wait for its command rather than become it.
    static func describe(status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 {
            let code = (status >> 8) & 0xFF
            let reported = code - 128
            guard reported > 0, reported < 65 else { return "exited with status \(code)" }
            return "exited with status \(code), as a shell reports its command killed by signal \(reported) "
                + "(\(name(of: reported))): start the engine with `exec` for iamspec to see the signal itself"
        }
        return "was killed by signal \(signal) (\(name(of: signal)))"
    }

    /// The signal's description (`Aborted`), or `signal N` when the system has none.
    private static func name(of signal: Int32) -> String {
        strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
    }
}
