#!/usr/bin/env python3
"""The well-behaved core shared by the fault engines: a tiny but correct iamspec engine.

On `session_start` it displays the first delivered message (with its extras); every other
stimulus observes nothing. Each fault engine in this folder runs it with one hook that misbehaves,
in a case whose id contains "fault" (or at start), so a test can check that the faulty case is an
error and that the next case runs on a restarted engine.
"""

import json
import os
import signal
import sys
import time


def hang(note=None, ignoring_signals=False):
    """Never returns: writes `note` (if any) on stderr, then, when IAMSPEC_FIXTURE_HANGING_FIFO
    names a FIFO, this process's id to it, a line, so that a test reading the FIFO knows, without
    waiting a guessed time, that the engine is stuck now; then sleeps for ever, deaf to SIGINT and
    SIGTERM when `ignoring_signals`."""
    if ignoring_signals:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if note:
        sys.stderr.write(note + "\n")
        sys.stderr.flush()
    fifo = os.environ.get("IAMSPEC_FIXTURE_HANGING_FIFO")
    if fifo:
        with open(fifo, "w") as announcement:
            announcement.write(f"{os.getpid()}\n")
    while True:
        time.sleep(3600)


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def hello_reply(protocol=1):
    # Protocol 2 lists exactly what the engine has: session start triggers. A protocol-1 engine is
    # taken to have every capability but the first eight (Specs/README.md, Capabilities).
    return {
        "type": "hello_reply",
        "protocol": protocol,
        "name": "fault-engine",
        "version": "1.0.0",
        "profiles": ["braze-swift", "appboy-legacy"],
        "capabilities": ["trigger-session-start"] if protocol == 2 else [],
    }


def serve(
    on_hello=None,
    on_fault_stimulus=None,
    protocol=1,
    on_fault_answer=None,
    on_fault_end_case=None,
    on_fault_ended=None,
    on_fault_case=None,
    before_answer=None,
):
    """Serves requests on stdin until shutdown or the end of input.

    `on_hello()` replaces the handshake answer; `on_fault_stimulus(stimulus)` replaces the answer
    to every stimulus of a case whose id contains "fault". With `protocol=2` the engine speaks
    protocol 2 (every answer carries its request's `seq`, and `end_case` is answered `ended`); then
    `on_fault_answer(answer)` sends the answer to each stimulus of a faulty case in its stead,
    `on_fault_end_case(last_answer)` runs when such a case ends, before `ended`, and
    `on_fault_ended(last_answer)` runs just after `ended`. `on_fault_case(request)` replaces the
    answer to the `case` request of a faulty case. `before_answer(answer)` runs before the answer
    to every stimulus of every case is sent.
    """
    case = None
    last_answer = None
    for line in sys.stdin:
        request = json.loads(line)
        kind = request["type"]

        def answer(message):
            if protocol == 2:
                message = dict(message, seq=request["seq"])
            return message

        faulty = case is not None and "fault" in case["case_id"]
        if kind == "hello":
            if on_hello:
                on_hello()
            else:
                send(hello_reply(protocol))
        elif kind == "case":
            case = request
            sys.stderr.write(f"well_behaved: case {case['case_id']}\n")
            sys.stderr.flush()
            if on_fault_case and "fault" in case["case_id"]:
                on_fault_case(request)
            else:
                send(answer({"type": "ready"}))
        elif kind == "stimulus":
            stimulus = request["stimulus"]
            if on_fault_stimulus and faulty:
                on_fault_stimulus(stimulus)
                continue
            observations = []
            if stimulus["kind"] == "session_start" and case["messages"]:
                first = case["messages"][0]
                observations.append({"kind": "displayed", "message": first["id"], "extras": first["extras"]})
            last_answer = answer({"type": "observations", "observations": observations})
            if before_answer:
                before_answer(last_answer)
            if on_fault_answer and faulty:
                on_fault_answer(last_answer)
            else:
                send(last_answer)
        elif kind == "end_case":
            if on_fault_end_case and faulty:
                on_fault_end_case(last_answer)
            case = None
            if protocol == 2:
                send(answer({"type": "ended"}))
                if on_fault_ended and faulty:
                    on_fault_ended(last_answer)
        elif kind == "shutdown":
            return
