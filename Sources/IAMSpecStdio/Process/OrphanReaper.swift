import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Kills the descendants an engine left behind outside its process group (one that called
/// `setsid`, say), which the group's SIGKILL cannot reach.
///
/// Only where this process is its descendants' subreaper (``EngineProcesses/superviseForThisProcess()``
/// on Linux): an engine's orphans are then reparented to this process, which starts nothing but
/// engines, so any child of it that leads no listed engine group is such an orphan. It is killed
/// and reaped, and so are the orphans it leaves in turn, until none is left. Elsewhere, or
/// without supervision, it does nothing: the children of a host process are not its business.
enum OrphanReaper {
    private static let isEnabled = Mutex(false)

    /// Turns it on, for the rest of this process (the subreaper setting is for good too).
    static func enable() {
        isEnabled.withLock { $0 = true }
    }

    /// Kills and reaps every child of this process that is not an engine, until none is left.
    static func killAndReapOrphans() {
        #if os(Linux)
        guard isEnabled.withLock({ $0 }) else { return }
        let me = getpid()
        // Bounded: each round kills what it finds, whose own orphans come back for the next.
        for _ in 0..<64 {
            let orphans = ChildProcess.spawnLock.withLock { _ in
                children(of: me).filter { !ProcessGroupRegistry.isListed($0) }
            }
            guard !orphans.isEmpty else { return }
            for orphan in orphans {
                _ = kill(orphan, SIGKILL)
                var status: Int32 = 0
                while waitpid(orphan, &status, 0) == -1 && errno == EINTR {}
            }
        }
        #endif
    }

    /// The processes whose parent is `parent`, from `/proc/*/stat`.
    private static func children(of parent: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return nil }
            // After the command in parentheses: the state, then the parent's id.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }
}
