#!/usr/bin/env python3
"""An example iamspec engine in Python, standard library only.

Run the suite against it:

    iamspec run --engine-command "python3 Fixtures/engines/example_engine.py"

It speaks iamspec's stdio protocol (Specs/PROTOCOL.md): iamspec writes one JSON object per
line on the engine's stdin, and the engine answers each request with one JSON object per line
on its stdout. Anything else (logs, tracebacks) goes to stderr, which iamspec shows when a case
errors.

It implements a real part of the delivery rules: triggers and property filters, priority with
ties to the later message, the minimum trigger interval (checked at trigger time and again at
display time), delays and timeouts, re-eligibility, the LIFO stack, display_next, dismiss,
click, the app in the background, relaunch, change_user, the legacy image rule, and
impressions and clicks. It declares only the capabilities it implements (`analytics`,
`stack-inspection`), so iamspec skips the cases that need others (keyboard, orientation,
assets, delegate choices, local messages, session sync). What it still cannot do, it declines:
a case whose app implements the in-app message delegate is answered `skipped`, and a stimulus
it does not implement is answered `error`.

Your own engine does the same with your SDK's engine in place of the `Engine` class below.
"""

import json
import re
import sys

PROTOCOL = 1


def main():
    engine = None
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        kind = request["type"]
        if kind == "hello":
            send({
                "type": "hello_reply",
                "protocol": PROTOCOL,
                "name": "python-example",
                "version": "1.0.0",
                "profiles": ["braze-swift", "appboy-legacy"],
                "capabilities": ["analytics", "stack-inspection"],
            })
        elif kind == "case":
            if request["config"]["delegate"] != "absent":
                engine = None
                send({"type": "skipped", "reason": "this engine does not model the in-app message delegate"})
                continue
            engine = Engine(request["profile"], request["config"], request["messages"])
            send({"type": "ready"})
        elif kind == "stimulus":
            try:
                send({"type": "observations", "observations": engine.handle(request["stimulus"])})
            except Unsupported as problem:
                send({"type": "error", "message": str(problem)})
        elif kind == "end_case":
            engine = None
        elif kind == "shutdown":
            return


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


class Unsupported(Exception):
    """A stimulus this engine does not implement (its capability is not declared)."""


class Engine:
    """One run of one case. All times are virtual milliseconds."""

    def __init__(self, profile, config, messages):
        self.profile = profile
        self.interval = config["minimum_trigger_interval_ms"]
        self.device = config["device"]
        self.orientation = config["orientation"]
        self.given = messages  # delivered at each session start
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

    # -- stimuli ---------------------------------------------------------------------------

    def handle(self, stimulus):
        self.out = []
        kind = stimulus["kind"]
        if kind == "session_start":
            if stimulus["sync"] != "complete":
                raise Unsupported("session sync is not implemented")
            self.delivered = list(self.given)
            self.trigger({"kind": "session_start"}, makes_eligible=True)
        elif kind in ("custom_event", "purchase"):
            if stimulus["source"] == "sdk":  # events logged through the REST API never trigger
                self.trigger(stimulus)
        elif kind == "push_click":
            self.trigger(stimulus, makes_eligible=True)
        elif kind == "advance":
            self.advance(stimulus["by_ms"])
        elif kind == "display_next":
            self.offer()
        elif kind == "dismiss":
            if self.visible and self.visible[0]["id"] == stimulus["message"]:
                self.visible = None
        elif kind == "click":
            if self.visible and self.visible[0]["id"] == stimulus["message"] and not self.visible[1]:
                self.visible = (self.visible[0], True)
                self.out.append({"kind": "click_logged", "message": stimulus["message"]})
        elif kind == "background":
            self.foreground = False
        elif kind == "foreground":
            self.foreground = True
        elif kind == "relaunch":
            self.stack, self.waiting, self.visible, self.foreground = [], [], None, True
        elif kind == "change_user":
            # Changing to the current user does nothing; a change away from an identified user
            # also starts the new one afresh: no display seen, no interval running.
            if stimulus["user"] != self.user:
                if self.user is not None:
                    self.last_display, self.last_display_overall = {}, None
                self.user = stimulus["user"]
                self.stack, self.waiting, self.visible, self.delivered = [], [], None, []
        elif kind == "inspect_stack":
            self.out.append({"kind": "stack", "messages": [m["id"] for m, _ in reversed(self.stack)]})
        elif kind != "session_end":
            raise Unsupported(f"the stimulus {kind} is not implemented")
        return self.out

    def advance(self, span):
        end = self.now + span
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

    # -- triggers --------------------------------------------------------------------------

    def trigger(self, event, makes_eligible=False):
        """Evaluates one trigger event at the current time."""
        t = self.now
        matching = [m for m in self.delivered if any(matches(tr, event, t) for tr in m["triggers"])]
        offered = False
        if not matching:
            self.out.append({"kind": "no_matching_trigger", "event": trigger_event(event)})
        else:
            busy = {m["id"] for m, _ in self.stack} | {w[2]["id"] for w in self.waiting}
            candidates = [m for m in matching if m["id"] not in busy and self.eligible(m, t)]
            # The minimum interval is checked before priority; a trigger inside it is dropped.
            passing = [m for m in candidates if m["test_send"] or self.interval_passed(t + m["delay_ms"])]
            winner = None
            for message in passing:  # the highest priority; a tie goes to the later message
                if winner is None or message["priority"] >= winner["priority"]:
                    winner = message
            if winner is not None:
                if winner["delay_ms"] == 0:
                    offered = self.become_ready(winner, t)
                else:
                    self.order += 1
                    self.waiting.append((t + winner["delay_ms"], self.order, winner, t))
        if makes_eligible and not offered:
            self.offer()

    def eligible(self, message, t):
        last = self.last_display.get(message["id"])
        if last is None:
            return True
        return message["reeligibility_ms"] is not None and t >= last + message["reeligibility_ms"]

    def interval_passed(self, t):
        return self.last_display_overall is None or t - self.last_display_overall >= self.interval

    def become_ready(self, message, trigger_time):
        """A triggered message is ready: checked against the interval again, then stacked and offered."""
        if not message["test_send"] and not self.interval_passed(self.now):
            return False
        self.push(message, trigger_time)
        self.offer()
        return True

    # -- the stack and displays ------------------------------------------------------------

    def push(self, message, trigger_time):
        self.stack = [entry for entry in self.stack if entry[0]["id"] != message["id"]]
        self.stack.append((message, trigger_time))

    def offer(self):
        if self.stack:
            message, trigger_time = self.stack.pop()
            self.attempt_display(message, trigger_time)

    def attempt_display(self, message, trigger_time):
        mid = message["id"]
        timeout = message["timeout_ms"]
        if timeout is None:
            timeout = message["delay_ms"] + 30_000
        if self.now >= trigger_time + timeout:
            return self.discard(mid, "timeout")
        if not self.foreground:
            return self.stacked(message, trigger_time, "background")
        if self.visible is not None:
            return self.stacked(message, trigger_time, "message_visible")
        if self.device == "phone" and message["orientation"] not in ("any", self.orientation):
            return self.discard(mid, "orientation")
        if self.profile == "appboy-legacy" and message["type"] in ("full", "modal_image") and message["image"] is None:
            return self.discard(mid, "missing_image")
        if "fails" in (message["image"], message["zip"]):
            return self.discard(mid, "asset_failed")
        self.out.append({"kind": "displayed", "message": mid, "extras": message["extras"]})
        self.out.append({"kind": "impression_logged", "message": mid})
        self.visible = (message, False)
        self.last_display[mid] = self.now
        self.last_display_overall = self.now

    def stacked(self, message, trigger_time, reason):
        self.push(message, trigger_time)
        self.out.append({"kind": "stacked", "message": message["id"], "reason": reason})

    def discard(self, mid, reason):
        self.out.append({"kind": "discarded", "message": mid, "reason": reason})


# -- matching triggers and property filters ------------------------------------------------


def trigger_event(event):
    """The event as the no-matching-trigger callback reports it."""
    kind = event["kind"]
    if kind == "custom_event":
        return {"kind": kind, "name": event["name"]}
    if kind == "purchase":
        return {"kind": kind, "product": event["product"]}
    if kind == "push_click":
        return {"kind": kind, "campaign": event["campaign"]}
    return {"kind": kind}


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
    if op in ("matches", "does_not_match"):
        if value_type(value) != "string":
            return False
        found = re.search(condition["value"], value) is not None
        return found if op == "matches" else not found
    if value_type(value) != "time":
        return False
    t, span = value["time_ms"], condition["span_ms"]
    if op == "within_last":
        return now - span <= t <= now
    if op == "more_than_ago":
        return t < now - span
    if op == "less_than_in_future":
        return now < t < now + span
    if op == "more_than_in_future":
        return t > now + span
    return False


def same(left, right):
    """Same type and value; integers and reals compare as numbers."""
    return value_type(left) == value_type(right) and left == right


if __name__ == "__main__":
    main()
