#!/usr/bin/env python3
"""Fault: exits with status 3 on the first stimulus of a faulty case."""

import sys

from well_behaved import serve


def exit_now(stimulus):
    sys.stderr.write(f"exits_mid_case: giving up on {stimulus['kind']}\n")
    sys.stderr.flush()
    sys.exit(3)


serve(on_fault_stimulus=exit_now)
