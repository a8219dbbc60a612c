"""Checks recorded stdio protocol traffic against the published schemas, message by message.

Usage: check_protocol_traffic.py CHECK_JSONSCHEMA SCHEMA_DIRECTORY WORK_DIRECTORY RECORDING_DIRECTORY...

Each RECORDING_DIRECTORY holds what record_protocol.py wrote: <pid>.to-engine.jsonl (iamspec's
requests) and <pid>.from-engine.jsonl (the engine's answers). Every line must be a JSON object
with a string `type`; the messages are grouped by type, and each group is validated with
check-jsonschema against SCHEMA_DIRECTORY/<type>.json (through a wrapper schema for an array of
them, written to WORK_DIRECTORY). Fails when a line is not such a message, when a message type
that occurred has no schema, when a message travels the wrong way (the schema's title says
"(iamspec to engine)" or "(engine to iamspec)"), when nothing was recorded in either direction,
or when check-jsonschema finds a message invalid. Each conversation (one process's pair of
recordings) is also checked for `end_case`: in protocol 2 every one is answered by `ended` with
its `seq`, in protocol 1 none is answered. Prints how many messages of each type were validated.
"""

import glob
import json
import os
import re
import subprocess
import sys
import time

DIRECTIONS = {".to-engine.jsonl": "iamspec to engine", ".from-engine.jsonl": "engine to iamspec"}


def read_messages(recordings, problems):
    """The recorded messages by type (each as its recording file and line, and the message), and
    the directions each type travelled."""
    by_type, directions = {}, {}
    for recording in recordings:
        for path in sorted(glob.glob(os.path.join(recording, "*.jsonl"))):
            direction = next((name for suffix, name in DIRECTIONS.items() if path.endswith(suffix)), None)
            if direction is None:
                problems.append(f"{path}: not a recording (expected *.to-engine.jsonl or *.from-engine.jsonl)")
                continue
            with open(path, encoding="utf-8") as stream:
                for number, line in enumerate(stream, start=1):
                    try:
                        message = json.loads(line)
                    except ValueError as error:
                        problems.append(f"{path}:{number}: not JSON ({error}): {line[:120]!r}")
                        continue
                    kind = message.get("type") if isinstance(message, dict) else None
                    if not isinstance(kind, str):
                        problems.append(f"{path}:{number}: found no string \"type\" in {line[:120]!r}")
                        continue
                    by_type.setdefault(kind, []).append((f"{path}:{number}", message))
                    directions.setdefault(kind, set()).add(direction)
    return by_type, directions


def read_lines(path):
    """The JSON objects of one recording; lines that are not are reported by read_messages."""
    messages = []
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, dict):
                messages.append(message)
    return messages


def check_end_of_cases(recordings, problems):
    """Each conversation's `end_case` requests against its `ended` answers; returns how many
    conversations of each protocol were checked."""
    checked = {}
    for recording in recordings:
        for requests_path in sorted(glob.glob(os.path.join(recording, "*.to-engine.jsonl"))):
            answers_path = requests_path[: -len(".to-engine.jsonl")] + ".from-engine.jsonl"
            requests = read_lines(requests_path)
            answers = read_lines(answers_path) if os.path.isfile(answers_path) else []
            reply = next((answer for answer in answers if answer.get("type") == "hello_reply"), None)
            if reply is None:
                continue
            protocol = reply.get("protocol")
            ended_cases = [request.get("seq") for request in requests if request.get("type") == "end_case"]
            ended = [answer.get("seq") for answer in answers if answer.get("type") == "ended"]
            if protocol == 2 and ended != ended_cases[: len(ended)]:
                problems.append(f"{answers_path}: `ended` answers seq {ended}, the end_case requests were {ended_cases}")
            elif protocol == 2 and len(ended_cases) - len(ended) > 1:
                # Only the last end_case may go unanswered: the conversation can be cut there.
                problems.append(f"{answers_path}: {len(ended_cases)} end_case requests, {len(ended)} `ended` answers")
            elif protocol == 1 and ended:
                problems.append(f"{answers_path}: a protocol-1 engine answered end_case with `ended`")
            checked[protocol] = checked.get(protocol, 0) + 1
    return checked


def schema_direction(schema_path):
    """The direction a message schema's title names, e.g. "iamspec to engine"."""
    with open(schema_path, encoding="utf-8") as stream:
        title = json.load(stream).get("title", "")
    return next((name for name in DIRECTIONS.values() if f"({name})" in title), None)


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    check_jsonschema, schemas, work = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    started = time.monotonic()
    problems = []
    by_type, directions = read_messages(sys.argv[4:], problems)
    conversations = check_end_of_cases(sys.argv[4:], problems)
    travelled = set().union(*directions.values()) if directions else set()
    for direction in DIRECTIONS.values():
        if direction not in travelled:
            problems.append(f"no message recorded from {direction}")
    os.makedirs(work, exist_ok=True)
    checks = []
    for kind in sorted(by_type):
        schema = os.path.join(schemas, f"{kind}.json")
        if not os.path.isfile(schema):
            problems.append(f"message type {kind!r} occurred {len(by_type[kind])} times and has no schema {schema}")
            continue
        expected = schema_direction(schema)
        if directions[kind] != {expected}:
            problems.append(f"{kind}: its schema says {expected!r}, recorded {sorted(directions[kind])}")
        instances = os.path.join(work, f"{kind}.messages.json")
        wrapper = os.path.join(work, f"{kind}.array.schema.json")
        with open(instances, "w", encoding="utf-8") as stream:
            json.dump([message for _, message in by_type[kind]], stream)
        with open(wrapper, "w", encoding="utf-8") as stream:
            json.dump({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "array",
                       "items": {"$ref": f"{kind}.json"}}, stream)
        # The schemas' $ids name them without being fetchable: relative references resolve in the
        # schema folder, as if the wrapper were there.
        command = [check_jsonschema, "--base-uri", f"file://{schemas}/{kind}.array.schema.json",
                   "--schemafile", wrapper, instances]
        checks.append((kind, subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)))
    for kind, check in checks:
        output, _ = check.communicate()
        if check.returncode != 0:
            # check-jsonschema names a message by its place in the array: name its recording too.
            places = sorted({int(index) for index in re.findall(r"::\$\[(\d+)\]", output)})
            origins = "".join(f"\n  $[{index}] is {by_type[kind][index][0]}" for index in places[:20])
            problems.append(f"{kind}: check-jsonschema refused messages:\n{output.strip()}{origins}")
    for kind in sorted(by_type):
        print(f"{len(by_type[kind]):6d}  {kind:<13} ({' and '.join(sorted(directions[kind]))})")
    unseen = sorted(os.path.basename(path)[:-5] for path in glob.glob(os.path.join(schemas, "*.json"))
                    if os.path.basename(path)[:-5] not in by_type and os.path.basename(path) != "definitions.json")
    if unseen:
        print(f"no message recorded of type: {', '.join(unseen)}")
    print("end_case and ended agree in " + ", ".join(
        f"{count} protocol-{protocol} conversations" for protocol, count in sorted(conversations.items(), key=str)))
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        sys.exit(f"{len(problems)} problems in the recorded protocol traffic")
    total = sum(len(messages) for messages in by_type.values())
    print(f"{total} messages of {len(by_type)} types valid against {schemas} "
          f"({time.monotonic() - started:.1f} s)")


main()
