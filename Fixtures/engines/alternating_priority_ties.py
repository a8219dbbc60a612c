#!/usr/bin/env python3
"""A fixture engine that is not deterministic: it breaks priority ties one way, then the other.

It is the example engine (example_engine.py, on the Python kit) with one change: of messages of
equal priority triggered together, the later one wins in every other case run the process makes,
and the earlier one in the others (as an engine that breaks ties at random does, but so that a
test can rely on it). Every other rule is the example engine's. With `iamspec run --repeat 2
--jobs 1`, each run of a `priority.ties-to-later` case is made twice in a row by one process,
once each way: iamspec reports those runs nondeterministic, and every other run as the example
engine's.

    iamspec run --repeat 2 --jobs 1 --engine-command "python3 Fixtures/engines/alternating_priority_ties.py"
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from example_engine import CAPABILITIES, Engine, kit  # noqa: E402  (beside this file)


class AlternatingTies(Engine):
    runs = 0  # the case runs this process has made

    def __init__(self, case):
        super().__init__(case)
        AlternatingTies.runs += 1
        self.ties_to_later = AlternatingTies.runs % 2 == 1

    def highest_priority(self, messages):
        """The message of highest priority; a tie goes to the later or the earlier message."""
        winner = None
        for message in messages:
            if winner is None or message["priority"] > winner["priority"] or (
                self.ties_to_later and message["priority"] == winner["priority"]
            ):
                winner = message
        return winner


if __name__ == "__main__":
    sys.exit(kit.serve(AlternatingTies, name="alternating-priority-ties", version="1.0.0",
                       profiles=["braze-swift", "appboy-legacy"], capabilities=CAPABILITIES))
