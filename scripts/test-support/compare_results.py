"""Checks that two results streams hold the same outcomes, case run by case run.

Usage: compare_results.py EXPECTED.jsonl ACTUAL.jsonl

Each case run (id and profile) must be in both streams with the same status, message and
timeline (every step with its observations); wall-clock durations and engine names may differ.
Used to prove that the reference engine gives identical results in-process and over the stdio
protocol.
"""

import json
import sys


def case_runs(path):
    runs = {}
    with open(path, encoding="utf-8") as stream:
        for number, line in enumerate(stream, start=1):
            record = json.loads(line)
            if record.get("record") != "case":
                continue
            key = (record["id"], record["profile"])
            if key in runs:
                sys.exit(f"{path}:{number}:1: error: {key[0]} [{key[1]}] appears twice")
            runs[key] = {field: record.get(field) for field in ("status", "message", "timeline")}
    return runs


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    expected, actual = case_runs(sys.argv[1]), case_runs(sys.argv[2])
    problems = []
    for key in sorted(expected.keys() | actual.keys()):
        name = f"{key[0]} [{key[1]}]"
        if key not in actual:
            problems.append(f"{name}: missing from {sys.argv[2]}")
        elif key not in expected:
            problems.append(f"{name}: missing from {sys.argv[1]}")
        else:
            for field, value in expected[key].items():
                if actual[key][field] != value:
                    problems.append(f"{name}: {field} differs: {value!r} against {actual[key][field]!r}")
    for problem in problems[:40]:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        sys.exit(f"{len(problems)} differences between {sys.argv[1]} and {sys.argv[2]}")
    if not expected:
        sys.exit(f"no case run in {sys.argv[1]}")
    print(f"{len(expected)} case runs identical (status, message, timeline)")


main()
