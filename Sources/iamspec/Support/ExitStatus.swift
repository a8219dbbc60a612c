import IAMSpecPlatform

/// iamspec's exit statuses.
enum ExitStatus {
    /// Something failed: a run failed or errored, or a rule is uncovered; for `diff`, a regression.
    static let failure: Int32 = 1
    /// Usage, configuration or spec errors.
    static let usage: Int32 = 2
    /// The selection matched no case run (as pytest's 5, "no tests collected"), without
    /// `--allow-empty`: a mistyped `--filter` must not pass for ever.
    static let emptySelection: Int32 = 5

    /// Ends the process with `status`, as C's `exit` (standard output flushed); in a command,
    /// ArgumentParser's `exit(withError:)` hides C's `exit`. Once an engine's `exit` was refused
    /// (``EngineExitRefusal``), its thread is parked inside `exit`: then standard output is
    /// flushed and the process ends with `_exit`, which a parked `exit` cannot hold up.
    static func exitProcess(_ status: Int32) -> Never {
        if EngineExitRefusal.hasRefused {
            fflush(nil)
            _exit(status)
        }
        exit(status)
    }
}
