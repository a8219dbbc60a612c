#!/usr/bin/env python3
"""Fault: the first process serves as the well-behaved engine does; every later one (a second
`--jobs` process, a restart) blocks before reading `hello`, ignoring SIGINT and SIGTERM, until it
is killed.

IAMSPEC_FIXTURE_STARTED_FILE names a file that does not exist yet: the first process to create it
is the one that serves. When IAMSPEC_FIXTURE_HANGING_FIFO names a FIFO, each blocking process
writes its process id to it, a line each: a test reading the FIFO knows, without waiting a
guessed time, how many processes are blocked in their start.
"""

import os
import signal
import sys
import time

from well_behaved import serve

started = os.environ["IAMSPEC_FIXTURE_STARTED_FILE"]
try:
    os.close(os.open(started, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
except FileExistsError:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    sys.stderr.write("blocks_before_hello: not reading hello\n")
    sys.stderr.flush()
    fifo = os.environ.get("IAMSPEC_FIXTURE_HANGING_FIFO")
    if fifo:
        with open(fifo, "w") as announcement:
            announcement.write(f"{os.getpid()}\n")
    while True:
        time.sleep(3600)
serve()
