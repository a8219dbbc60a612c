#!/usr/bin/env python3
"""Fault: never answers a stimulus of a faulty case (it sleeps forever)."""

import sys
import time

from well_behaved import serve


def hang(stimulus):
    sys.stderr.write("hangs: sleeping instead of answering\n")
    sys.stderr.flush()
    while True:
        time.sleep(3600)


serve(on_fault_stimulus=hang)
