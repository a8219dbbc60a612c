#!/usr/bin/env python3
"""A fixture engine with exactly one rule broken: `priority.ties-to-later`.

It is the example engine (example_engine.py, on the Python kit) with one change: when messages of
equal priority are triggered together, the earlier one in delivered order wins, where the rule
says the later one does. Every other rule is the example engine's. Run on the bundled Specs, only
the cases of `priority.ties-to-later` fail; iamspec's end-to-end tests and scripts/test check that,
and that each failure's printed `re-run:` line, executed as printed, fails again the same way.

    iamspec run --engine-command "python3 Fixtures/engines/broken_priority_ties.py"
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from example_engine import CAPABILITIES, Engine, kit  # noqa: E402  (beside this file)


class TiesToTheEarlier(Engine):
    def highest_priority(self, messages):
        """The message of highest priority; a tie goes to the earlier message (the broken rule)."""
        winner = None
        for message in messages:
            if winner is None or message["priority"] > winner["priority"]:
                winner = message
        return winner


if __name__ == "__main__":
    sys.exit(kit.serve(TiesToTheEarlier, name="broken-priority-ties", version="1.0.0",
                       profiles=["braze-swift", "appboy-legacy"], capabilities=CAPABILITIES))
