import IAMSpecPlatform
import Synchronization

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

    /// The processes whose parent is `parent`, from `/proc/*/stat`, read with the C library: the
    /// machine may have hundreds of processes, and Foundation's file reading costs far more per
    /// file than the few bytes read.
    private static func children(of parent: pid_t) -> [pid_t] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), parentID(of: pid) == parent else { continue }
            found.append(pid)
        }
        return found
    }

    /// The parent's id in `/proc/PID/stat`: the field after the state, which follows the command
    /// in parentheses (the last `)`: a command may hold one).
    private static func parentID(of pid: pid_t) -> pid_t? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, let end = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(end + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }
}
