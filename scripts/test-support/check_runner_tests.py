#!/usr/bin/env python3
"""Checks a test runner's report of the suite against the results stream of the same run.

Usage: check_runner_tests.py FLAVOUR REPORT RESULTS [IAMSPEC_JUNIT]

FLAVOUR is how the runner writes its JUnit XML: `junit5` (the JUnit console launcher's
--reports-dir file, which names a dynamic test by its display name in system-out), `pytest`
(--junitxml) or `node` (--test-reporter=junit). The report must hold exactly one test per case run
of RESULTS (iamspec run --json), named `case-id [profile]`; a skipped run a skipped test whose
reason holds the run's; a failed or errored run a failed test whose text holds, whitespace aside,
the failure text of IAMSPEC_JUNIT (iamspec's JUnit report of the run: the console's text) when
given, else the run's message; a passed run a test that passed. Prints the counts.
"""

import json
import re
import sys
import xml.etree.ElementTree as ElementTree


def flat(text):
    return " ".join((text or "").split())


def runner_tests(flavour, report):
    """name -> (outcome, text) for each test of the runner's report; fails on a name twice."""
    tests = {}
    for case in ElementTree.parse(report).iter("testcase"):
        name = case.get("name")
        if flavour == "junit5":
            found = re.search(r"^display-name: (.*)$", case.findtext("system-out") or "", re.MULTILINE)
            name = found.group(1) if found else name
        outcome, text = "passed", ""
        for kind in ("skipped", "failure", "error"):
            element = case.find(kind)
            if element is not None:
                outcome = "skipped" if kind == "skipped" else "failed"
                text = flat(element.get("message")) + " " + flat(element.text)
        if name in tests:
            sys.exit(f"{report}: two tests named {name!r}")
        tests[name] = (outcome, text)
    return tests


def failure_texts(junit):
    texts = {}
    for case in ElementTree.parse(junit).iter("testcase"):
        profile = case.get("classname", "").split(".")[1]
        for kind in ("failure", "error"):
            element = case.find(kind)
            if element is not None:
                texts[f"{case.get('name')} [{profile}]"] = flat(element.text)
    return texts


def main(flavour, report, results, junit=None):
    with open(results, encoding="utf-8") as stream:
        runs = [record for record in map(json.loads, stream) if record.get("record") == "case"]
    tests = runner_tests(flavour, report)
    texts = failure_texts(junit) if junit else {}
    problems = []
    expected = {f"{run['id']} [{run['profile']}]": run for run in runs}
    for name in sorted(set(tests) - set(expected)):
        problems.append(f"a test named {name!r}, which is no case run of {results}")
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    for name, run in expected.items():
        if name not in tests:
            problems.append(f"no test named {name!r}")
            continue
        outcome, text = tests[name]
        wanted = {"passed": "passed", "failed": "failed", "error": "failed", "skipped": "skipped"}[run["status"]]
        if outcome != wanted:
            problems.append(f"{name}: {outcome}, expected {wanted}")
            continue
        counts[outcome] += 1
        if outcome == "skipped" and flat(run.get("skip_reason") or run["message"]) not in text:
            problems.append(f"{name}: skipped without the run's reason {run.get('skip_reason')!r}: {text!r}")
        if outcome == "failed" and flat(texts.get(name, run["message"])) not in text:
            problems.append(f"{name}: failed without the failure text ({texts.get(name, run['message'])[:80]!r}...)")
    for problem in problems[:20]:
        print(f"{report}: {problem}", file=sys.stderr)
    if problems:
        sys.exit(f"{report}: {len(problems)} problems against {results}")
    print(f"{flavour}: {len(tests)} tests for {len(runs)} case runs, named `case-id [profile]`: "
          f"{counts['passed']} passed, {counts['failed']} failed (with the console's failure text), "
          f"{counts['skipped']} skipped (with their reasons)")


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5) or sys.argv[1] not in ("junit5", "pytest", "node"):
        sys.exit(__doc__)
    main(*sys.argv[1:])
