"""Writes a suite of N valid iamspec cases for scripts/bench, with its rules.yaml.

The cases use a realistic mix of simple shapes whose outcome the reference semantics settle
plainly (a session-start message displayed, priorities among custom-event messages, a trigger
dropped by the minimum interval and a later one displayed, property filters, delayed displays,
purchases, a message stacked behind a visible one); every case passes on the reference engine.
Files hold ten cases each, alternately as one sequence document and as one document per case.

Usage: generate_suite.py --cases N --out DIR
Prints one line: `cases=N runs=N steps=N files=N bytes=N`, where runs counts a case once per
profile it holds for, and steps counts every step of every run.
"""

import argparse
import json
import os
import re

PROFILES = ("braze-swift", "appboy-legacy")
CASES_PER_FILE = 10
MODELINE = "# yaml-language-server: $schema=schema.json\n"

# Each rule with the behavioural capability that gates it, as Specs/rules.yaml gates its own
# (`capability:`), so that the suite passes `iamspec lint` with its needs proven, not only with
# --no-proof.
RULES = [
    ("bench.session-start-display", "A message triggered by the session start is displayed at once.", None),
    ("bench.priority", "Among the messages an event triggers, the highest priority is displayed.", "priority"),
    (
        "bench.minimum-interval",
        "A trigger within the minimum interval of the last display is dropped.",
        "minimum-interval",
    ),
    ("bench.property-filters", "A trigger's property filters decide whether an event matches it.", None),
    ("bench.delay", "A delayed message is displayed when its delay has passed.", None),
    ("bench.purchase", "Purchase triggers match their product; any_purchase matches every purchase.", None),
    ("bench.stacking", "A message triggered while another is visible waits on the stack.", None),
]

PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9 _.\-]*[A-Za-z0-9_.]$|^[A-Za-z_]$")
RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n"}


class Flow:
    """A mapping or list written in flow style (`{a: 1}`, `[a, b]`)."""

    def __init__(self, value):
        self.value = value


def scalar(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if PLAIN.match(value) and value.lower() not in RESERVED:
        return value
    return json.dumps(value)


def flow(value) -> str:
    if isinstance(value, Flow):
        value = value.value
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    return scalar(value)


def block(value, indent: int = 0) -> list[str]:
    """The lines of a node in block style (flow for Flow nodes and scalars)."""
    pad = " " * indent
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                lines.append(f"{pad}{key}:")
                lines.extend(block(item, indent + (0 if isinstance(item, list) else 2)))
            else:
                lines.append(f"{pad}{key}: {flow(item)}")
        return lines
    if isinstance(value, list):
        lines = []
        for item in value:
            inner = block(item, indent + 2) if isinstance(item, (dict, list)) and item else [pad + "  " + flow(item)]
            lines.append(pad + "- " + inner[0][indent + 2 :])
            lines.extend(inner[1:])
        return lines
    return [pad + flow(value)]


def session_display(n: int) -> dict:
    message = f"welcome-{n}"
    return {
        "title": f"A session-start modal is displayed at once, with its extras (variant {n})",
        "rules": ["bench.session-start-display"],
        "tags": ["bench", "session"],
        "given": {
            "messages": [
                {"id": message, "type": "modal", "triggers": ["session_start"], "extras": {"campaign": f"c{n}"}}
            ]
        },
        "steps": [
            "session_start",
            {"expect": {"sequence": [{"displayed": message, "extras": Flow({"campaign": f"c{n}"})}]}},
            {"dismiss": message},
            "session_end",
            {"expect": "nothing"},
        ],
    }


def priority(n: int) -> dict:
    event = f"level-up-{n % 7}"
    base = n % 5
    messages = [
        Flow({"id": "low", "priority": base + 1, "triggers": [{"custom_event": event}]}),
        Flow({"id": "high", "priority": base + 5, "type": "slideup", "triggers": [{"custom_event": event}]}),
        Flow({"id": "mid", "priority": base + 3, "triggers": [{"custom_event": event}]}),
    ]
    return {
        "title": f"The highest priority wins, then the next once the first was shown (variant {n})",
        "rules": ["bench.priority"],
        "tags": ["bench", "priority"],
        "given": {"messages": messages[n % 3 :] + messages[: n % 3]},
        "steps": [
            "session_start",
            {"expect": "nothing"},
            {"custom_event": event},
            {"expect": {"sequence": [{"displayed": "high"}]}},
            {"dismiss": "high"},
            {"advance": 30},
            {"custom_event": event},
            {"expect": {"sequence": [{"displayed": "mid"}]}},
        ],
    }


def minimum_interval(n: int) -> dict:
    interval = 20 + 10 * (n % 3)
    early = interval // 2
    return {
        "title": f"A trigger {early} s after a display is dropped under a {interval} s interval (variant {n})",
        "rules": ["bench.minimum-interval"],
        "tags": ["bench", "interval"],
        "profiles": [PROFILES[n % 2]],
        "given": {
            "config": {"minimum_trigger_interval": interval},
            "messages": [
                {"id": "first", "triggers": [{"custom_event": "open-shop"}]},
                {"id": "second", "type": "html", "triggers": [{"custom_event": "open-cart"}]},
            ],
        },
        "steps": [
            "session_start",
            {"custom_event": "open-shop"},
            {"expect": {"sequence": [{"displayed": "first"}]}},
            {"dismiss": "first"},
            {"advance": early},
            {"custom_event": "open-cart"},
            {"expect": "nothing"},
            {"advance": interval - early + 1},
            {"custom_event": "open-cart"},
            {"expect": {"sequence": [{"displayed": "second"}]}},
        ],
    }


def property_filters(n: int) -> dict:
    threshold = 10 + n % 50
    filters = [
        {"property": "amount", "greater_than": threshold},
        [Flow({"property": "currency", "equals": "EUR"}), Flow({"property": "currency", "equals": "USD"})],
        Flow({"property": "coupon", "does_not_exist": True}),
    ]
    return {
        "title": f"Only a checkout over {threshold} in EUR or USD without coupon triggers (variant {n})",
        "rules": ["bench.property-filters"],
        "tags": ["bench", "filters"],
        "given": {
            "messages": [{"id": "upsell", "triggers": [{"custom_event": {"name": "checkout", "filters": filters}}]}]
        },
        "steps": [
            "session_start",
            {"custom_event": {"name": "checkout", "properties": Flow({"amount": threshold, "currency": "EUR"})}},
            {"custom_event": {"name": "checkout", "properties": Flow({"amount": threshold + 5, "currency": "GBP"})}},
            {"custom_event": {"name": "checkout", "properties": Flow({"amount": threshold + 5, "coupon": "X"})}},
            {"expect": {"absent": [{"displayed": "*"}]}},
            {"custom_event": {"name": "checkout", "properties": Flow({"amount": threshold + 0.5, "currency": "USD"})}},
            {"expect": {"sequence": [{"displayed": "upsell"}]}},
        ],
    }


def delay(n: int) -> dict:
    seconds = 5 + n % 11
    return {
        "title": f"A message with a {seconds} s delay is displayed once the delay has passed (variant {n})",
        "rules": ["bench.delay"],
        "tags": ["bench", "delay"],
        "given": {"messages": [{"id": "later", "delay": seconds, "triggers": [{"custom_event": "browse"}]}]},
        "steps": [
            "session_start",
            {"custom_event": "browse"},
            {"advance": seconds - 1},
            {"expect": "nothing"},
            {"advance": 2},
            {"expect": {"sequence": [{"displayed": "later"}]}},
        ],
    }


def purchase(n: int) -> dict:
    product = f"sku-{n % 97}"
    return {
        "title": f"A purchase of {product} shows its message; another product shows the any-purchase one (variant {n})",
        "rules": ["bench.purchase", "bench.priority"],
        "tags": ["bench", "purchase"],
        "given": {
            "messages": [
                # The product's message first: a tie would go to the later one, `any`, so the
                # case depends on priority.
                {"id": "product", "priority": 2, "type": "modal", "triggers": [{"purchase": product}]},
                {"id": "any", "priority": 1, "triggers": ["any_purchase"]},
            ]
        },
        "steps": [
            "session_start",
            {"purchase": {"product": product, "price": 9.99}},
            {"expect": {"sequence": [{"displayed": "product"}], "rules": Flow(["bench.purchase", "bench.priority"])}},
            {"dismiss": "product"},
            {"advance": 31},
            {"purchase": "other-product"},
            {"expect": {"sequence": [{"displayed": "any"}], "rules": Flow(["bench.purchase"])}},
        ],
    }


def stacking(n: int) -> dict:
    return {
        "title": f"A message triggered while another is visible waits on the stack (variant {n})",
        "rules": ["bench.stacking"],
        "tags": ["bench", "stack"],
        "requires": ["stack-inspection"],
        "given": {
            "messages": [
                {"id": "first", "triggers": ["session_start"]},
                {"id": "second", "type": "modal", "triggers": [{"custom_event": "tap"}]},
            ]
        },
        "steps": [
            "session_start",
            {"expect": {"sequence": [{"displayed": "first"}]}},
            {"advance": 31},
            {"custom_event": "tap"},
            {"expect": {"sequence": [{"stacked": "second", "reason": "message_visible"}], "stack": Flow(["second"])}},
            {"dismiss": "first"},
            "display_next",
            {"expect": {"sequence": [{"displayed": "second"}], "stack": Flow([])}},
        ],
    }


SHAPES = [session_display, priority, minimum_interval, property_filters, delay, purchase, stacking]


def make_case(number: int) -> dict:
    shape = SHAPES[number % len(SHAPES)]
    return {"id": f"bench.{shape.__name__.replace('_', '-')}.{number:05d}", **shape(number)}


def runs_and_steps(case: dict) -> tuple[int, int]:
    runs = len(case.get("profiles", PROFILES))
    return runs, runs * len(case["steps"])


def file_text(cases: list[dict], as_sequence: bool) -> str:
    if as_sequence:
        return MODELINE + "\n".join(block(cases)) + "\n"
    documents = ["\n".join(block(case)) for case in cases]
    return MODELINE + "\n---\n".join(documents) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, required=True)
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()

    os.makedirs(arguments.out, exist_ok=True)
    with open(os.path.join(arguments.out, "rules.yaml"), "w", encoding="utf-8") as rules:
        for rule_id, title, capability in RULES:
            rules.write(
                f"- id: {rule_id}\n  title: {json.dumps(title)}\n  kind: clarification\n"
                + (f"  capability: {capability}\n" if capability else "")
                + "  source: scripts/bench-support/generate_suite.py (benchmark cases)\n"
            )

    total_runs = total_steps = files = 0
    for start in range(0, arguments.cases, CASES_PER_FILE):
        cases = [make_case(number) for number in range(start + 1, min(start + CASES_PER_FILE, arguments.cases) + 1)]
        folder = os.path.join(arguments.out, f"part-{start // 1000:03d}")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"cases-{start:06d}.yaml"), "w", encoding="utf-8") as output:
            output.write(file_text(cases, as_sequence=files % 2 == 0))
        files += 1
        for case in cases:
            runs, steps = runs_and_steps(case)
            total_runs += runs
            total_steps += steps

    size = sum(
        os.path.getsize(os.path.join(folder, name))
        for folder, _, names in os.walk(arguments.out)
        for name in names
        if name.endswith(".yaml")
    )
    print(f"cases={arguments.cases} runs={total_runs} steps={total_steps} files={files} bytes={size}")


if __name__ == "__main__":
    main()
