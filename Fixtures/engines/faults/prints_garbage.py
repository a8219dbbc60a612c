#!/usr/bin/env python3
"""Fault: answers a stimulus of a faulty case with a line that is not JSON."""

import sys

from well_behaved import serve


def garbage(stimulus):
    sys.stderr.write("prints_garbage: printing a debug line to stdout\n")
    sys.stderr.flush()
    sys.stdout.write("DEBUG: handling stimulus now\n")
    sys.stdout.flush()


serve(on_fault_stimulus=garbage)
