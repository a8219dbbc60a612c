#!/usr/bin/env python3
"""Fault: an engine that hangs in the experiment `iamspec run` makes to tell two names apart.

Runs the engine its arguments name (a command speaking the stdio protocol) and passes every line
through both ways, but for the `case` request of an experiment (a scenario `iamspec run` designs
runs as case `fuzz`): it then hangs (well_behaved.hang), announcing its process id on
IAMSPEC_FIXTURE_HANGING_FIFO, so that a test knows the run is in its experiment.
"""

import json
import subprocess
import sys
import threading

from well_behaved import hang


def main():
    engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def answers():
        for line in engine.stdout:
            sys.stdout.buffer.write(line)
            sys.stdout.buffer.flush()

    threading.Thread(target=answers, daemon=True).start()
    for line in sys.stdin.buffer:
        try:
            request = json.loads(line)
        except ValueError:
            request = None
        if isinstance(request, dict) and request.get("type") == "case" and request.get("case_id") == "fuzz":
            engine.kill()
            hang("hangs_in_experiment: hanging on the experiment's case")
        engine.stdin.write(line)
        engine.stdin.flush()
    engine.stdin.close()
    engine.wait()


main()
