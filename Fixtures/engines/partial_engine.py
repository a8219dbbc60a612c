#!/usr/bin/env python3
"""A deliberately partial fixture engine, on the Python kit: it lacks what real third-party
engines lack, and says so, so that it gets 0 failures and 0 errors on the bundled Specs.

    iamspec run --engine-command "python3 Fixtures/engines/partial_engine.py" --validate-protocol

It is the example engine (example_engine.py) with parts taken away, as issue 9 found them
missing in a real SDK's decision code:

- no trigger delay, no no-matching-trigger callback, no display_next, and of the display
  delegate's answers only `now`: it does not declare `delay`, `no-matching-trigger`,
  `display-next`, `delegate-later`, `delegate-discard` or `delegate-rollback`, so iamspec skips
  every case that needs one, naming the capability;
- event properties that hold a point in time (`{"time_ms": N}`): it declines the stimulus that
  carries one (`unsupported`), so the run is skipped naming that step.

What iamspec should never send it, given what it declares, it declines as well rather than
answer wrongly: a delayed message (the case is `skipped`), `display_next` and a delegate answer
other than `now` (`unsupported`).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from example_engine import CAPABILITIES as EXAMPLE_CAPABILITIES, Engine, kit  # noqa: E402  (beside this file)

# The example engine's capabilities but what this one lacks, plus a display delegate answering only `now`.
LACKING = {"delay", "no-matching-trigger", "display-next"}
CAPABILITIES = [name for name in EXAMPLE_CAPABILITIES if name not in LACKING] + ["delegate", "delegate-now"]


class PartialEngine(Engine):
    delegate_answers = ("now",)

    def __init__(self, case):
        if any(message["delay_ms"] > 0 for message in case.messages):
            raise kit.Unsupported("this engine has no trigger delay")
        super().__init__(case)

    def no_matching_trigger(self, event):
        return []  # this engine has no no-matching-trigger callback

    def on_display_next(self, stimulus):
        raise kit.Unsupported("this engine cannot be asked for the next message (display_next)")

    def on_delegate_choice(self, stimulus):
        if stimulus["choice"] not in self.delegate_answers:
            raise kit.Unsupported(f"this engine's display delegate can only answer now, not {stimulus['choice']}")
        # `now` displays as if the delegate were not asked: what the example engine does already.

    def on_custom_event(self, stimulus):
        times = sorted(name for name, value in stimulus["properties"].items() if isinstance(value, dict))
        if times:
            raise kit.Unsupported(f"this engine's event properties cannot hold a point in time: {', '.join(times)}")
        return super().on_custom_event(stimulus)

    on_purchase = on_custom_event


if __name__ == "__main__":
    sys.exit(kit.serve(PartialEngine, name="partial-engine", version="1.0.0",
                       profiles=["braze-swift", "appboy-legacy"], capabilities=CAPABILITIES))
