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
/// on Linux): an engine's orphans are then reparented to this process. Every engine is started
/// with ``marker`` in its environment, which its descendants inherit; a child of this process
/// that carries it and leads no listed engine group is such an orphan, whatever its group or
/// session. It is killed and reaped, and so are the orphans it leaves in turn, until none is left.
/// The host's own children (a test runner's, say) do not carry the marker and are left alone;
/// so is everything, elsewhere or without supervision.
enum OrphanReaper {
    private static let isEnabled = Mutex(false)

    /// `IAMSPEC_ENGINE_OF=<this process's id>`: what the environment of an engine, and of what it
    /// starts, carries.
    static let marker = "IAMSPEC_ENGINE_OF=\(getpid())"

    /// This process's environment, for an engine: without another iamspec's marker, with this one's.
    static func engineEnvironment() -> [String] {
        var entries: [String] = []
        var cursor = processEnvironment
        while let entry = cursor?.pointee {
            let text = String(cString: entry)
            if !text.hasPrefix("IAMSPEC_ENGINE_OF=") { entries.append(text) }
            cursor = cursor?.successor()
        }
        return entries + [marker]
    }

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
                children(of: me).filter { !ProcessGroupRegistry.isListed($0) && carriesMarker($0) }
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

    /// Whether the process's environment holds ``marker``.
    private static func carriesMarker(_ pid: pid_t) -> Bool {
        guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        return environment.split(separator: 0).contains { $0.elementsEqual(marker.utf8) }
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
