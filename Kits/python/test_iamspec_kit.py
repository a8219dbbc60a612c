"""Tests of iamspec_kit's protocol loop: conversations fed to `serve`, answers read back; and of its
observation builders, one for each observation of the protocol versions it speaks.

Run: python3 -m unittest discover -s Kits/python (scripts/test does, in its kits stage).
"""

import contextlib
import io
import json
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import iamspec_kit as kit  # noqa: E402

IDENTITY = {"name": "test-engine", "version": "0.1", "profiles": ["braze-swift"], "capabilities": ["analytics"]}
CONFIG = {"minimum_trigger_interval_ms": 30000, "device": "phone", "orientation": "portrait", "delegate": "absent"}


def case(seq=None, case_id="c", delegate="absent"):
    request = {"type": "case", "case_id": case_id, "profile": "braze-swift",
               "config": dict(CONFIG, delegate=delegate), "messages": []}
    if seq is not None:
        request["seq"] = seq
    return request


def stimulus(kind, seq=None, **keys):
    request = {"type": "stimulus", "stimulus": dict({"kind": kind}, **keys)}
    if seq is not None:
        request["seq"] = seq
    return request


class Counter:
    """An adapter counting custom events, declining what it does not know."""

    closed = []

    def __init__(self, case):
        if case.config["delegate"] != "absent":
            raise kit.Unsupported("no delegate here")
        self.case = case
        self.count = 0

    def on_custom_event(self, stimulus):
        self.count += 1
        print("a debug line from the adapter")  # must not reach the protocol's stdout
        return [kit.displayed(stimulus["name"], {"n": str(self.count)})]

    def on_advance(self, stimulus):
        return 1 / 0 if stimulus["by_ms"] == 13 else None

    def on_click(self, stimulus):
        return {"kind": "click_logged"}  # a dict, not a list: an adapter bug

    def on_session_start(self, stimulus):
        raise kit.Unsupported("sessions are not mapped")

    def on_inspect_stack(self, stimulus):
        return iter([kit.stack(["b", "a"])])

    def close(self):
        Counter.closed.append(self.case.case_id)


def converse(requests, factory=Counter):
    """Serves the requests (dicts, or raw lines as str) and returns the answers, decoded, and
    what went to stderr."""
    lines = b"".join((r if isinstance(r, str) else json.dumps(r)).encode() + b"\n" for r in requests)
    source, sink, errors = io.BytesIO(lines), io.BytesIO(), io.StringIO()
    with contextlib.redirect_stderr(errors):
        status = kit.serve(factory, stdin=source, stdout=sink, **IDENTITY)
    assert status == 0
    return [json.loads(line) for line in sink.getvalue().decode().splitlines()], errors.getvalue()


class HandshakeTests(unittest.TestCase):
    def test_protocol_2_is_answered_with_2_the_identity_and_pipelining(self):
        answers, _ = converse([{"type": "hello", "protocol": 2}])
        self.assertEqual(answers, [dict({"type": "hello_reply", "protocol": 2, "pipelining": True}, **IDENTITY)])

    def test_protocol_1_is_answered_with_1_without_pipelining(self):
        answers, _ = converse([{"type": "hello", "protocol": 1}])
        self.assertEqual(answers[0]["protocol"], 1)
        self.assertNotIn("pipelining", answers[0])

    def test_an_unknown_version_is_answered_with_the_newest(self):
        answers, _ = converse([{"type": "hello", "protocol": 7}])
        self.assertEqual(answers[0]["protocol"], 2)

    def test_a_version_is_a_number_never_a_boolean_and_is_answered_as_an_integer(self):
        answers, _ = converse(['{"type":"hello","protocol":true}', '{"type":"hello","protocol":1.0}'])
        self.assertEqual([(answer["protocol"], type(answer["protocol"])) for answer in answers], [(2, int), (1, int)])
        self.assertEqual(answers[0]["pipelining"], True)
        self.assertNotIn("pipelining", answers[1])

    def test_a_request_longer_than_the_limit_is_an_error_and_the_next_is_answered(self):
        limit = 1 << 20  # a message is at most 1 MiB, its line end left out (Specs/PROTOCOL.md)
        answers, _ = converse(["x" * (limit + 10), "y" * limit, {"type": "hello", "protocol": 2}])
        self.assertEqual(answers[0], {"type": "error", "message":
                                      f"the request is longer than the protocol's limit of {limit} bytes"})
        self.assertTrue(answers[1]["message"].startswith("the request is not JSON"))  # at the limit: read
        self.assertEqual(answers[2]["type"], "hello_reply")

    def test_a_request_nested_deeper_than_python_reads_is_an_error_and_the_next_is_answered(self):
        deep = "[" * (sys.getrecursionlimit() + 10) + "]" * (sys.getrecursionlimit() + 10)
        answers, _ = converse(['{"type":"case","seq":1,"messages":' + deep + "}", {"type": "hello", "protocol": 2}])
        self.assertEqual(answers[0]["type"], "error")
        self.assertTrue(answers[0]["message"].startswith("the request is not JSON (maximum recursion depth"))
        self.assertEqual(answers[1]["type"], "hello_reply")


class SeqTests(unittest.TestCase):
    def test_a_seq_that_is_none_is_an_error_answer_every_line_of_it_json(self):
        served = ['{"type":"case","seq":1e400}', '{"type":"case","seq":-Infinity}', '{"type":"case","seq":NaN}',
                  '{"type":"end_case","seq":"x"}', '{"type":"end_case","seq":true}', '{"type":"end_case","seq":[NaN]}',
                  '{"type":"end_case","seq":0}', '{"type":"end_case","seq":2.5}', '{"type":"end_case","seq":3}']
        lines = b"".join(line.encode() + b"\n" for line in [json.dumps({"type": "hello", "protocol": 2})] + served)
        sink = io.BytesIO()
        with contextlib.redirect_stderr(io.StringIO()):
            kit.serve(Counter, stdin=io.BytesIO(lines), stdout=sink, **IDENTITY)

        def no_constant(name):
            raise ValueError(f"{name} is not JSON")
        answers = [json.loads(line, parse_constant=no_constant) for line in sink.getvalue().decode().splitlines()]
        self.assertEqual([(answer["type"], answer.get("seq")) for answer in answers[1:]], [
            ("error", None), ("error", None), ("error", None), ("error", "x"), ("error", True), ("error", None),
            ("error", 0), ("error", 2.5), ("ended", 3)])
        self.assertEqual(answers[1]["message"], "the request's seq is a number out of range, expected an integer of "
                                                "at least 1")
        self.assertEqual(answers[6]["message"], "the request's seq is a list, expected an integer of at least 1")


class ProtocolTwoTests(unittest.TestCase):
    def test_every_answer_echoes_its_requests_seq(self):
        answers, errors = converse([
            {"type": "hello", "protocol": 2}, case(seq=1),
            stimulus("custom_event", seq=2, name="tap"), stimulus("custom_event", seq=3, name="tap"),
            {"type": "end_case", "seq": 4}, {"type": "shutdown", "seq": 5},
        ])
        self.assertEqual(answers[1:], [
            {"type": "ready", "seq": 1},
            {"type": "observations", "seq": 2,
             "observations": [{"kind": "displayed", "message": "tap", "extras": {"n": "1"}}]},
            {"type": "observations", "seq": 3,
             "observations": [{"kind": "displayed", "message": "tap", "extras": {"n": "2"}}]},
            {"type": "ended", "seq": 4},
        ])
        self.assertIn("a debug line from the adapter", errors)

    def test_a_declined_stimulus_is_unsupported_and_the_next_case_runs(self):
        answers, _ = converse([
            {"type": "hello", "protocol": 2}, case(seq=1), stimulus("session_start", seq=2, sync="complete"),
            {"type": "end_case", "seq": 3}, case(seq=4), stimulus("advance", seq=5, by_ms=1),
        ])
        self.assertEqual(answers[2], {"type": "unsupported", "seq": 2, "reason": "sessions are not mapped"})
        self.assertEqual(answers[3:], [{"type": "ended", "seq": 3}, {"type": "ready", "seq": 4},
                                       {"type": "observations", "seq": 5, "observations": []}])

    def test_a_stimulus_without_a_method_is_unsupported_naming_it(self):
        answers, _ = converse([{"type": "hello", "protocol": 2}, case(seq=1), stimulus("keyboard_shown", seq=2)])
        self.assertEqual(answers[2], {"type": "unsupported", "seq": 2,
                                      "reason": "this engine does not implement the keyboard_shown stimulus: "
                                                "the kit looked for a method on_keyboard_shown(self, stimulus), "
                                                "then handle(self, stimulus)"})

    def test_a_misspelt_method_is_named_with_the_one_the_kit_calls(self):
        class Misspelt:
            def __init__(self, case):
                self.case = case

            def on_customevent(self, stimulus):  # the kit calls on_custom_event
                return [kit.displayed(stimulus["name"])]

        answers, _ = converse([{"type": "hello", "protocol": 2}, case(seq=1), stimulus("custom_event", seq=2, name="e")],
                              factory=Misspelt)
        self.assertEqual(answers[2]["type"], "unsupported")
        self.assertIn("the kit looked for a method on_custom_event(self, stimulus)", answers[2]["reason"])
        self.assertIn("did you mean on_customevent?", answers[2]["reason"])

    def test_a_declined_case_is_skipped(self):
        answers, _ = converse([{"type": "hello", "protocol": 2}, case(seq=1, delegate="implemented")])
        self.assertEqual(answers[1], {"type": "skipped", "seq": 1, "reason": "no delegate here"})


class ProtocolOneTests(unittest.TestCase):
    def test_no_seq_a_declined_stimulus_is_an_error_and_end_case_is_not_answered(self):
        answers, _ = converse([{"type": "hello", "protocol": 1}, case(), stimulus("session_start", sync="complete"),
                               {"type": "end_case"}, case()])
        self.assertEqual(answers[1:], [{"type": "ready"},
                                       {"type": "error", "message": "unsupported: sessions are not mapped"},
                                       {"type": "ready"}])


class FaultTests(unittest.TestCase):
    def test_an_exception_is_an_error_naming_it_and_its_line_and_the_process_stays_usable(self):
        answers, errors = converse([
            {"type": "hello", "protocol": 2}, case(seq=1), stimulus("advance", seq=2, by_ms=13),
            {"type": "end_case", "seq": 3}, case(seq=4), stimulus("advance", seq=5, by_ms=1),
        ])
        self.assertEqual(answers[2]["type"], "error")
        self.assertEqual(answers[2]["seq"], 2)
        self.assertRegex(answers[2]["message"], r"^ZeroDivisionError while handling the advance stimulus: "
                                                r"division by zero at test_iamspec_kit\.py:\d+ in on_advance$")
        self.assertIn("Traceback", errors)
        self.assertEqual(answers[3:], [{"type": "ended", "seq": 3}, {"type": "ready", "seq": 4},
                                       {"type": "observations", "seq": 5, "observations": []}])

    def test_an_exception_making_the_engine_is_an_error_for_that_case(self):
        def broken(case):
            raise KeyError("profile")
        answers, _ = converse([{"type": "hello", "protocol": 2}, case(seq=1, case_id="x")], factory=broken)
        self.assertRegex(answers[1]["message"], r"^KeyError while making the engine for case x: 'profile' at ")

    def test_a_wrong_return_value_is_an_error_saying_what_was_expected(self):
        answers, _ = converse([{"type": "hello", "protocol": 2}, case(seq=1), stimulus("click", seq=2, message="m")])
        self.assertEqual(answers[2]["message"], "TypeError while handling the click stimulus: "
                                                "the click handler returned a dict, expected a list of observations")

    def test_an_iterable_is_a_list_of_observations(self):
        answers, _ = converse([{"type": "hello", "protocol": 2}, case(seq=1), stimulus("inspect_stack", seq=2)])
        self.assertEqual(answers[2]["observations"], [{"kind": "stack", "messages": ["b", "a"]}])

    def test_a_line_that_is_not_json_is_an_error_and_the_next_request_is_answered(self):
        answers, _ = converse(["{not json", {"type": "hello", "protocol": 2}])
        self.assertEqual(answers[0]["type"], "error")
        self.assertTrue(answers[0]["message"].startswith("the request is not JSON"))
        self.assertEqual(answers[1]["type"], "hello_reply")

    def test_a_stimulus_outside_a_case_is_an_error(self):
        answers, _ = converse([{"type": "hello", "protocol": 2}, stimulus("advance", seq=1, by_ms=1)])
        self.assertEqual(answers[1]["type"], "error")


class LifecycleTests(unittest.TestCase):
    def test_end_case_closes_the_adapter_and_shutdown_stops_reading(self):
        Counter.closed = []
        answers, _ = converse([
            {"type": "hello", "protocol": 2}, case(seq=1, case_id="first"), {"type": "end_case", "seq": 2},
            case(seq=3, case_id="second"), {"type": "shutdown", "seq": 4}, {"type": "hello", "protocol": 2},
        ])
        self.assertEqual([answer["type"] for answer in answers], ["hello_reply", "ready", "ended", "ready"])
        self.assertEqual(answers[2]["seq"], 2)  # nothing after shutdown is read
        self.assertEqual(Counter.closed, ["first", "second"])

    def test_the_end_of_input_ends_the_loop_and_restores_stdout(self):
        stdout = sys.stdout
        answers, _ = converse([{"type": "hello", "protocol": 2}, case(seq=1)])
        self.assertEqual(len(answers), 2)
        self.assertIs(sys.stdout, stdout)


# The protocol's own definitions, in this checkout: what an engine may observe, version by version.
DEFINITIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Specs", "schemas", "protocol",
                           "definitions.json")


def observation_kinds():
    """Each observation the protocol defines: {kind: (the version it came with, its schema)}. A kind
    whose description starts "Protocol N:" came with version N; every other one with version 1."""
    with open(DEFINITIONS, encoding="utf-8") as file:
        observation = json.load(file)["$defs"]["observation"]
    kinds = {}
    for schema in observation["oneOf"]:
        came_with = re.match(r"Protocol (\d+):", schema.get("description", ""))
        kinds[schema["properties"]["kind"]["const"]] = (int(came_with.group(1)) if came_with else 1, schema)
    return kinds


def sample(key, schema):
    """A value the schema accepts for one of an observation's keys."""
    enum = schema["properties"][key].get("enum")
    return enum[0] if enum else {"message": "m", "messages": ["m"], "event": {"kind": "session_start"}}[key]


class ObservationBuilderTests(unittest.TestCase):
    def test_every_observation_of_the_versions_the_kit_speaks_has_a_builder(self):
        kinds = observation_kinds()
        self.assertIn("displayed", kinds)
        for kind, (came_with, schema) in kinds.items():
            if came_with > max(kit.PROTOCOLS):
                continue
            with self.subTest(kind=kind):
                self.assertIn(kind, kit.__all__, f"the kit speaks protocol {came_with} but has no builder for {kind}")
                # Its arguments are the observation's keys, in the order the schema requires them.
                keys = [key for key in schema["required"] if key != "kind"]
                built = getattr(kit, kind)(*[sample(key, schema) for key in keys])
                self.assertEqual(built, dict({"kind": kind}, **{key: sample(key, schema) for key in keys}))


if __name__ == "__main__":
    unittest.main()
