#!/usr/bin/env python3
"""Fault: on a stimulus of a faulty case, closes its stdout and keeps running (never exits)."""

import os
import sys
import time

from well_behaved import serve


def close_output(stimulus):
    sys.stderr.write("closes_output: closing stdout, staying alive\n")
    sys.stderr.flush()
    os.close(1)
    while True:
        time.sleep(3600)


serve(on_fault_stimulus=close_output)
