#!/usr/bin/env python3
"""Fault: writes 4 MiB to stderr, then its last words, then exits with status 5.

An iamspec that did not drain stderr would block this engine for ever (the pipe fills); one
that kept all of stderr would hold megabytes. The case must be an error whose diagnostics hold
the tail, ending with the last words.
"""

import sys

from well_behaved import serve


def flood(stimulus):
    line = "x" * 1000
    for number in range(4096):
        sys.stderr.write(f"flood line {number:05d} {line}\n")
    sys.stderr.write("floods_stderr: last words\n")
    sys.stderr.flush()
    sys.exit(5)


serve(on_fault_stimulus=flood)
