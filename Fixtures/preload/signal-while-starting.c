// A preload library for the end-to-end tests of a signal that comes while iamspec starts
// (Tests/iamspecEndToEndTests/InterruptTests.swift): loaded into iamspec with LD_PRELOAD, its
// initialiser, which the dynamic loader runs with the shared libraries' (after the executable's
// `.preinit_array`, before the Swift runtime reaches `main`), sends iamspec the signal whose
// number SIGNAL_WHILE_STARTING holds: a SIGINT, SIGTERM or SIGHUP that comes some milliseconds
// after `exec`, sent at that moment every time rather than at a guessed time.
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((constructor)) static void signal_while_starting(void) {
    const char *number = getenv("SIGNAL_WHILE_STARTING");
    if (number != NULL) {
        int signal_number = atoi(number);
        // Once only: the processes iamspec starts (engines, workers) inherit neither.
        unsetenv("SIGNAL_WHILE_STARTING");
        unsetenv("LD_PRELOAD");
        kill(getpid(), signal_number);
    }
}
