#!/usr/bin/env python3
"""The reference engine, changed in one way: a foreign engine for iamspec's end-to-end tests.

    python3 reference_variant.py VARIANT ENGINE-COMMAND...

It starts ENGINE-COMMAND (`iamspec engine --stdio`), passes every request to it and every answer
back, changed by VARIANT:

- `no-impressions`: exactly one rule broken: the `impression_logged` observations are dropped
  from every answer, so the cases that expect an impression fail and the others pass.
- `decline:KIND`: a stimulus of that kind (`display_next`, ...) is answered `unsupported`
  (protocol 2) instead of being passed on, so the runs that reach one are skipped.
- `strict`: nothing changed but the handshake: `hello_reply` does not declare `pipelining`, so
  iamspec sends one request at a time (Specs/PROTOCOL.md, "Pipelining"), and every verdict is the
  reference engine's.

This relay reads a request, passes it on and writes its answer before it reads the next, as any
engine may; with an engine that declares pipelining, iamspec may send requests ahead all the same.

    iamspec run --engine-command "python3 Fixtures/engines/reference_variant.py no-impressions iamspec engine --stdio"
"""

import json
import subprocess
import sys

ANSWERED = {"hello", "case", "stimulus"}
"""The requests every protocol answers; protocol 2 answers `end_case` as well (with `ended`)."""


def declined(request, variant):
    """Whether the variant declines this request itself."""
    return (
        variant.startswith("decline:")
        and request.get("type") == "stimulus"
        and request["stimulus"]["kind"] == variant[len("decline:"):]
    )


def changed(answer, variant):
    if variant == "no-impressions" and answer.get("type") == "observations":
        answer["observations"] = [o for o in answer["observations"] if o["kind"] != "impression_logged"]
    if variant == "strict" and answer.get("type") == "hello_reply":
        answer.pop("pipelining", None)
    return answer


def main():
    variant = sys.argv[1]
    engine = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    protocol = 1
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if declined(request, variant):
            answer = {"type": "unsupported", "seq": request["seq"], "reason": "this variant has no " + variant[8:]}
        else:
            engine.stdin.write(line)
            engine.stdin.flush()
            if request.get("type") == "shutdown":
                break
            if request.get("type") not in ANSWERED and not (request.get("type") == "end_case" and protocol >= 2):
                continue
            answer = changed(json.loads(engine.stdout.readline()), variant)
            if answer.get("type") == "hello_reply":
                protocol = answer.get("protocol", 1)
        sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
