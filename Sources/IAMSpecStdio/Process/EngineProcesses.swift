import CIAMSpecSystem
import IAMSpecPlatform

/// The process-wide side of running engine programs, which only the program hosting them may
/// decide on.
///
/// IAMSpecStdio changes nothing process-wide by itself: linked into someone else's process (an
/// engine author's test runner, say), it leaves that process's signal handling and its relation
/// to its children alone. Engines work correctly without this: each is started in a process group
/// of its own, ``StdioEngineProvider/shutdown()`` stops and reaps every one, and writing to an
/// engine that has exited fails that one write with `EPIPE`, never with SIGPIPE (SIGPIPE is
/// held off in the writing thread only, around the write).
///
/// A program whose business is running engines, as `iamspec` is, calls
/// ``superviseForThisProcess()`` once, early in `main`, for the guarantees that need the whole
/// process.
public enum EngineProcesses {
    /// Makes this process answerable for every engine process it starts, from now until it
    /// exits; thread-safe, and only the first call does anything.
    ///
    /// - On Linux, this process becomes the child subreaper of its descendants
    ///   (`PR_SET_CHILD_SUBREAPER`): what an engine started itself, orphaned when the engine's
    ///   process group is killed, is reparented to this process instead of `init`, and is reaped
    ///   with the group; one that left the group (`setsid`) is killed and reaped then too, since
    ///   this process starts nothing but engines. (Elsewhere there is no such setting, and orphans
    ///   go to `init`.)
    /// - An `atexit` handler SIGKILLs the process group of every engine still running when the
    ///   process exits through `exit` without stopping them first, as on a second Ctrl-C (an
    ///   engine stuck in a loop never reads the end of its stdin, so it would outlive this
    ///   process), and reaps them, so that none is left even as a zombie.
    public static func superviseForThisProcess() {
        _ = supervision
    }

    private static let supervision: Void = {
        if ciamspec_become_child_subreaper() == 0 { OrphanReaper.enable() }
        atexit {
            ProcessGroupRegistry.killAll()
        }
    }()
}
