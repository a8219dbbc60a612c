"""Checks what Examples/PortableSuite's tests did: a Swift Testing test case per compiled run,
each skipped run cancelled with its reason, each failed run an issue, and the results stream
attached, holding every run.

Usage: check_portable_example.py SUITE.json EVENTS.jsonl ATTACHMENTS CONSOLE

SUITE.json is the compiled suite the tests ran; EVENTS.jsonl the Swift Testing event stream of
their run (the test bundle run with `--event-stream-output-path EVENTS.jsonl
--event-stream-version 0`), ATTACHMENTS the folder given to `--attachments-path`, CONSOLE what
`swift test` printed for the same tests. Fails (exit
status 1, each problem as `error: ...`) when:

- the test cases of the test over the runs are not exactly the runs, each once, named
  `case-id [profile]`;
- the attached `iamspec-results.jsonl` is missing, is not a portable run's stream, or does not
  hold every run, in report order;
- the test cases cancelled are not exactly the runs the stream says were skipped, each with the
  comment `skipped: REASON`; or the issues recorded are not one per failed or errored run;
- the console does not show each skipped run once, `iamspec: skipped CASE [PROFILE]: REASON`, each
  check skipped while the rest of its run was judged once, `iamspec: skipped a check of CASE
  [PROFILE]: WHERE: stack (the engine lacks stack-inspection)`, and the suite's four counts, `iamspec: N runs: N passed, N failed, N errors, N skipped`, as the
  results stream has them.

(`swift test`'s console prints a cancelled test case as passed, with no reason; the event stream,
which IDEs read, records it cancelled; the executor's own lines say why.)
"""

import json
import os
import sys


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    suite_path, events_path, attachments, console_path = sys.argv[1:]
    with open(suite_path, encoding="utf-8") as stream:
        suite = json.load(stream)
    runs = [f"{run['case']} [{run['profile']}]" for run in suite["runs"]]
    problems = []

    started, cancelled, issues = [], {}, []
    with open(events_path, encoding="utf-8") as stream:
        for line in stream:
            record = json.loads(line)
            if record.get("kind") != "event":
                continue
            payload = record["payload"]
            name = payload.get("_testCase", {}).get("displayName")
            kind = payload["kind"]
            if kind == "testCaseStarted" and name is not None:
                started.append(name)
            elif kind == "testCaseCancelled" and name is not None:
                cancelled[name] = payload.get("_comments", [])
            elif kind == "issueRecorded":
                issues.append(name)
    if sorted(started) != sorted(runs):
        missing = sorted(set(runs) - set(started))[:5]
        extra = sorted(set(started) - set(runs))[:5]
        problems.append(
            f"the test cases started are not the {len(runs)} runs, each once: {len(started)} started, "
            f"missing {missing}, not runs {extra}"
        )

    attached = os.path.join(attachments, "iamspec-results.jsonl")
    if not os.path.isfile(attached):
        problems.append(f"no results stream attached: {attached} is missing")
        results, verdict = [], {"passed": 0, "failed": 0, "errors": 0, "skipped": 0}
    else:
        with open(attached, encoding="utf-8") as stream:
            records = [json.loads(line) for line in stream if line.strip()]
        header, results = records[0], [record for record in records if record.get("record") == "case"]
        verdict = records[-1].get("verdict", {})
        if header.get("record") != "header" or header.get("executor") != "portable":
            problems.append(f"{attached}: the first line is not a portable run's header")
        if [f"{result['id']} [{result['profile']}]" for result in results] != runs:
            problems.append(f"{attached}: the case lines are not the suite's {len(runs)} runs in report order")

    skipped = {
        f"{result['id']} [{result['profile']}]": result["skip_reason"]
        for result in results
        if result["status"] == "skipped"
    }
    if set(cancelled) != set(skipped):
        problems.append(
            f"the test cases cancelled ({len(cancelled)}) are not the runs skipped ({len(skipped)}): "
            f"{sorted(set(cancelled) ^ set(skipped))[:5]}"
        )
    for name, reason in skipped.items():
        if name in cancelled and cancelled[name] != [f"skipped: {reason}"]:
            problems.append(f"{name}: cancelled with {cancelled[name]!r}, expected ['skipped: {reason}']")
    failing = sorted(f"{result['id']} [{result['profile']}]" for result in results if result["status"] in ("failed", "error"))
    if sorted(issues) != failing:
        problems.append(f"the issues recorded ({sorted(issues)}) are not one per failed or errored run ({failing})")
    problems += console_problems(console_path, results, skipped, verdict)

    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    passed = len(runs) - len(skipped) - len(failing)
    print(
        f"{len(runs)} runs, {len(runs)} test cases: {passed} passed, {len(skipped)} cancelled as skipped with "
        f"their reasons, {len(failing)} with an issue; the results stream attached, a line per run; "
        f"the console shows the {len(skipped)} skips with their reasons and the four counts"
    )


def console_problems(console_path, results, skipped, verdict):
    """What the console lacks: a line per skipped run with its reason, and the four counts."""
    with open(console_path, encoding="utf-8", errors="replace") as stream:
        lines = [line.rstrip("\n") for line in stream if line.startswith("iamspec: ")]
    problems = []
    check_prefix = "iamspec: skipped a check of "
    shown = sorted(line for line in lines if line.startswith("iamspec: skipped ") and not line.startswith(check_prefix))
    expected = sorted(f"iamspec: skipped {name}: {reason}" for name, reason in skipped.items())
    if shown != expected:
        problems.append(
            f"{console_path}: the skip lines ({len(shown)}) are not one per skipped run with its reason "
            f"({len(expected)}): {sorted(set(shown) ^ set(expected))[:3]}"
        )
    # A check skipped while the rest of its run was judged (a `stack` part on an engine without
    # stack-inspection): a line each, as the stream's skipped_checks list them.
    shown = sorted(line for line in lines if line.startswith(check_prefix))
    expected = sorted(
        f"{check_prefix}{result['id']} [{result['profile']}]: "
        f"{check['location']['file']}:{check['location']['line']}:{check['location']['column']}: "
        f"{check['check']} (the engine lacks {check['capability']})"
        for result in results
        for check in result.get("skipped_checks", [])
    )
    if shown != expected:
        problems.append(
            f"{console_path}: the skipped-check lines ({len(shown)}) are not one per skipped check of the "
            f"stream ({len(expected)}): {sorted(set(shown) ^ set(expected))[:3]}"
        )
    # The counts as the suite's baseline judges the runs (the footer's verdict): an expected
    # failure is counted as skipped, as `iamspec run --baseline` counts it.
    count = dict(verdict)
    expected = count.get("expected_failures", 0)
    totals = (
        f"iamspec: {len(results)} runs: {count['passed']} passed, {count['failed']} failed, "
        f"{count['errors']} error{'' if count['errors'] == 1 else 's'}, {count['skipped']} skipped"
        + (f" ({expected} expected failure{'' if expected == 1 else 's'})" if expected else "")
    )
    if lines.count(totals) != 1:
        problems.append(f"{console_path}: expected the counts line {totals!r} once, found {[line for line in lines if line not in shown]}")
    return problems


main()
