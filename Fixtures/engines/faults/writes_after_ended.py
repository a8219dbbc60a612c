#!/usr/bin/env python3
"""Fault: speaks protocol 2, and when a faulty case ends, writes its last answer again, unasked,
after answering `end_case` with `ended`: the line is truly late, found when the next `case` is
sent (a warning; the next case runs on a fresh process)."""

from well_behaved import send, serve

serve(protocol=2, on_fault_ended=send)
