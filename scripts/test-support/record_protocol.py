#!/usr/bin/env python3
"""Runs an engine program and records its stdio protocol conversation, both ways.

Usage: record_protocol.py DIRECTORY COMMAND [ARGUMENT...]

Meant as the engine of `iamspec run --engine-command`: it starts COMMAND, passes every line
iamspec writes on to the engine's stdin and every line the engine writes back to iamspec's,
unchanged, and appends each line as well to DIRECTORY/<pid>.to-engine.jsonl or
DIRECTORY/<pid>.from-engine.jsonl (one pair of files per engine process, so several processes,
as with `--jobs`, never share a file). The engine's stderr is left as it is. Exits as the engine
does, once it has closed its stdout.
"""

import os
import subprocess
import sys
import threading


def pump(source, sink, record):
    """Copies source to sink line by line, appending each line to record; closes sink at the end."""
    try:
        for line in iter(source.readline, b""):
            record.write(line)
            record.flush()
            sink.write(line)
            sink.flush()
    except BrokenPipeError:
        pass  # the reader is gone: the conversation is over
    finally:
        try:
            sink.close()
        except BrokenPipeError:
            pass


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    directory, command = sys.argv[1], sys.argv[2:]
    os.makedirs(directory, exist_ok=True)
    prefix = os.path.join(directory, str(os.getpid()))
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    with open(prefix + ".to-engine.jsonl", "ab") as requests, open(prefix + ".from-engine.jsonl", "ab") as replies:
        threading.Thread(target=pump, args=(sys.stdin.buffer, engine.stdin, requests), daemon=True).start()
        pump(engine.stdout, sys.stdout.buffer, replies)
        status = engine.wait()
        requests.flush()
    # The thread reading iamspec's requests may still wait for a line that never comes.
    os._exit(status if status >= 0 else 128 - status)


main()
