#!/usr/bin/env python3
"""Fault: reads the handshake and never answers it (nor exits), ignoring SIGINT and SIGTERM.

When IAMSPEC_FIXTURE_HANGING_FIFO names a FIFO, the engine writes its process id to it once it
has read `hello`: a test reading the FIFO knows, without waiting a guessed time, that the engine
is in its handshake now.

When IAMSPEC_FIXTURE_READY_FIFO names a FIFO, the engine writes its stderr line at once, before
reading anything, and then its process id to the FIFO: a test that reads the FIFO before the
handshake begins knows that the line is on stderr, however slowly Python started.
"""

import os
import signal
import sys
import time

from well_behaved import serve


def say_silent():
    sys.stderr.write("silent_handshake: not answering hello\n")
    sys.stderr.flush()


def stay_silent():
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if not ready:
        say_silent()
    fifo = os.environ.get("IAMSPEC_FIXTURE_HANGING_FIFO")
    if fifo:
        with open(fifo, "w") as announcement:
            announcement.write(f"{os.getpid()}\n")
    while True:
        time.sleep(3600)


ready = os.environ.get("IAMSPEC_FIXTURE_READY_FIFO")
if ready:
    say_silent()
    with open(ready, "w") as announcement:
        announcement.write(f"{os.getpid()}\n")
serve(on_hello=stay_silent)
