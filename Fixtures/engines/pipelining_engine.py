#!/usr/bin/env python3
"""An engine that declares pipelining (Specs/PROTOCOL.md, "Pipelining") and checks iamspec keeps
to it, for iamspec's own tests.

It speaks protocol 2 and declares `"pipelining": true` (unless IAMSPEC_FIXTURE_STRICT is set).
On `session_start` it displays the case's first message; every other stimulus observes nothing.

It reads **everything its stdin holds before it answers anything**, then answers what it read, in
order: an engine iamspec could deadlock if it wrote more than a pipe holds without reading the
answers. Before each answer it checks the window: the bytes iamspec has written and not had
answered (what it read and has not answered, plus what the pipe still holds) must stay within
4,096, unless a single request is unanswered. Otherwise it answers `error`, naming the count.

In a case whose id contains one of these, it misbehaves at its N-th stimulus (1 for the first):

- `error-at-N`: answers `error`; `unsupported-at-N`: answers `unsupported`;
- `wrong-seq-at-N`: answers with the `seq` of the next request;
- `stray-at-N`: answers, then writes the same answer again (a stray line);
- `hang-at-N`: never answers (nor reads any more); `exit-at-N`: exits with status 3 instead of
  answering;
- `padded`: every answer carries a key of its own holding 2,000 bytes (ignored by iamspec), so
  that the answers to a long case fill more than a pipe.

With IAMSPEC_FIXTURE_STATS_FILE set, it appends a line per case when the case ends:
`CASE-ID most-requests-unanswered most-bytes-unanswered`.
"""

import fcntl
import json
import os
import re
import signal
import struct
import sys
import termios

WINDOW = 4096
STATS_FILE = os.environ.get("IAMSPEC_FIXTURE_STATS_FILE")
PIPELINES = not os.environ.get("IAMSPEC_FIXTURE_STRICT")


def waiting_in_pipe():
    """The bytes iamspec has written on stdin that this engine has not read yet."""
    return struct.unpack("i", fcntl.ioctl(0, termios.FIONREAD, b"\0\0\0\0"))[0]


def read_all_available(buffer):
    """Reads what stdin holds, waiting for at least one byte; returns false at its end."""
    chunk = os.read(0, 1 << 16)
    if not chunk:
        return False
    buffer += chunk
    while waiting_in_pipe() > 0:
        buffer += os.read(0, waiting_in_pipe())
    return True


def misbehaviour(case_id, number):
    """What the case asks of its `number`-th stimulus: a fault name, or None."""
    for fault in ("error", "unsupported", "wrong-seq", "stray", "hang", "exit"):
        if re.search(rf"{fault}-at-{number}(?!\d)", case_id):
            return fault
    return None


def main():
    buffer = bytearray()
    unanswered = []  # the sizes of the requests read and not yet answered
    case = None
    stimulus_count = 0
    most_requests = most_bytes = 0
    out = sys.stdout
    while True:
        if b"\n" not in buffer and not read_all_available(buffer):
            return
        lines = []
        while b"\n" in buffer:
            end = buffer.index(b"\n") + 1
            lines.append(bytes(buffer[:end]))
            del buffer[:end]
        unanswered += [len(line) for line in lines]
        for line in lines:
            request = json.loads(line)
            kind = request["type"]
            pending = sum(unanswered) + len(buffer) + waiting_in_pipe()
            count = len(unanswered) + (1 if buffer or waiting_in_pipe() else 0)
            most_requests = max(most_requests, count)
            most_bytes = max(most_bytes, pending)
            answer = None
            if kind == "hello":
                answer = {
                    "type": "hello_reply",
                    "protocol": 2,
                    "name": "pipelining-engine",
                    "version": "1.0.0",
                    "profiles": ["braze-swift", "appboy-legacy"],
                    "capabilities": ["trigger-session-start"],
                }
                if PIPELINES:
                    answer["pipelining"] = True
            elif pending > WINDOW and count > 1:
                answer = {"type": "error", "message": f"iamspec left {pending} bytes in {count} requests unanswered"}
            elif kind == "case":
                case = request
                stimulus_count = 0
                most_requests = most_bytes = 0
                answer = {"type": "ready"}
            elif kind == "stimulus":
                stimulus_count += 1
                fault = misbehaviour(case["case_id"], stimulus_count)
                if fault:
                    sys.stderr.write(f"pipelining_engine: {fault} at stimulus {stimulus_count}\n")
                    sys.stderr.flush()
                if fault == "hang":
                    out.flush()
                    while True:
                        signal.pause()
                if fault == "exit":
                    out.flush()
                    sys.exit(3)
                observations = []
                if request["stimulus"]["kind"] == "session_start" and case["messages"]:
                    first = case["messages"][0]
                    observations.append({"kind": "displayed", "message": first["id"], "extras": first["extras"]})
                answer = {"type": "observations", "observations": observations}
                if fault == "error":
                    answer = {"type": "error", "message": f"failing at stimulus {stimulus_count} on purpose"}
                elif fault == "unsupported":
                    answer = {"type": "unsupported", "reason": f"declining stimulus {stimulus_count} on purpose"}
                elif fault == "wrong-seq":
                    answer["seq"] = request["seq"] + 1
                elif fault == "stray":
                    out.write(json.dumps(dict(answer, seq=request["seq"])) + "\n")
            elif kind == "end_case":
                if STATS_FILE and case is not None:
                    with open(STATS_FILE, "a") as stats:
                        stats.write(f"{case['case_id']} {most_requests} {most_bytes}\n")
                case = None
                answer = {"type": "ended"}
            elif kind == "shutdown":
                out.flush()
                return
            unanswered.pop(0)
            if kind != "hello":
                answer.setdefault("seq", request["seq"])
                if case is not None and "padded" in case["case_id"]:
                    answer["padding"] = "x" * 2000
            out.write(json.dumps(answer) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
