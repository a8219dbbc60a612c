#include "CIAMSpecToolStart.h"

#include <signal.h>
#include <stddef.h>

/// Set once the signals are blocked; read by `main` afterwards, on the same thread.
static int held_at_start = 0;

/// Blocks SIGINT, SIGTERM and SIGHUP in the process's only thread, before any library's
/// initialiser runs (and so before any thread exists): every thread started later inherits the
/// mask, and a signal that comes while iamspec starts stays pending until `run` listens (or
/// another command's clean-up does), whatever its disposition was inherited as (a background job
/// of a non-interactive shell starts with SIGINT ignored, which would discard it unblocked).
static void hold_interrupt_signals(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    (void)envp;
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &signals, NULL) == 0) {
        held_at_start = 1;
    }
}

#if defined(__ELF__)
// The loader calls an executable's `.preinit_array` before the initialisers of the shared
// libraries it loaded (the Swift runtime's, Foundation's, libdispatch's).
__attribute__((section(".preinit_array"), used)) static void (*const preinit)(int, char **, char **) =
    hold_interrupt_signals;
#else
__attribute__((constructor(101))) static void hold_at_construction(void) {
    hold_interrupt_signals(0, NULL, NULL);
}
#endif

int ciamspec_interrupt_signals_held_at_start(void) {
    return held_at_start;
}
