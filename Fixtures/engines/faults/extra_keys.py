#!/usr/bin/env python3
"""Fault: in a faulty case, answers with an observation carrying a key the protocol does not define.

Without --validate-protocol the key is ignored; with it, the case is an error naming the message
and the violation.
"""

from well_behaved import send, serve


def chatty(stimulus):
    send({
        "type": "observations",
        "observations": [{"kind": "displayed", "message": "promo", "extras": {}, "shown_at": "now"}],
    })


serve(on_fault_stimulus=chatty)
