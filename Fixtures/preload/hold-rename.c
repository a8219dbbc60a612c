// A preload library for the end-to-end tests of interrupted report writes
// (Tests/iamspecEndToEndTests/InterruptedFinalWriteTests.swift): loaded into iamspec with
// LD_PRELOAD, it stops the process at the rename that would put a report's temporary file in
// place, so that the test can send a signal while that file exists, without guessing a time.
//
// When rename(2) is called with a source path that ends in ".tmp", it opens the FIFO named by
// HOLD_RENAME_FIFO for writing (the test holds its reading end, so this returns once the test
// reads), writes the temporary file's path and a newline, and then waits for ever: the signal
// the test sends ends the process. Any other rename is the C library's.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int rename(const char *from, const char *to) {
    const char *fifo = getenv("HOLD_RENAME_FIFO");
    size_t length = strlen(from);
    if (fifo != NULL && length > 4 && strcmp(from + length - 4, ".tmp") == 0) {
        int descriptor = open(fifo, O_WRONLY);
        if (descriptor >= 0) {
            (void)write(descriptor, from, length);
            (void)write(descriptor, "\n", 1);
            close(descriptor);
            for (;;) pause();
        }
    }
    int (*next)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
    return next(from, to);
}
