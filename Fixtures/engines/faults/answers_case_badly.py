#!/usr/bin/env python3
"""Fault: speaks protocol 2, and answers the `case` request of a faulty case with a line that does
not answer it, as IAMSPEC_FIXTURE_BAD_ANSWER says: `not_json`, `no_type` (JSON without a
"type"), `later_seq` (`ready` with a `seq` no request has yet), `no_seq` (`ready` without one),
`string_seq` (`ready` with its `seq` written as a string, "3"),
`stale_seq` (`ready` with the `seq` of the request before, an earlier case's `end_case` on a
process that ran one), or `hangs` (a note on stderr, then no answer at all). The line is charged once: to that case, except a stale `seq`, which is the
earlier case's (a late line), the case then running again on a fresh process."""

import os
import sys

from well_behaved import hang, send, serve


def answer_badly(request):
    variant = os.environ.get("IAMSPEC_FIXTURE_BAD_ANSWER", "not_json")
    seq = request["seq"]
    if variant == "not_json":
        sys.stdout.write("DEBUG: setting up the case\n")
        sys.stdout.flush()
    elif variant == "no_type":
        send({"seq": seq})
    elif variant == "later_seq":
        send({"type": "ready", "seq": seq + 1})
    elif variant == "hangs":
        hang("answers_case_badly: hanging instead of answering case")
    elif variant == "no_seq":
        send({"type": "ready"})
    elif variant == "string_seq":
        send({"type": "ready", "seq": str(seq)})
    else:
        send({"type": "ready", "seq": seq - 1})


serve(protocol=2, on_fault_case=answer_badly)
