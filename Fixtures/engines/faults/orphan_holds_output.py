#!/usr/bin/env python3
"""Fault: on a stimulus of a faulty case, starts a process that leaves the engine's process group
(`setsid`) and keeps the engine's stdout open, then exits with status 3.

iamspec must see the exit at once (its output is not closed: the orphan holds it), report the case
with that status, and kill the orphan. When IAMSPEC_FIXTURE_PID_FILE names a file, the orphan's
process id is written there, so a test can check that it is gone.
"""

import os
import sys
import time

from well_behaved import serve


def leave_an_orphan(stimulus):
    orphan = os.fork()
    if orphan == 0:
        os.setsid()
        while True:
            time.sleep(3600)
    pid_file = os.environ.get("IAMSPEC_FIXTURE_PID_FILE")
    if pid_file:
        with open(pid_file, "w") as written:
            written.write(f"{orphan}\n")
    sys.stderr.write("orphan_holds_output: exiting with status 3, my child keeps stdout\n")
    sys.stderr.flush()
    os._exit(3)


serve(on_fault_stimulus=leave_an_orphan)
