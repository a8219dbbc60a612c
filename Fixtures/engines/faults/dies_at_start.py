#!/usr/bin/env python3
"""Fault: dies at every start, before the handshake, as an engine with a broken setup does."""

import sys

sys.stderr.write("dies_at_start: cannot load the SDK: libsdk.so not found\n")
sys.exit(1)
