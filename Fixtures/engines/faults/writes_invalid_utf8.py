#!/usr/bin/env python3
"""Fault: in a faulty case, answers with a message id whose bytes are not UTF-8 (`promo` and the
byte 0xFF), which the protocol does not allow: the case is an error naming the byte, never a
`displayed` of an id the engine did not send.
"""

import sys

from well_behaved import serve


def mangled(stimulus):
    sys.stdout.buffer.write(b'{"type": "observations", "observations": '
                            b'[{"kind": "displayed", "message": "promo\xff", "extras": {}}]}\n')
    sys.stdout.flush()


serve(on_fault_stimulus=mangled)
