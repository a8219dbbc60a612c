#!/usr/bin/env python3
"""The reference engine, changed in one way: a foreign engine for iamspec's end-to-end tests.

    python3 reference_variant.py VARIANT ENGINE-COMMAND...

It starts ENGINE-COMMAND (`iamspec engine --stdio`), passes every request to it and every answer
back, changed by VARIANT:

- `no-impressions`: exactly one rule broken: the `impression_logged` observations are dropped
  from every answer, so the cases that expect an impression fail and the others pass.
- `impressions-twice`: each `impression_logged` observation is sent twice: a difference no
  behaviour of iamspec's catalogue explains, for the smallest case of an unexplained run.
- `decline:KIND`: a stimulus of that kind (`display_next`, ...) is answered `unsupported`
  (protocol 2) instead of being passed on, so the runs that reach one are skipped.
- `no-interval`: an engine that never enforces the minimum trigger interval, and says so: every
  case's `minimum_trigger_interval_ms` is sent on as 0, and `hello_reply` does not declare
  `minimum-interval` (protocol 2).
- `no-priority`: an engine that ignores priority, and says so: every message's `priority` is sent
  on as 0 (the later message wins, whatever the campaign set), and `priority` is not declared.
- `undeclared-analytics`: an adapter that does not declare `analytics` and still sends its
  impressions and clicks, as one written before it knew the capability: `--validate-protocol`
  names the observation.
- `no-extras`: an engine whose messages carry no key-value extras, and says so: every `displayed`
  observation's `extras` is emptied, and `extras` is not declared.
- `auto-drain`: an engine that shows the next waiting message by itself when the visible one is
  dismissed (a design some SDKs have): after each `dismiss` it asks the engine for the top of the
  stack (`display_next`) and adds what that shows to the dismissal's answer. One behaviour
  differs (rule `stack.no-auto-drain`), every capability still declared.
- `protocol-2-list`: nothing changed but the handshake: it speaks protocol 2 whatever newer
  version iamspec offers, and `hello_reply` lists only capabilities protocol 2 came with, none of
  those added since (`app-dismissal`, `click-follow-up`, `data-wipe`, `extras`, `push-click`, and
  any added later), as an adapter written before them would, so the runs that need them are
  skipped and iamspec warns of the list.
- `crashes`: an engine that crashes at the first stimulus of every case: it writes why on stderr
  and exits with status 3.
- `hangs`: an engine that never answers the first stimulus of a case (it sleeps); when
  IAMSPEC_FIXTURE_HANGING_FIFO names a FIFO, it writes its process id there first, a line.
  `hangs-in:CASE` does so in the case of that id alone, the first time it is sent.
- `noisy-clicks`: a nondeterministic engine, as one whose answers hang on timing is: in every
  other case this process runs (the first, the third, ...), each `click_logged` observation is
  dropped; in the others it answers as the engine it runs. The same case run twice in a row on one
  process is answered two ways.
- `no-profiles`: nothing changed but the handshake: `hello_reply` declares no profile (`[]`).
- `scratch-modes`: nothing changed, but at each `case` request it appends to the file
  IAMSPEC_FIXTURE_SCRATCH_LOG the permissions of each `iamspec-explore-*` folder of TMPDIR and
  of the files in it, a line each (`700 folder`, `600 file`): what another user could read.
- `strict`: nothing changed but the handshake: `hello_reply` does not declare `pipelining`, so
  iamspec sends one request at a time (Specs/PROTOCOL.md, "Pipelining"), and every verdict is the
  reference engine's.

This relay reads a request, passes it on and writes its answer before it reads the next, as any
engine may; with an engine that declares pipelining, iamspec may send requests ahead all the same.

    iamspec run --engine-command "python3 Fixtures/engines/reference_variant.py no-impressions iamspec engine --stdio"
"""

import glob
import json
import os
import stat
import subprocess
import sys
import tempfile
import time

ANSWERED = {"hello", "case", "stimulus"}
"""The requests every protocol answers; protocol 2 answers `end_case` as well (with `ended`)."""


def declined(request, variant):
    """Whether the variant declines this request itself."""
    return (
        variant.startswith("decline:")
        and request.get("type") == "stimulus"
        and request["stimulus"]["kind"] == variant[len("decline:"):]
    )


LACKING = {
    "no-interval": "minimum-interval", "no-priority": "priority", "no-extras": "extras",
    "undeclared-analytics": "analytics",
}
"""The capability each variant lacks, and so does not declare."""

PROTOCOL_2 = {
    "keyboard", "orientation", "assets", "analytics", "stack-inspection", "delegate", "local-messages",
    "session-sync", "message-interval", "campaign-window", "control-messages", "push-open", "dismissals",
    "asset-redelivery", "trigger-session-start", "trigger-any-purchase", "trigger-purchase",
    "trigger-custom-event", "trigger-push-click", "property-filters", "priority", "minimum-interval", "delay",
    "timeout", "reeligibility", "test-sends", "display-next", "no-matching-trigger", "delegate-now",
    "delegate-later", "delegate-discard", "delegate-rollback", "app-lifecycle", "user-change",
}
"""The capabilities protocol 2 came with (Specs/README.md, "Versions"): all `protocol-2-list` lists."""


def changed_request(request, variant):
    """The request as the variant passes it on."""
    if variant == "protocol-2-list" and request.get("type") == "hello":
        # An adapter written for protocol 2 speaks it, whatever newer version iamspec offers.
        request["protocol"] = min(request.get("protocol", 1), 2)
    if request.get("type") == "case":
        if variant == "no-interval":
            request["config"]["minimum_trigger_interval_ms"] = 0
        if variant == "no-priority":
            for message in request["messages"]:
                message["priority"] = 0
    return request


CASES_SEEN = []
"""The ids of the cases sent so far, in order."""


def hangs_now(request, variant):
    """Whether `hangs` or `hangs-in:CASE` hangs at this request."""
    if request.get("type") != "stimulus" or not CASES_SEEN:
        return False
    if variant == "hangs":
        return True
    return variant == "hangs-in:" + CASES_SEEN[-1] and CASES_SEEN.count(CASES_SEEN[-1]) == 1


def misbehave(request, variant):
    """What `crashes`, `hangs` and `scratch-modes` do before the request is passed on."""
    if request.get("type") == "case":
        CASES_SEEN.append(request.get("case_id"))
    if variant == "crashes" and request.get("type") == "stimulus":
        sys.stderr.write(f"crashes: giving up on {request['stimulus']['kind']}\n")
        sys.stderr.flush()
        sys.exit(3)
    if hangs_now(request, variant):
        fifo = os.environ.get("IAMSPEC_FIXTURE_HANGING_FIFO")
        if fifo:
            with open(fifo, "w") as stream:
                stream.write(f"{os.getpid()}\n")
        while True:
            time.sleep(3600)
    if variant == "scratch-modes" and request.get("type") == "case":
        with open(os.environ["IAMSPEC_FIXTURE_SCRATCH_LOG"], "a") as log:
            for folder in glob.glob(os.path.join(tempfile.gettempdir(), "iamspec-explore-*")):
                log.write(f"{stat.S_IMODE(os.lstat(folder).st_mode):o} folder\n")
                for name in os.listdir(folder):
                    log.write(f"{stat.S_IMODE(os.lstat(os.path.join(folder, name)).st_mode):o} file\n")


def changed(answer, variant):
    if variant == "no-profiles" and answer.get("type") == "hello_reply":
        answer["profiles"] = []
    if answer.get("type") == "hello_reply" and variant in LACKING:
        answer["capabilities"] = [c for c in answer.get("capabilities", []) if c != LACKING[variant]]
    if variant == "no-extras" and answer.get("type") == "observations":
        for observation in answer["observations"]:
            if observation["kind"] == "displayed":
                observation["extras"] = {}
    if variant == "noisy-clicks" and answer.get("type") == "observations" and len(CASES_SEEN) % 2 == 1:
        answer["observations"] = [o for o in answer["observations"] if o["kind"] != "click_logged"]
    if variant == "no-impressions" and answer.get("type") == "observations":
        answer["observations"] = [o for o in answer["observations"] if o["kind"] != "impression_logged"]
    if variant == "impressions-twice" and answer.get("type") == "observations":
        answer["observations"] = [
            copy for o in answer["observations"] for copy in ([o, o] if o["kind"] == "impression_logged" else [o])
        ]
    if variant == "protocol-2-list" and answer.get("type") == "hello_reply":
        answer["capabilities"] = [c for c in answer.get("capabilities", []) if c in PROTOCOL_2]
    if variant == "strict" and answer.get("type") == "hello_reply":
        answer.pop("pipelining", None)
    return answer


def is_dismissal(request):
    return request.get("type") == "stimulus" and request["stimulus"]["kind"] == "dismiss"


def dismissed_one(answer):
    """Whether the answer reports a visible message dismissed (protocol 2)."""
    return answer.get("type") == "observations" and any(o["kind"] == "dismissed" for o in answer["observations"])


def next_shown(engine, seq):
    """Asks the engine for the top of the stack, as an engine that drains it by itself does, and
    returns what that showed."""
    ask = {"type": "stimulus", "seq": seq, "stimulus": {"kind": "display_next"}}
    engine.stdin.write(json.dumps(ask, separators=(",", ":")) + "\n")
    engine.stdin.flush()
    answer = json.loads(engine.stdout.readline())
    return answer.get("observations", []) if answer.get("type") == "observations" else []


def main():
    variant = sys.argv[1]
    engine = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    protocol = 1
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        misbehave(request, variant)
        if declined(request, variant):
            answer = {"type": "unsupported", "seq": request["seq"], "reason": "this variant has no " + variant[8:]}
        else:
            engine.stdin.write(json.dumps(changed_request(request, variant), separators=(",", ":")) + "\n")
            engine.stdin.flush()
            if request.get("type") == "shutdown":
                break
            if request.get("type") not in ANSWERED and not (request.get("type") == "end_case" and protocol >= 2):
                continue
            answer = changed(json.loads(engine.stdout.readline()), variant)
            if variant == "auto-drain" and is_dismissal(request) and dismissed_one(answer):
                answer["observations"] += next_shown(engine, request["seq"])
            if answer.get("type") == "hello_reply":
                protocol = answer.get("protocol", 1)
        sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sys.stdout.flush()
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
