#!/usr/bin/env python3
"""Fault: answers every stimulus of a faulty case with a displayed message carrying 600 KB of
extras (protocol 2), each answer within the protocol's 1 MiB line.

An iamspec that held whatever a run observed would hold 600 KB more at every step, and twice
that under `--repeat`; the case's second answer must cut the run instead, an error naming the
step and the limit of 1 MiB a run. With IAMSPEC_FIXTURE_ALTERNATE set, only every other faulty
case floods (the others observe `displayed: promo` alone), so that `--repeat` finds the run
nondeterministic, each repeat within the limit.
"""

import os

from well_behaved import send, serve

BLOB = "x" * 600_000
ALTERNATE = bool(os.environ.get("IAMSPEC_FIXTURE_ALTERNATE"))
faulty_cases = 0


def begin(request):
    global faulty_cases
    faulty_cases += 1
    send({"type": "ready", "seq": request["seq"]})


def flood(answer):
    floods = not ALTERNATE or faulty_cases % 2 == 1
    extras = {"blob": BLOB} if floods else {}
    send(dict(answer, observations=[{"kind": "displayed", "message": "promo", "extras": extras}]))


serve(protocol=2, on_fault_case=begin, on_fault_answer=flood)
