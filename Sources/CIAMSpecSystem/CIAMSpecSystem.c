#include "CIAMSpecSystem.h"

#if defined(__linux__)
#include <sys/prctl.h>

int ciamspec_become_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}
#else
int ciamspec_become_child_subreaper(void) {
    return -1;
}
#endif
