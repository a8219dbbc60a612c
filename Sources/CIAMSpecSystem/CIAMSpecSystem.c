#include "CIAMSpecSystem.h"

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
