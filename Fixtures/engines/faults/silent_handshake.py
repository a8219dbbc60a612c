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
import sys

from well_behaved import hang, serve

NOTE = "silent_handshake: not answering hello"

ready = os.environ.get("IAMSPEC_FIXTURE_READY_FIFO")
if ready:
    sys.stderr.write(NOTE + "\n")
    sys.stderr.flush()
    with open(ready, "w") as announcement:
        announcement.write(f"{os.getpid()}\n")
serve(on_hello=lambda: hang(None if ready else NOTE, ignoring_signals=True))
