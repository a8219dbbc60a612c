#ifndef C_IAMSPEC_SYSTEM_H
#define C_IAMSPEC_SYSTEM_H

/// Makes this process the reaper of its descendants' orphans (Linux `PR_SET_CHILD_SUBREAPER`),
/// so that an engine's own children, orphaned when iamspec kills the engine's process group, are
/// reparented to iamspec and can be waited for. Returns 0, or -1 where the system has no such
/// setting.
int ciamspec_become_child_subreaper(void);

/// A descriptor that becomes readable when the process `pid` (a child of this process) exits
/// (Linux `pidfd_open`, 5.3 and later), close-on-exec; -1 where the system has none. It lets a
/// `poll` see the exit at once, even while another process still holds the child's pipes.
int ciamspec_pidfd_open(int pid);

/// Flushes standard output (C's `stdout`, which Swift's `print` writes through): 0 when all that
/// was written to it got out, the `errno` of the write that failed now, `EPIPE` when an earlier
/// write failed and the output is a pipe whose reader is gone, or -1 when an earlier write failed
/// for a reason not known any more.
int ciamspec_flush_standard_output(void);

#endif
