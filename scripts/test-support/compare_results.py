"""Checks that two results streams hold the same outcomes, case run by case run.

Usage: compare_results.py EXPECTED.jsonl ACTUAL.jsonl
       compare_results.py --whole EXPECTED.jsonl ACTUAL.jsonl

Each case run (id and profile) must be in both streams with the same status, message and
timeline (every step with its observations); wall-clock durations and engine names may differ.
Used to prove that the reference engine gives identical results in-process and over the stdio
protocol.

With --whole, the streams must be the same bytes, line by line, but for the circumstances of
the run: the header's started_at, jobs, invocation and executor, each case's
duration_ms, and the footer's re-run lines (which the invocation and the executor make). Used to
prove that the portable executor (`iamspec run-compiled`) writes what `iamspec run` writes.
"""

import json
import re
import sys

# What may differ between two runs of the same results: (pattern, replacement) on a line's text.
STRING = r'"(?:[^"\\]|\\.)*"'
CIRCUMSTANCES = [
    (re.compile(r'"started_at":' + STRING), '"started_at":""'),
    (re.compile(r'"jobs":[0-9]+'), '"jobs":0'),
    (re.compile(r'"executor":' + STRING + ','), ''),
    (re.compile(r'"invocation":\{(?:' + STRING + r'|[^{}"])*\},'), ''),
    (re.compile(r'"duration_ms":[0-9]+'), '"duration_ms":0'),
    (re.compile(r'"rerun":' + STRING), '"rerun":""'),
]


def comparable_lines(path):
    with open(path, encoding="utf-8") as stream:
        lines = stream.read().split("\n")
    for pattern, replacement in CIRCUMSTANCES:
        lines = [pattern.sub(replacement, line) for line in lines]
    return lines


def compare_whole(expected_path, actual_path):
    expected, actual = comparable_lines(expected_path), comparable_lines(actual_path)
    problems = []
    for number, (left, right) in enumerate(zip(expected, actual), start=1):
        if left != right:
            problems.append(f"line {number} differs:\n  {left}\n  {right}")
    if len(expected) != len(actual):
        problems.append(f"{expected_path} has {len(expected)} lines, {actual_path} {len(actual)}")
    for problem in problems[:20]:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        sys.exit(f"{len(problems)} differences between {expected_path} and {actual_path}")
    if len(expected) < 3:
        sys.exit(f"no case run in {expected_path}")
    print(f"{len(expected) - 3} case runs, header and footer identical but for the run's circumstances")


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
    if len(sys.argv) == 4 and sys.argv[1] == "--whole":
        compare_whole(sys.argv[2], sys.argv[3])
        return
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
