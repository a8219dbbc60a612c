import IAMSpecPlatform

/// Runs a program to its end, its standard output and standard error written to files: for the
/// tool's own helper commands (`iamspec explain` for `run`). Its standard input is a pipe whose
/// only writing end this process holds and never writes: the child reads its end there when this
/// process ends, however it ends (`kill -9` too), and can end with it (`--ends-with-parent`).
enum ChildCommand {
    /// Why a child could not be started.
    struct SpawnFailure: Error, CustomStringConvertible {
        var code: Int32
        var description: String { "could not start the child process: \(String(cString: strerror(code)))" }
    }

    /// The program's wait status once it has ended (`waitpid`'s); killed (SIGKILL) as soon as
    /// `stop` says so, looked at every 20 ms while it runs.
    static func run(
        _ program: String,
        _ arguments: [String],
        standardOutput: String,
        standardError: String,
        stoppingWhen stop: () -> Bool = { false }
    ) throws(SpawnFailure) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentPipe: [Int32] = [-1, -1]
        guard pipe(&parentPipe) == 0 else { throw SpawnFailure(code: errno) }
        // Neither end is inherited by another child (an engine started later); the child gets
        // the reading end as its standard input only.
        for end in parentPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(parentPipe[1]) }
        posix_spawn_file_actions_adddup2(&actions, parentPipe[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        close(parentPipe[0])
        guard spawned == 0 else { throw SpawnFailure(code: spawned) }
        var status: Int32 = 0
        var killed = false
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid || (waited == -1 && errno != EINTR) { return status }
            if !killed && stop() {
                kill(pid, SIGKILL)
                killed = true
            }
            usleep(20_000)
        }
    }

    /// A wait status in words: `exited with status 2`, `was killed by signal 4`.
    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0 ? "exited with status \((status >> 8) & 0xff)" : "was killed by signal \(signal)"
    }
}
