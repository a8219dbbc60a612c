#!/usr/bin/env python3
"""A stdio engine that wraps another one and gets some cases wrong, for checking the docs site.

Usage: flawed_engine.py COMMAND...   (the wrapped engine, e.g. python3 Fixtures/engines/example_engine.py)

It passes every line through both ways, except that it calls itself `flawed-example` in its
hello_reply and, chosen by a CRC-32 of the case id (so the same cases every time):
  - in a case whose id hashes to 0 modulo 23 it answers every stimulus with no observation, so
    the case fails wherever it expects one;
  - in a case whose id hashes to 1 modulo 23 it exits with status 3 on the first stimulus, so the
    case is an engine error (iamspec starts a new process for the next case).
What the wrapped engine declines or cannot do stays skipped. Standard library only.
"""

import json
import subprocess
import sys
import zlib


def flaw(case_id):
    remainder = zlib.crc32(case_id.encode("utf-8")) % 23
    return {0: "fail", 1: "error"}.get(remainder)


def main():
    engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    current = None
    protocol = 1
    for line in sys.stdin:
        request = json.loads(line)
        kind = request.get("type")
        if kind == "case":
            current = flaw(request.get("case_id", ""))
        elif kind == "stimulus" and current == "error":
            sys.stderr.write("flawed_engine: giving up on purpose\n")
            engine.kill()
            sys.exit(3)
        engine.stdin.write(line)
        engine.stdin.flush()
        if kind == "end_case":
            current = None
            if protocol < 2:  # protocol 2 answers it with `ended`
                continue
        if kind == "shutdown":
            break
        answer_line = engine.stdout.readline()
        if not answer_line:
            sys.exit(engine.wait())
        answer = json.loads(answer_line)
        if answer.get("type") == "hello_reply":
            answer["name"] = "flawed-example"
            protocol = answer.get("protocol", 1)
        elif kind == "stimulus" and current == "fail" and "observations" in answer:
            answer["observations"] = []
        sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    engine.stdin.close()
    sys.exit(engine.wait())


if __name__ == "__main__":
    main()
