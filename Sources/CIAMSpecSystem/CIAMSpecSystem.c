#include "CIAMSpecSystem.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>

int ciamspec_flush_standard_output(void) {
    errno = 0;
    if (fflush(stdout) != 0) {
        return errno != 0 ? errno : -1;
    }
    if (!ferror(stdout)) {
        return 0;
    }
    // An earlier write failed: a pipe whose reader is gone says so now (POLLERR), as EPIPE did.
    struct pollfd output = {.fd = fileno(stdout), .events = POLLOUT, .revents = 0};
    if (poll(&output, 1, 0) == 1 && (output.revents & POLLERR)) {
        return EPIPE;
    }
    return -1;
}

#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int ciamspec_become_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

int ciamspec_pidfd_open(int pid) {
#if defined(SYS_pidfd_open)
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    return (int)syscall(434, pid, 0);
#endif
}
#else
int ciamspec_become_child_subreaper(void) {
    return -1;
}

int ciamspec_pidfd_open(int pid) {
    (void)pid;
    return -1;
}
#endif
