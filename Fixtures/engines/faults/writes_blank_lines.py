#!/usr/bin/env python3
"""Not a fault: speaks protocol 2, and when a case whose id contains "fault" ends, writes blank
lines (empty, and of spaces and tabs) after answering `end_case` with `ended`, and again on
`shutdown` before it exits. Blank lines are not messages (Specs/PROTOCOL.md, Transport): none is
a late line, and the process stays in use."""

import sys

from well_behaved import serve


def blank_lines(_last_answer=None):
    sys.stdout.write("\n \t\n")
    sys.stdout.flush()


serve(protocol=2, on_fault_ended=blank_lines)
blank_lines()
