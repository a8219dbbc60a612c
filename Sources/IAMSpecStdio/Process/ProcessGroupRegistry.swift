#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process groups of the engine processes alive in this iamspec, killed when iamspec exits.
///
/// A safety net for an exit that does not go through ``StdioEngineProvider/shutdown()`` (for
/// example `exit(130)` on a second Ctrl-C): an engine stuck in a loop never reads the end of its
/// stdin, so it would outlive iamspec. An `atexit` handler SIGKILLs every group still listed.
enum ProcessGroupRegistry {
    private static let groups: Locked<Set<pid_t>> = {
        atexit {
            ProcessGroupRegistry.killAll()
        }
        return Locked([])
    }()

    /// Lists a process group that has just been started.
    static func register(_ group: pid_t) {
        groups.withLock { _ = $0.insert(group) }
    }

    /// Reaps the group's leader with `reap` (which returns whether it did), and unlists the group
    /// in the same step, so that the exit handler never signals a reaped, reusable id.
    static func reap(_ group: pid_t, _ reap: () -> Bool) {
        groups.withLock { groups in
            if reap() { groups.remove(group) }
        }
    }

    private static func killAll() {
        groups.withLock { groups in
            for group in groups { _ = kill(-group, SIGKILL) }
        }
    }
}
