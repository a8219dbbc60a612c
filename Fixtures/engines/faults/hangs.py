#!/usr/bin/env python3
"""Fault: never answers a stimulus of a faulty case (it sleeps forever).

When IAMSPEC_FIXTURE_HANGING_FIFO names a FIFO, the engine writes its process id to it, then
hangs: a test reading the FIFO knows, without waiting a guessed time, that the engine hangs now.
"""

from well_behaved import hang, serve

serve(on_fault_stimulus=lambda stimulus: hang("hangs: sleeping instead of answering"))
