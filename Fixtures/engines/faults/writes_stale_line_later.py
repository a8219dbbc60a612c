#!/usr/bin/env python3
"""Fault: speaks protocol 2, and, as a stray thread of a faulty case would, writes that case's
last answer again (its `seq` long answered) in the middle of the next case, just before answering
that case's first stimulus. The line is the faulty case's (a late line, found after it ended);
the next case, which the line interrupts, is not to blame and passes."""

from well_behaved import send, serve

faulty_answers = []
pending = []


def remember(answer):
    faulty_answers.append(answer)
    send(answer)


def write_stale_line(answer):
    if pending:
        send(pending.pop())


def queue_after_end(last_answer):
    pending.append(faulty_answers[-1])


serve(protocol=2, on_fault_answer=remember, before_answer=write_stale_line, on_fault_ended=queue_after_end)
