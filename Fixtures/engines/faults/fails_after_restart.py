#!/usr/bin/env python3
"""Fault: the first start works and exits in a faulty case; every later start dies at once.

The marker file given as the first argument records that it started before. Shows that an engine
which cannot come back stops the run after a few attempts instead of failing case after case.
"""

import os
import sys

from well_behaved import serve

marker = sys.argv[1]
if os.path.exists(marker):
    sys.stderr.write("fails_after_restart: the database is locked\n")
    sys.exit(1)
open(marker, "w").close()


def exit_now(stimulus):
    sys.exit(3)


serve(on_fault_stimulus=exit_now)
