#!/usr/bin/env python3
"""Fault: reads the handshake and never answers it (nor exits)."""

import sys
import time

from well_behaved import serve


def stay_silent():
    sys.stderr.write("silent_handshake: not answering hello\n")
    sys.stderr.flush()
    while True:
        time.sleep(3600)


serve(on_hello=stay_silent)
