#!/usr/bin/env python3
"""Fault: reads the handshake and never answers it (nor exits), ignoring SIGINT and SIGTERM.

When IAMSPEC_FIXTURE_HANGING_FIFO names a FIFO, the engine writes its process id to it once it
has read `hello`: a test reading the FIFO knows, without waiting a guessed time, that the engine
is in its handshake now.
"""

import os
import signal
import sys
import time

from well_behaved import serve


def stay_silent():
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    sys.stderr.write("silent_handshake: not answering hello\n")
    sys.stderr.flush()
    fifo = os.environ.get("IAMSPEC_FIXTURE_HANGING_FIFO")
    if fifo:
        with open(fifo, "w") as announcement:
            announcement.write(f"{os.getpid()}\n")
    while True:
        time.sleep(3600)


serve(on_hello=stay_silent)
