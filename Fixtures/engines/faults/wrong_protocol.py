#!/usr/bin/env python3
"""Fault: answers the handshake with protocol version 3, which iamspec does not speak."""

from well_behaved import hello_reply, send, serve

serve(on_hello=lambda: send(hello_reply(protocol=3)))
