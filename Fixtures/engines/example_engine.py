#!/usr/bin/env python3
"""An example iamspec engine in Python, on the Python adapter kit (Kits/python/iamspec_kit.py).

Run the suite against it:

    iamspec run --engine-command "python3 Fixtures/engines/example_engine.py"

The kit speaks iamspec's stdio protocol (Specs/PROTOCOL.md): the handshake, cases, stimuli,
declining, errors and flushing. This file is only the engine: the kit makes one `Engine` per
case and calls its `on_<kind>` method for each stimulus, and answers with the observations it
returns. Logs (and `print`) go to stderr, which iamspec shows when a case errors.

It implements a real part of the delivery rules: triggers and property filters, priority with
ties to the later message, the minimum trigger interval (checked at trigger time and again at
display time), delays and timeouts, re-eligibility, the LIFO stack, display_next, dismiss,
click, the app in the background, relaunch, change_user, the legacy image rule, and
impressions and clicks. It declares only the capabilities it implements (`CAPABILITIES`), so
iamspec skips the cases that need others (keyboard, orientation, assets, the display delegate,
local messages, session sync). What it still cannot do, it declines
by raising `kit.Unsupported`: a case whose app implements the in-app message delegate is
answered `skipped`, and a stimulus it does not implement `unsupported`.

Your own engine does the same with your SDK's engine behind the `Engine` class below.
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Kits", "python"))
import iamspec_kit as kit  # noqa: E402  (found through the path above)


# Exactly what the engine implements (Specs/README.md, "Capabilities"); iamspec skips, without
# asking, every case that needs another.
CAPABILITIES = [
    "trigger-session-start", "trigger-any-purchase", "trigger-purchase", "trigger-custom-event",
    "trigger-push-click", "property-filters", "priority", "minimum-interval", "delay", "timeout",
    "reeligibility", "test-sends", "display-next", "no-matching-trigger", "app-lifecycle", "user-change",
    "analytics", "stack-inspection", "extras", "push-click", "large-integers",
]


def main():
    return kit.serve(Engine, name="python-example", version="1.0.0",
                     profiles=["braze-swift", "appboy-legacy"], capabilities=CAPABILITIES)


class Engine:
    """One run of one case. All times are virtual milliseconds."""

    delegate_answers = ()  # the display delegate's answers the engine models: none

    def __init__(self, case):
        if case.config["delegate"] != "absent" and not self.delegate_answers:
            raise kit.Unsupported("this engine does not model the in-app message delegate")
        self.profile = case.profile
        self.interval = case.config["minimum_trigger_interval_ms"]
        self.device = case.config["device"]
        self.orientation = case.config["orientation"]
        self.given = case.messages  # delivered at each session start
        self.now = 0
        self.foreground = True
        self.delivered = []
        self.stack = []  # entries (message, trigger_time); the top is the end of the list
        self.waiting = []  # entries (ready_time, order, message, trigger_time), for delays
        self.visible = None  # (message, clicked)
        self.last_display = {}  # message id -> time of its last display
        self.last_display_overall = None
        self.user = None  # the anonymous user a case starts with
        self.order = 0
        self.out = []

    # -- stimuli: the kit calls on_<kind>; each returns the observations it caused -----------

    def on_session_start(self, stimulus):
        if stimulus["sync"] != "complete":
            raise kit.Unsupported("session sync is not implemented")
        self.delivered = list(self.given)
        return self.trigger({"kind": "session_start"}, makes_eligible=True)

    def on_custom_event(self, stimulus):
        if stimulus["source"] == "sdk":  # events logged through the REST API never trigger
            return self.trigger(stimulus)
        return []

    on_purchase = on_custom_event

    def on_push_click(self, stimulus):
        # Opening the app from a push brings it to the foreground (rule triggers.push-foregrounds-the-app).
        self.foreground = True
        return self.trigger(stimulus, makes_eligible=True)

    def on_advance(self, stimulus):
        self.out = []
        end = self.now + stimulus["by_ms"]
        while True:
            due = sorted(w for w in self.waiting if w[0] <= end)
            if not due:
                break
            entry = due[0]
            self.waiting.remove(entry)
            ready_time, _, message, trigger_time = entry
            self.now = ready_time
            self.become_ready(message, trigger_time)
        self.now = end
        return self.out

    def on_display_next(self, stimulus):
        self.out = []
        self.offer(taken_by_app=True)
        return self.out

    def on_dismiss(self, stimulus):
        if self.visible and self.visible[0]["id"] == stimulus["message"]:
            self.visible = None

    def on_click(self, stimulus):
        if self.visible and self.visible[0]["id"] == stimulus["message"] and not self.visible[1]:
            self.visible = (self.visible[0], True)
            return [kit.click_logged(stimulus["message"])]

    def on_background(self, stimulus):
        self.foreground = False

    def on_foreground(self, stimulus):
        self.foreground = True

    def on_relaunch(self, stimulus):
        self.stack, self.waiting, self.visible, self.foreground = [], [], None, True

    def on_change_user(self, stimulus):
        # Changing to the current user does nothing; a change away from an identified user also
        # starts the new one afresh: no display seen, no interval running.
        if stimulus["user"] == self.user:
            return
        if self.user is not None:
            self.last_display, self.last_display_overall = {}, None
        self.user = stimulus["user"]
        self.stack, self.waiting, self.visible, self.delivered = [], [], None, []

    def on_session_end(self, stimulus):
        pass

    def on_inspect_stack(self, stimulus):
        return [kit.stack(m["id"] for m, _ in reversed(self.stack))]

    # -- triggers --------------------------------------------------------------------------

    def trigger(self, event, makes_eligible=False):
        """Evaluates one trigger event at the current time; returns the observations."""
        self.out = []
        t = self.now
        matching = [m for m in self.delivered if any(matches(tr, event, t) for tr in m["triggers"])]
        offered = False
        if not matching:
            self.out += self.no_matching_trigger(event)
        else:
            # A message waiting (on the stack, on its delay) has not been displayed: still a candidate.
            # Re-eligibility is judged at the ready time, trigger time + delay, as the interval is.
            candidates = [m for m in matching if self.eligible(m, t + m["delay_ms"])]
            if not candidates:
                # Every match was displayed and is not re-eligible: no message may be triggered.
                self.out += self.no_matching_trigger(event)
            # The minimum interval is checked before priority; a trigger inside it is dropped.
            passing = [m for m in candidates if m["test_send"] or self.interval_passed(t + m["delay_ms"])]
            winner = self.highest_priority(passing)
            if winner is not None:
                if winner["delay_ms"] == 0:
                    offered = self.become_ready(winner, t)
                else:
                    self.order += 1
                    self.waiting.append((t + winner["delay_ms"], self.order, winner, t))
        if makes_eligible and not offered:
            self.offer()
        return self.out

    def no_matching_trigger(self, event):
        """The no-matching-trigger callback, for an event that triggers no message."""
        return [kit.no_matching_trigger(kit.trigger_event(event))]

    def highest_priority(self, messages):
        """The message of highest priority; a tie goes to the later message."""
        winner = None
        for message in messages:
            if winner is None or message["priority"] >= winner["priority"]:
                winner = message
        return winner

    def eligible(self, message, t):
        last = self.last_display.get(message["id"])
        if last is None:
            return True
        return message["reeligibility_ms"] is not None and t >= last + message["reeligibility_ms"]

    def interval_passed(self, t):
        return self.last_display_overall is None or t - self.last_display_overall >= self.interval

    def become_ready(self, message, trigger_time):
        """A triggered message is ready: unless it is past its timeout (judged first, and then by
        its display attempt), its eligibility (another firing may have displayed it) and the
        interval are checked again; then it is stacked and offered."""
        if not self.past_timeout(message, trigger_time):
            if not self.eligible(message, self.now):
                return False
            if not message["test_send"] and not self.interval_passed(self.now):
                return False
        self.push(message, trigger_time)
        self.offer()
        return True

    def past_timeout(self, message, trigger_time):
        """Whether a display now comes at or after the trigger time + the timeout (the delay + 30 s
        when the message has none)."""
        timeout = message["timeout_ms"]
        if timeout is None:
            timeout = message["delay_ms"] + 30_000
        return self.now >= trigger_time + timeout

    # -- the stack and displays ------------------------------------------------------------

    def push(self, message, trigger_time):
        self.stack = [entry for entry in self.stack if entry[0]["id"] != message["id"]]
        self.stack.append((message, trigger_time))

    def offer(self, taken_by_app=False):
        if taken_by_app and self.profile == "braze-swift" and self.visible is not None:
            # presentNext() with a message visible: the top stays where it was, unobserved,
            # whatever its timeout or the app's state (validateNoMessagePresented comes first).
            return
        if self.stack:
            message, trigger_time = self.stack.pop()
            self.attempt_display(message, trigger_time)

    def attempt_display(self, message, trigger_time):
        mid = message["id"]
        if self.past_timeout(message, trigger_time):
            return self.out.append(kit.discarded(mid, "timeout"))
        if not self.foreground:
            return self.stacked(message, trigger_time, "background")
        if self.visible is not None:
            return self.stacked(message, trigger_time, "message_visible")
        if self.device == "phone" and message["orientation"] not in ("any", self.orientation):
            return self.out.append(kit.discarded(mid, "orientation"))
        if self.profile == "appboy-legacy" and message["type"] in ("full", "modal_image") and message["image"] is None:
            return self.out.append(kit.discarded(mid, "missing_image"))
        if "fails" in (message["image"], message["zip"]):
            return self.out.append(kit.discarded(mid, "asset_failed"))
        self.out.append(kit.displayed(mid, message["extras"]))
        self.out.append(kit.impression_logged(mid))
        self.visible = (message, False)
        self.stack = [entry for entry in self.stack if entry[0]["id"] != mid]
        self.last_display[mid] = self.now
        self.last_display_overall = self.now

    def stacked(self, message, trigger_time, reason):
        self.push(message, trigger_time)
        self.out.append(kit.stacked(message["id"], reason))


# -- matching triggers and property filters ------------------------------------------------


def matches(trigger, event, now):
    kind, event_kind = trigger["kind"], event["kind"]
    if kind == "session_start":
        return event_kind == "session_start"
    if kind == "any_purchase":
        return event_kind == "purchase"
    if kind == "purchase":
        return event_kind == "purchase" and event["product"] == trigger["product"] \
            and filters_hold(trigger["filters"], event["properties"], now)
    if kind == "custom_event":
        return event_kind == "custom_event" and event["name"] == trigger["name"] \
            and filters_hold(trigger["filters"], event["properties"], now)
    if kind == "push_click":
        return event_kind == "push_click" and trigger["campaign"] in (None, event["campaign"])
    return False


def filters_hold(groups, properties, now):
    """Every group holds, and a group holds when any of its conditions does."""
    return all(any(condition_holds(c, properties, now) for c in group) for group in groups)


def value_type(value):
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, dict):
        return "time"
    return "string"


def condition_holds(condition, properties, now):
    op = condition["operator"]
    present = condition["property"] in properties
    value = properties.get(condition["property"])
    if op == "does_not_exist":
        return not present
    if op == "exists":
        return present
    if op == "not_equals":
        return not present or not same(value, condition["value"])
    if op == "does_not_match":
        # Holds unless the property is a string in which the expression finds a match.
        return not present or value_type(value) != "string" or re.search(condition["value"], value) is None
    if not present:
        return False
    if op == "equals":
        return same(value, condition["value"])
    if op in ("greater_than", "less_than", "at_least", "at_most"):
        if value_type(value) != "number":
            return False
        operand = condition["value"]
        return {"greater_than": value > operand, "less_than": value < operand,
                "at_least": value >= operand, "at_most": value <= operand}[op]
    if op == "matches":
        return value_type(value) == "string" and re.search(condition["value"], value) is not None
    if value_type(value) != "time":
        return False
    t, span = value["time_ms"], condition["span_ms"]
    # Seconds ago (or in the future) compared with the span, once: no second bound.
    if op == "within_last":
        return now - t <= span
    if op == "more_than_ago":
        return now - t >= span
    if op == "less_than_in_future":
        return t - now < span
    if op == "more_than_in_future":
        return t > now + span
    return False


def same(left, right):
    """Same type and value; integers and reals compare as numbers."""
    return value_type(left) == value_type(right) and left == right


if __name__ == "__main__":
    sys.exit(main())
