#!/usr/bin/env python3
"""Fault: speaks protocol 2, and when a faulty case ends, writes an unasked line just after
answering `end_case` with `ended`, carrying a later `seq` than any request so far (the `seq` the
next request will have): a line of the case that ended, which must not be taken for the next
case's answer."""

from well_behaved import send, serve


def write_ahead(last_answer):
    send({"type": "observations", "seq": last_answer["seq"] + 2, "observations": []})


serve(protocol=2, on_fault_ended=write_ahead)
