#!/usr/bin/env python3
"""Fault: speaks protocol 2, and when a faulty case ends, writes its last answer again, unasked,
before answering `end_case` with `ended`: that case is an error."""

from well_behaved import send, serve

serve(protocol=2, on_fault_end_case=send)
