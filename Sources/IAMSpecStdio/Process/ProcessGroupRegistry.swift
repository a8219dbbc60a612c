import IAMSpecPlatform
import Synchronization

/// The process groups of the engine processes alive in this process, for the exit safety net
/// that ``EngineProcesses/superviseForThisProcess()`` installs.
///
/// Every engine started is listed, and unlisted when it is reaped; without the safety net the
/// list is simply never read.
enum ProcessGroupRegistry {
    private static let groups = Mutex<Set<pid_t>>([])

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

    /// Whether `pid` leads a listed group: an engine process, not an orphan.
    static func isListed(_ pid: pid_t) -> Bool {
        groups.withLock { $0.contains(pid) }
    }

    /// SIGKILLs every group still listed, then reaps each: its leader, and the members that are
    /// this process's children by then (orphans of the leader, where this process is their
    /// subreaper), so that the exit leaves no engine behind, not even as a zombie.
    static func killAll() {
        groups.withLock { groups in
            for group in groups { _ = kill(-group, SIGKILL) }
            for group in groups {
                var status: Int32 = 0
                while waitpid(group, &status, 0) == -1 && errno == EINTR {}
                while waitpid(-group, &status, 0) > 0 || errno == EINTR {}
            }
            groups.removeAll()
        }
    }
}
