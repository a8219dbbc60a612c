#!/usr/bin/env python3
"""Fault: writes half an answer without a line end, then exits with status 4."""

import sys

from well_behaved import serve


def half_answer(stimulus):
    sys.stdout.write('{"type": "observ')
    sys.stdout.flush()
    sys.stderr.write("partial_line: crashing in the middle of an answer\n")
    sys.stderr.flush()
    sys.exit(4)


serve(on_fault_stimulus=half_answer)
