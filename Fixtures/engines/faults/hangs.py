#!/usr/bin/env python3
"""Fault: never answers a stimulus of a faulty case (it sleeps forever).

When IAMSPEC_FIXTURE_HANGING_FIFO names a FIFO, the engine writes its process id to it, then
hangs: a test reading the FIFO knows, without waiting a guessed time, that the engine hangs now.
"""

import os
import sys
import time

from well_behaved import serve


def hang(stimulus):
    sys.stderr.write("hangs: sleeping instead of answering\n")
    sys.stderr.flush()
    fifo = os.environ.get("IAMSPEC_FIXTURE_HANGING_FIFO")
    if fifo:
        with open(fifo, "w") as announcement:
            announcement.write(f"{os.getpid()}\n")
    while True:
        time.sleep(3600)


serve(on_fault_stimulus=hang)
