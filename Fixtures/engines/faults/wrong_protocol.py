#!/usr/bin/env python3
"""Fault: answers the handshake with protocol version 99, which no iamspec speaks."""

from well_behaved import hello_reply, send, serve

serve(on_hello=lambda: send(hello_reply(protocol=99)))
