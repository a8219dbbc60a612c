#!/usr/bin/env python3
"""Fault: the first process answers the handshake and every `case`, and hangs on the first
stimulus of a faulty case; every later process (a second `--jobs` process, a restart) blocks
before reading `hello`, ignoring SIGINT and SIGTERM, until it is killed.

IAMSPEC_FIXTURE_STARTED_FILE names a file that does not exist yet: the first process to create it
is the one that answers. When IAMSPEC_FIXTURE_HANGING_FIFO names a FIFO, each process writes its
process id to it, a line each, once it hangs or blocks: a test reading the FIFO knows, without
waiting a guessed time, how many processes are stuck.
"""

import os

from well_behaved import hang, serve

try:
    os.close(os.open(os.environ["IAMSPEC_FIXTURE_STARTED_FILE"], os.O_CREAT | os.O_EXCL | os.O_WRONLY))
except FileExistsError:
    hang("blocks_before_hello: not reading hello", ignoring_signals=True)
serve(on_fault_stimulus=lambda stimulus: hang("blocks_before_hello: hanging on a stimulus", ignoring_signals=True))
