#!/usr/bin/env python3
"""Fault: speaks protocol 2, and answers every stimulus of a faulty case twice (same `seq`).

The second copy is read as the answer to the next request: in the middle of the case, the next
stimulus; after its last stimulus, `end_case` (where `ended` was due). Either way that case is an
error, and the next one runs on a fresh process.
"""

from well_behaved import send, serve


def answer_twice(answer):
    send(answer)
    send(answer)


serve(protocol=2, on_fault_answer=answer_twice)
