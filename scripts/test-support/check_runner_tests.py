#!/usr/bin/env python3
"""Checks a test runner's report of the suite against the results stream of the same run.

Usage: check_runner_tests.py FLAVOUR REPORT RESULTS [IAMSPEC_JUNIT]

FLAVOUR is how the runner writes its JUnit XML: `junit5` (the JUnit console launcher's
--reports-dir file, which names a dynamic test by its display name in system-out), `pytest`
(--junitxml), `node` (--test-reporter=junit) or `iamspec` (iamspec's own, `iamspec run --junit`,
which the CI recipes' node:test jobs publish: a run's test case is named by its case id, with the
classname `iamspec.PROFILE.SUITE`). The report must hold exactly one test per case run
of RESULTS (iamspec run --json), named `case-id [profile]`; a skipped run a skipped test whose
reason holds the run's; a failed or errored run a failed test whose text holds, whitespace aside,
the failure text of IAMSPEC_JUNIT (iamspec's JUnit report of the run: the console's text) when
given, else the run's message; a passed run a test that passed. A run judged by a baseline takes
IAMSPEC_JUNIT's verdict: an expected failure a skipped test whose reason holds the report's
`expected failure: ...`, an unexpected pass a failed test with the report's text, and each stale
entry a failed test named `baseline: KEY` with the entry's line. A report that is published
(every flavour but `node`, whose tests stand outside any <testsuite>) must also be counted whole by
junitparser and xunitparser, as CI systems' readers count it. Prints the counts.
"""

import json
import re
import sys

import safe_xml

import check_junit


def flat(text):
    return " ".join((text or "").split())


def iamspec_test_name(case):
    """The runners' name of a test case of iamspec's JUnit report (classname `iamspec.PROFILE.SUITE`):
    `case-id [profile]`, or `baseline: KEY` for a stale baseline entry."""
    profile = case.get("classname", "").split(".")[1]
    return f"baseline: {case.get('name')}" if profile == "baseline" else f"{case.get('name')} [{profile}]"


def runner_tests(flavour, report):
    """name -> (outcome, text) for each test of the runner's report; fails on a name twice."""
    tests = {}
    for case in safe_xml.parse(report).iter("testcase"):
        name = case.get("name")
        if flavour == "junit5":
            found = re.search(r"^display-name: (.*)$", case.findtext("system-out") or "", re.MULTILINE)
            name = found.group(1) if found else name
        elif flavour == "iamspec":
            name = iamspec_test_name(case)
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


# The whole run's stream a re-run line of `iamspec run --json` names: the runners' texts never
# name it (a runner that runs the suite removes its stream; one given a stream names it apart).
WHOLE_RUN = re.compile(r" --whole-run (?:'(?:[^']|'\\'')*'|\S+)")

# The engine command of a re-run line of `iamspec run`, shell-quoted (bare, '...' or $'...'), and
# the comment after it: the runners' texts are made by `iamspec report` from the stream, which
# names a command it reads from a stream "$ENGINE" and shows it as data in the comment instead,
# unless the runner made the run and gives report the command (`--engine-command`).
ENGINE_WORD = re.compile(r" --engine-command (?:'(?:[^']|'\\'')*'|\$'(?:[^'\\]|\\.)*'|\S+)")
NOT_CARRIED = " # not carried: the environment the engine command inherited (set its variables as in the run)"
RECORDED = " # ENGINE: the engine command to test, yours to set; the results stream records, as data: "


# The program a re-run line starts: `iamspec report` starts the line with itself, as it was
# started, not with the program the stream records.
PROGRAM = re.compile(r"re-run: (?:'(?:[^']|'\\'')*'|\S+) run ")


def sans_program(text):
    """`text` with each re-run line's program left out, as two tools started otherwise agree."""
    return PROGRAM.sub("re-run: run ", text)


def as_read_from_the_stream(text, engine_command):
    """A failure text of `iamspec run`'s JUnit as `iamspec report` writes it from the run's stream:
    the engine command (`engine_command`, from the stream's header) named "$ENGINE", and shown as
    data after the line."""
    if engine_command is None or NOT_CARRIED not in text:
        return text
    text = ENGINE_WORD.sub(' --engine-command "$ENGINE"', text)
    return text.replace(NOT_CARRIED, RECORDED + flat(engine_command))


def junit_verdicts(junit):
    """name -> (outcome, text) for each test case of iamspec's JUnit report that did not pass: a
    failure or error with its text (its re-run line without the whole run's stream), a skip with
    its message; a stale baseline entry is named `baseline: KEY`."""
    verdicts = {}
    for case in safe_xml.parse(junit).iter("testcase"):
        name = iamspec_test_name(case)
        for kind in ("failure", "error"):
            element = case.find(kind)
            if element is not None:
                verdicts[name] = ("failed", WHOLE_RUN.sub("", flat(element.text)))
        skipped = case.find("skipped")
        if name not in verdicts and skipped is not None:
            verdicts[name] = ("skipped", flat(skipped.get("message")))
    return verdicts


def reader_problems(report, count):
    """What junitparser and xunitparser, two of the readers CI systems use, count short of the
    report's `count` test cases (a test case outside any <testsuite> is one they do not count)."""
    problems = []
    try:
        counted = check_junit.junitparser_totals(report, problems)
        by_reader = {"junitparser": counted.passed + counted.failed + counted.errors + counted.skipped}
    except Exception as error:  # a reader that cannot read the report counts nothing in it
        problems.append(f"junitparser cannot read it: {type(error).__name__}: {error}")
        by_reader = {}
    try:
        counted = check_junit.xunitparser_totals(report)
        by_reader["xunitparser"] = counted.passed + counted.failed + counted.errors + counted.skipped
    except Exception as error:
        problems.append(f"xunitparser cannot read it: {type(error).__name__}: {error}")
    for reader, tests in by_reader.items():
        if tests != count:
            problems.append(f"{reader} counts {tests} tests in it, expected its {count} test cases")
    return problems


def main(flavour, report, results, junit=None):
    with open(results, encoding="utf-8") as stream:
        records = list(map(json.loads, stream))
    runs = [record for record in records if record.get("record") == "case"]
    header = next((record for record in records if record.get("record") == "header"), {})
    engine_command = (header.get("invocation") or {}).get("engine_command")
    tests = runner_tests(flavour, report)
    verdicts = junit_verdicts(junit) if junit else {}
    problems = []
    expected = {f"{run['id']} [{run['profile']}]": run for run in runs}
    stale = {name: verdict for name, verdict in verdicts.items() if name.startswith("baseline: ")}
    for name in sorted(set(tests) - set(expected) - set(stale)):
        problems.append(f"a test named {name!r}, which is no case run of {results}")
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    wanted_outcomes = {"passed": "passed", "failed": "failed", "error": "failed", "skipped": "skipped"}
    judged = {name: (wanted_outcomes[run["status"]], None) for name, run in expected.items()}
    for name, run in expected.items():
        if run["status"] != "skipped" and name in verdicts:
            judged[name] = verdicts[name]  # iamspec's verdict: the baseline's, when the run had one
    judged.update(stale)
    for name, (wanted, text_wanted) in judged.items():
        if name not in tests:
            problems.append(f"no test named {name!r}")
            continue
        outcome, text = tests[name]
        if outcome != wanted:
            problems.append(f"{name}: {outcome}, expected {wanted}")
            continue
        counts[outcome] += 1
        run = expected.get(name, {})
        if text_wanted is None and outcome == "skipped":
            text_wanted = flat(run.get("skip_reason") or run["message"])
        if text_wanted is None and outcome == "failed":
            text_wanted = flat(run["message"])
        if outcome == "passed":
            continue
        # The engine command in full (a runner that made the run gives it to report), or as report
        # names the one it reads from a stream, on either side: iamspec's JUnit made from a merged
        # stream names it "$ENGINE" where the runner that made its shard's run gives it in full.
        # The whole run a re-run line names is left out on both sides (each names its own stream).
        forms = (text_wanted, as_read_from_the_stream(text_wanted, engine_command))
        seen = WHOLE_RUN.sub("", text)
        texts = (seen, as_read_from_the_stream(seen, engine_command))
        if not any(sans_program(form) in sans_program(candidate) for form in forms for candidate in texts):
            problems.append(f"{name}: {outcome} without the text {text_wanted[:80]!r}...: {text[:80]!r}")
    if flavour != "node":
        problems.extend(reader_problems(report, len(tests)))
    for problem in problems[:20]:
        print(f"{report}: {problem}", file=sys.stderr)
    if problems:
        sys.exit(f"{report}: {len(problems)} problems against {results}")
    print(f"{flavour}: {len(tests)} tests for {len(runs)} case runs and {len(stale)} stale baseline entries, "
          f"named `case-id [profile]`: {counts['passed']} passed, {counts['failed']} failed (with the console's failure text), "
          f"{counts['skipped']} skipped (with their reasons)")


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5) or sys.argv[1] not in ("junit5", "pytest", "node", "iamspec"):
        sys.exit(__doc__)
    main(*sys.argv[1:])
