import CIAMSpecSystem
import IAMSpecPlatform

/// iamspec's exit statuses.
enum ExitStatus {
    /// Something failed: a run failed or errored, or a rule is uncovered; for `diff`, a regression.
    static let failure: Int32 = 1
    /// Usage, configuration or spec errors.
    static let usage: Int32 = 2
    /// The selection matched no case run, or a compiled suite holds none (as pytest's 5, "no tests
    /// collected"), without `--allow-empty`: a mistyped `--filter` must not pass for ever.
    static let emptySelection: Int32 = 5

    /// Ends the process with `status`, as C's `exit` (standard output flushed); in a command,
    /// ArgumentParser's `exit(withError:)` hides C's `exit`. Once an engine's `exit` was refused
    /// (``EngineExitRefusal``), its thread is parked inside `exit`: then standard output is
    /// flushed and the process ends with `_exit`, which a parked `exit` cannot hold up.
    ///
    /// Standard output that could not be written (a full disk, `> /dev/full`) makes the status 2,
    /// said on standard error: a listing or a totals line lost must not pass for one written.
    /// One whose reader is gone (`iamspec run | head -1`, EPIPE) keeps the status.
    static func exitProcess(_ status: Int32) -> Never {
        let status = standardOutputWritten() ? status : usage
        if EngineExitRefusal.hasRefused {
            fflush(nil)
            _exit(status)
        }
        exit(status)
    }

    /// Flushes standard output; false, once said on standard error, when some of it could not be
    /// written for another reason than a reader gone.
    private static func standardOutputWritten() -> Bool {
        let failure = ciamspec_flush_standard_output()
        guard failure != 0, failure != EPIPE else { return true }
        StandardError.write(
            "error: cannot write standard output" + (failure > 0 ? ": \(String(cString: strerror(failure)))" : "")
        )
        return false
    }

}
