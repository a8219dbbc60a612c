#!/usr/bin/env python3
"""The reference engine with exactly one rule broken: it never logs an impression.

A foreign engine for iamspec's end-to-end tests of the re-run line: it starts the engine
command given as its arguments (`iamspec engine --stdio`), passes every request to it and
every answer back, except that it drops the `impression_logged` observations from the
answers. So it fails exactly the cases that expect an impression (rule
`analytics.once-per-message` and its kin), and passes the others.

    iamspec run --engine-command "python3 Fixtures/engines/reference_without_impressions.py iamspec engine --stdio"
"""

import json
import subprocess
import sys

ANSWERED = {"hello", "case", "stimulus"}


def main():
    engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        engine.stdin.write(line)
        engine.stdin.flush()
        request = json.loads(line)
        if request.get("type") not in ANSWERED:
            if request.get("type") == "shutdown":
                break
            continue
        answer = json.loads(engine.stdout.readline())
        if answer.get("type") == "observations":
            answer["observations"] = [o for o in answer["observations"] if o["kind"] != "impression_logged"]
        sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
