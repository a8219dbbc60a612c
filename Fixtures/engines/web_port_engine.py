#!/usr/bin/env python3
"""A team's port of the Braze Web SDK's in-app message rules to Python, on the Python kit.

Written as another team might: on the example engine (`example_engine.py`), changed where the
Web SDK (Braze Web SDK 4.8.0, readable copy:
mparticle-integrations/mparticle-javascript-integration-braze@8080981b0ae3:dist/BrazeKit.common.js)
does otherwise. Its mechanisms, each a behaviour of iamspec's catalogue
(`Fixtures/engines/mechanisms.json` lists them for the measurement
`scripts/test-support/measure_explanations.py`):

- `click-closes-message`: a click closes the message at once, then logs the click (`ce` gives
  the message's view a click handler that calls its close before logging the click);
- `change-user-starts-session`: a change of user opens a session at once, which delivers the
  messages and fires Session Start (`Rt.changeUser` calls `openSession()`; `gr.Ts` fires
  `je(tt.OPEN)` when the triggers arrive);
- `background-displays`: a hidden page holds nothing back (`showInAppMessage` never looks at
  `document.hidden`);
- `message-visible-drops`: a message that meets another on screen is dropped, not stacked
  (`showInAppMessage`: "Cannot show in-app message ... because another message is being shown",
  a modal meeting a modal).

It declares what a web SDK's engine declares: no stack to inspect, no display_next, no
no-matching-trigger callback (nor the keyboard, orientation, assets, delegate or local messages,
which the example lacks too), and the `dismissed` observation.

    iamspec run --engine-command "python3 Fixtures/engines/web_port_engine.py"
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import example_engine  # noqa: E402  (found through the path above)
from example_engine import kit  # noqa: E402

LACKING = {"stack-inspection", "display-next", "no-matching-trigger"}
CAPABILITIES = [c for c in example_engine.CAPABILITIES if c not in LACKING] + ["dismissals"]


class Engine(example_engine.Engine):
    """One run of one case, as the Web SDK port runs it."""

    def on_dismiss(self, stimulus):
        if self.visible and self.visible[0]["id"] == stimulus["message"]:
            self.visible = None
            return [kit.dismissed(stimulus["message"])]
        return []

    def on_click(self, stimulus):
        if not (self.visible and self.visible[0]["id"] == stimulus["message"]):
            return []
        logged = [] if self.visible[1] else [kit.click_logged(stimulus["message"])]
        self.visible = None
        return [kit.dismissed(stimulus["message"])] + logged

    def on_change_user(self, stimulus):
        if stimulus["user"] == self.user:
            return []
        leaving = [kit.dismissed(self.visible[0]["id"])] if self.visible else []
        super().on_change_user(stimulus)
        return leaving + self.on_session_start({"sync": "complete"})

    def no_matching_trigger(self, event):
        return []

    def attempt_display(self, message, trigger_time):
        foreground, self.foreground = self.foreground, True
        try:
            return super().attempt_display(message, trigger_time)
        finally:
            self.foreground = foreground

    def stacked(self, message, trigger_time, reason):
        if reason != "message_visible":
            super().stacked(message, trigger_time, reason)


if __name__ == "__main__":
    sys.exit(kit.serve(Engine, name="web-port", version="1.0.0",
                       profiles=["braze-swift", "appboy-legacy"], capabilities=CAPABILITIES))
