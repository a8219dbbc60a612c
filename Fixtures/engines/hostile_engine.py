#!/usr/bin/env python3
"""An engine whose every word is hostile, for the end-to-end tests of report neutralisation.

It speaks protocol 2 and is run on Fixtures/hostile/suite, whose case hostile.case-NN carries
string NN of Fixtures/hostile/strings.json (escapes, CI log commands, bidi controls, line breaks,
markup). It answers that case with the same string, by NN % 4:

  0: `error` to the `case` request (the message is the string);
  1: `skipped` (the reason is the string);
  2: at `session_start`, `displayed` with the string as the message id (the case fails);
  3: at `session_start`, `displayed: promo` as expected, then `error` to the next stimulus.

It writes the string on stderr in every case, in case 3 it writes one more `error` after `ended`
(a late line, which iamspec warns about), and its name and version in `hello_reply` are hostile
too. With IAMSPEC_HOSTILE_AT_START set it dies before its handshake, writing every string on
stderr and one on stdout. Every report of the run must show all of it inert (QuotedText).
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "..", "hostile", "strings.json"), encoding="utf-8") as corpus:
    STRINGS = [entry["text"] for entry in json.load(corpus)]

NAME = "hostile \x1b]0;FORGED\x07 engine \u202eFORGED\n::error::FORGED ##[error]FORGED"
VERSION = "1.0\x1b[31m\r\n::add-mask::FORGED"


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    if os.environ.get("IAMSPEC_HOSTILE_AT_START"):
        # Dies before its handshake, with every string on stderr and one on stdout.
        sys.stderr.write("\n".join(STRINGS) + "\n")
        sys.stdout.write(STRINGS[6] + "\n")
        sys.stdout.flush()
        sys.exit(3)
    text = None
    mode = None
    for line in sys.stdin:
        request = json.loads(line)
        kind = request["type"]
        seq = request.get("seq")
        if kind == "hello":
            send({
                "type": "hello_reply",
                "protocol": 2,
                "name": NAME,
                "version": VERSION,
                "profiles": ["braze-swift", "appboy-legacy"],
                "capabilities": ["trigger-session-start", "trigger-custom-event", "user-change"],
            })
        elif kind == "case":
            number = int(request["case_id"].rsplit("-", 1)[1])
            text = STRINGS[number % len(STRINGS)]
            mode = number % 4
            sys.stderr.write(text + "\n")
            sys.stderr.flush()
            if mode == 0:
                send({"type": "error", "seq": seq, "message": text})
            elif mode == 1:
                send({"type": "skipped", "seq": seq, "reason": text})
            else:
                send({"type": "ready", "seq": seq})
        elif kind == "stimulus":
            stimulus = request["stimulus"]["kind"]
            observations = []
            if stimulus == "session_start":
                shown = text if mode == 2 else "promo"
                observations.append({"kind": "displayed", "message": shown, "extras": {}})
                mode = "errs next" if mode == 3 else mode
            elif mode == "errs next":
                send({"type": "error", "seq": seq, "message": text})
                continue
            send({"type": "observations", "seq": seq, "observations": observations})
        elif kind == "end_case":
            send({"type": "ended", "seq": seq})
            if mode == "errs next":
                sys.stdout.write(json.dumps({"type": "error", "seq": seq, "message": text}) + "\n")
                sys.stdout.flush()
        elif kind == "shutdown":
            return


if __name__ == "__main__":
    main()
