#!/usr/bin/env python3
"""Checks the verdict an engine got, from the results stream of its `iamspec run --json`.

Usage: check_engine_verdict.py RESULTS clean
       check_engine_verdict.py RESULTS only-rule RULE_ID

`clean`: no run failed and none is an error, some passed, and every skipped run says why
(the capability the engine lacks, or the reason it gave for declining the case or a step).
`only-rule RULE_ID`: no run is an error, some failed, every failed run checks RULE_ID, and every
run of a case checking RULE_ID that was not skipped failed: the engine breaks that rule and no
other. Prints the engine's counts (and its skip reasons, most frequent first).
"""

import collections
import json
import sys


def read(path):
    """The header, the case records and the footer of a results stream."""
    header, cases, footer = None, [], None
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            record = json.loads(line)
            kind = record.get("record")
            if kind == "header":
                header = record
            elif kind == "case":
                cases.append(record)
            elif kind == "footer":
                footer = record
    if header is None or footer is None:
        sys.exit(f"{path}: no header or no footer: not a complete results stream")
    return header, cases, footer


def skip_kind(case, problems):
    """Why a run was skipped: `capability`, `profile`, `step` (the engine declined a step: the run
    names it and is located at it) or `case` (the engine declined the case, with its reason)."""
    reason = case.get("skip_reason") or case.get("message") or ""
    if reason.startswith("the engine lacks the capabilit"):
        return "capability"
    if reason.startswith("the engine does not support the profile"):
        return "profile"
    if case.get("kind") == "declined":
        if not reason.startswith("the engine declined `") or case.get("location", {}).get("line") is None:
            problems.append(f"{case['id']} [{case['profile']}]: a declined step that is not named or located: {reason}")
        return "step"
    return "case"


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in ("clean", "only-rule") or (sys.argv[2] == "only-rule") != (len(sys.argv) == 4):
        sys.exit(__doc__)
    path, mode = sys.argv[1], sys.argv[2]
    header, cases, footer = read(path)
    statuses = collections.Counter(case["status"] for case in cases)
    name = header.get("engine", {}).get("name", "the engine")
    print(f"{name}: {statuses['passed']} passed, {statuses['failed']} failed, "
          f"{statuses['skipped']} skipped, {statuses['error']} errors ({len(cases)} runs)")
    reasons = collections.Counter(case.get("skip_reason") or case.get("message") or "" for case in cases
                                  if case["status"] == "skipped")
    for reason, count in reasons.most_common():
        print(f"  skipped {count:3d}: {reason or '(no reason)'}")
    problems = []
    if footer.get("interrupted"):
        problems.append("the run was interrupted")
    if statuses["error"]:
        problems.append(f"{statuses['error']} runs are errors: " + ", ".join(
            f"{case['id']} [{case['profile']}]: {case.get('message', '')[:160]}"
            for case in cases if case["status"] == "error"))
    if "" in reasons:
        problems.append(f"{reasons['']} skipped runs give no reason")
    skips = collections.Counter(skip_kind(case, problems) for case in cases if case["status"] == "skipped")
    print(f"  skips: {skips['capability']} for capabilities the engine lacks, {skips['profile']} for profiles, "
          f"{skips['step']} declined steps, {skips['case']} declined cases")
    if mode == "clean":
        if statuses["failed"]:
            problems.append(f"{statuses['failed']} runs failed: " + ", ".join(
                f"{case['id']} [{case['profile']}]" for case in cases if case["status"] == "failed"))
        if not statuses["passed"]:
            problems.append("no run passed")
    else:
        rule = sys.argv[3]
        checks = [case for case in cases if rule in (r["id"] for r in case["rules"])]
        outside = [case for case in cases if case["status"] == "failed" and case not in checks]
        passing = [case for case in checks if case["status"] == "passed"]
        if not any(case["status"] == "failed" for case in checks):
            problems.append(f"no run of a case checking {rule} failed")
        if outside:
            problems.append(f"{len(outside)} failed runs do not check {rule}: " + ", ".join(
                f"{case['id']} [{case['profile']}]" for case in outside))
        if passing:
            problems.append(f"{len(passing)} runs checking {rule} passed: " + ", ".join(
                f"{case['id']} [{case['profile']}]" for case in passing))
        if not outside:
            print(f"  the {statuses['failed']} failed runs all check {rule}")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)


main()
