"""A pytest plugin: iamspec's suite as pytest tests, one test per case run.

    pytest -p iamspec_pytest --iamspec-engine-command "python3 my_engine.py"
    pytest -p iamspec_pytest --iamspec-results results.jsonl [--iamspec-junit results.xml]

With --iamspec-engine-command the plugin runs `iamspec run SPECS --engine-command CMD --json ...
--junit ...` (the tool: --iamspec, else $IAMSPEC, else `iamspec` on PATH; the specs:
--iamspec-specs, default Specs) and reads what it wrote; with --iamspec-results it reads a results
stream written before (and the JUnit report beside it, --iamspec-junit, for the failure text).
Each option falls back on an environment variable: IAMSPEC_ENGINE_COMMAND, IAMSPEC_RESULTS,
IAMSPEC_JUNIT, IAMSPEC_SPECS (paths separated by os.pathsep).
Each case record becomes a test named `case-id [profile]`: a skipped run is pytest's skip with the
run's reason, a failed or errored run fails with the failure text the JUnit report holds (the
console's: the location and check, rules, given, timeline and re-run line), else the record's
message. --iamspec-baseline (IAMSPEC_BASELINE) gives the run it makes a baseline (--baseline). A
run judged by a baseline gets iamspec's verdict, read from the JUnit report (which a stream judged
by a baseline therefore needs): an expected failure is skipped with the report's `expected
failure: ...`, an unexpected pass fails, and each stale entry is a failing test `baseline: KEY`.
Put this file (and nothing else) on sys.path, beside iamspec_kit.py.
"""

import json
import os
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ElementTree

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("iamspec")
    group.addoption("--iamspec-engine-command", help="run the suite against this engine (iamspec run --engine-command)")
    group.addoption("--iamspec-results", help="read this results stream (iamspec run --json) instead of running")
    group.addoption("--iamspec-junit", help="with --iamspec-results: the JUnit report of the same run, for failure texts")
    group.addoption("--iamspec-specs", action="append", help="spec files or folders to run (default: Specs); repeatable")
    group.addoption("--iamspec", dest="iamspec_tool", help="the iamspec tool (default: $IAMSPEC, else iamspec on PATH)")
    group.addoption("--iamspec-baseline", help="with --iamspec-engine-command: judge the run by this baseline")


def pytest_collection_modifyitems(session, config, items):
    command = config.getoption("iamspec_engine_command") or os.environ.get("IAMSPEC_ENGINE_COMMAND")
    results = config.getoption("iamspec_results") or os.environ.get("IAMSPEC_RESULTS")
    if command is None and results is None:
        return
    junit = config.getoption("iamspec_junit") or os.environ.get("IAMSPEC_JUNIT")
    folder = None
    if command is not None:
        results, junit = _run_suite(config, command)
        folder = os.path.dirname(results)
    try:
        stream, verdicts = read_stream(results), _verdicts(junit)
    except StreamError as problem:
        raise pytest.UsageError(f"the results stream is not a finished run's, as `iamspec report` would say:\n{problem}")
    finally:
        if folder is not None:  # the run's own files, read: none is left behind
            shutil.rmtree(folder, ignore_errors=True)
    if junit is None and stream.judged_by_baseline:
        raise pytest.UsageError(
            f"the results stream {results} was judged by a baseline, whose verdict is in its JUnit report: give it "
            f"with --iamspec-junit (IAMSPEC_JUNIT), or write it with `iamspec report {results} --junit FILE`")
    failing = 0
    for case_id, profile, status, text, file, line in stream.runs:
        outcome, shown = _outcome(status, text, verdicts.get((case_id, profile)))
        failing += outcome == "failed"
        name = f"{case_id} [{profile}]"
        items.append(CaseRun.from_parent(session, name=name, nodeid=_node_id(config, file, name),
                                         outcome=outcome, text=shown, location=(file, line)))
    for (name, suite), (outcome, text) in verdicts.items():
        if suite == _BASELINE_SUITE:
            failing += 1
            items.append(CaseRun.from_parent(session, name=f"baseline: {name}", outcome="failed", text=text,
                                             location=(junit, None)))
    reasons = stream.reasons(failing)
    if reasons:
        items.append(CaseRun.from_parent(session, name="iamspec run", outcome="failed",
                                         text=f"{results}: the run is not green: " + "; ".join(reasons),
                                         location=(results, stream.footer_line)))


def _node_id(config, file, name):
    """`FILE::NAME`, FILE the case's file relative to pytest's root folder (pytest shows it relative to
    where it was started, as iamspec named it); None, for pytest's own, when the run has no file."""
    if not isinstance(file, str) or not file:
        return None
    return f"{os.path.relpath(os.path.abspath(file), str(config.rootpath))}::{name}"


def _outcome(status, text, verdict):
    """(outcome, text) of a case run's test, "passed", "failed" or "skipped": the run's status as
    iamspec's JUnit report judged it (`verdict`, when the run was judged by a baseline: an expected
    failure is skipped, an unexpected pass fails). Each status is matched by name."""
    if status == "passed":
        return ("failed", verdict[1]) if verdict and verdict[0] == "failed" else ("passed", "")
    if status in ("failed", "error"):
        if verdict and verdict[0] == "skipped":  # an expected failure
            return "skipped", verdict[1]
        return "failed", verdict[1] if verdict and verdict[0] == "failed" else text
    if status == "skipped":
        return "skipped", text
    raise ValueError(f"status {status!r} is none of {', '.join(STATUSES)}")  # read_stream refuses it first


def _tool(config):
    named = config.getoption("iamspec_tool") or os.environ.get("IAMSPEC")
    found = named if named else shutil.which("iamspec")
    if not found or not (os.path.isfile(found) or shutil.which(found)):
        raise pytest.UsageError(
            f"iamspec not found ({'--iamspec/IAMSPEC names ' + repr(named) if named else 'not on PATH'}): "
            "build it (swift build) and pass --iamspec PATH, set IAMSPEC=PATH, or put it on PATH; "
            "or give a results stream with --iamspec-results FILE")
    return found


def _run_suite(config, command):
    tool = _tool(config)
    folder = tempfile.mkdtemp(prefix="iamspec-pytest.")
    results, junit = os.path.join(folder, "results.jsonl"), os.path.join(folder, "results.xml")
    specs = config.getoption("iamspec_specs") or os.environ.get("IAMSPEC_SPECS", "Specs").split(os.pathsep)
    baseline = config.getoption("iamspec_baseline") or os.environ.get("IAMSPEC_BASELINE")
    judged = ["--baseline", baseline] if baseline else []
    finished = subprocess.run([tool, "run", *specs, "--engine-command", command, "--json", results, "--junit", junit,
                               *judged], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if finished.returncode not in (0, 1):
        raise pytest.UsageError(f"`{tool} run` exited with status {finished.returncode}:\n{finished.stdout}{finished.stderr}")
    return results, junit


# The longest line of a results stream the runner reads: a longer one is refused, not held.
LINE_LIMIT = 16 << 20

# A case record's statuses, each matched by name: any other is refused, never taken for a pass.
STATUSES = ("passed", "failed", "error", "skipped")


class StreamError(Exception):
    """A results stream the runner cannot take as a finished run's, as `iamspec report` refuses
    it: `path:line:col: error: what was found, what was expected`."""

    def __init__(self, path, line, message, column=1):
        super().__init__(f"{path}:{line}:{column}: error: {message}")


class Stream:
    """What the runner keeps of a results stream: each case run (id, profile, status, the text of
    a run that did not pass, its case's file and line), and the footer's reasons the run is not
    green beyond its case runs."""

    def __init__(self, runs, footer, footer_line):
        self.runs = runs
        self.footer = footer
        self.footer_line = footer_line
        self.judged_by_baseline = bool(footer.get("baseline"))

    def reasons(self, failing_tests):
        """Why the run is not green though `failing_tests` of its tests fail: `iamspec report`'s
        reasons that no case run shows (an interrupted run, runs not run, shards a merge lacks, a
        verdict failing for a run's late lines or warnings)."""
        footer, reasons = self.footer, []
        if footer.get("interrupted") is not False:
            reasons.append("the run was interrupted before every selected run was made")
        not_run = footer.get("not_run", 0)
        if not_run:
            reasons.append(f"{not_run} selected run{'' if not_run == 1 else 's'} not run")
        missing = footer.get("missing_shards")
        if missing:
            shards = ", ".join(map(str, missing)) if isinstance(missing, list) else str(missing)
            reasons.append(f"the merged stream lacks shard {shards}")
        verdict = footer.get("verdict")
        if isinstance(verdict, dict) and verdict.get("succeeded") is False and not reasons and not failing_tests:
            reasons.append(f"the run failed: {verdict.get('outcome')}")
        return reasons


def read_stream(path):
    """The results stream at `path`, read a line at a time (LINE_LIMIT), as `iamspec report` reads
    it: a header first, then case records whose status is one of STATUSES, then the footer, last,
    with the totals of the case records. Raises StreamError at the first line that does not fit."""
    runs, counted, footer, number = [], dict.fromkeys(STATUSES, 0), None, 0
    with open(path, "rb") as stream:
        while True:
            raw = stream.readline(LINE_LIMIT + 1)
            if not raw:
                break
            number += 1
            if len(raw.rstrip(b"\n")) > LINE_LIMIT:
                raise StreamError(path, number, f"found a line longer than {LINE_LIMIT} bytes, expected a results record")
            if footer is not None:
                raise StreamError(path, number - 1, "found records after the footer, expected the footer to be the last line")
            record = _record(raw.rstrip(b"\n"), path, number)
            kind = record.get("record")
            if number == 1:
                if kind != "header":
                    raise StreamError(path, 1, 'found no header record, expected the first line to be {"record": "header", ...}')
            elif kind == "case":
                runs.append(_case_run(record, path, number))
                counted[runs[-1][2]] += 1
            elif kind == "footer":
                footer = record
            else:
                raise StreamError(path, number, f'found a record of kind {json.dumps(kind)}, expected "case" or "footer"')
    if number == 0:
        raise StreamError(path, 1, 'found no header record, expected the first line to be {"record": "header", ...}')
    if footer is None:
        raise StreamError(path, number + 1, 'found no footer record, expected a last line {"record": "footer", ...}: '
                          "the run that wrote it did not finish")
    _check_totals(footer, counted, path, number)
    return Stream(runs, footer, number)


def _record(raw, path, number):
    """A line's JSON object, or StreamError: bytes that are not UTF-8, a line that is not JSON."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise StreamError(path, number, f"found bytes that are not UTF-8 ({problem.reason}), expected a results "
                          "record in UTF-8 text", problem.start + 1) from None
    try:
        record = json.loads(text, parse_constant=_no_constant)
    except ValueError as problem:
        column = getattr(problem, "colno", 1)
        raise StreamError(path, number, f"found a line that is not JSON ({getattr(problem, 'msg', problem)}): the "
                          "stream was cut or changed, expected a results record", column) from None
    except RecursionError:
        raise StreamError(path, number, "found a line nested deeper than the runner reads, expected a results record") from None
    if not isinstance(record, dict) or not isinstance(record.get("record"), str):
        raise StreamError(path, number, 'found a line that is not a JSON object with a "record" key, expected a results record')
    return record


def _no_constant(name):
    raise ValueError(f"found {name}, which is not JSON")


def _case_run(record, path, number):
    """(id, profile, status, text, file, line) of a case record: text is the skip's reason or the
    message of a run that did not pass, file and line its case's."""
    status = record.get("status")
    if status not in STATUSES:
        raise StreamError(path, number, f"found {json.dumps(status)} for status in a case record, expected one of "
                          + ", ".join(f'"{name}"' for name in STATUSES))
    for key in ("id", "profile", "message"):
        if not isinstance(record.get(key), str):
            raise StreamError(path, number, f"found {json.dumps(record.get(key))} for {key} in a case record, expected a string")
    location = record.get("location") if isinstance(record.get("location"), dict) else {}
    text = record.get("skip_reason") or record["message"] if status == "skipped" else record["message"]
    return (record["id"], record["profile"], status, text if status != "passed" else "",
            location.get("file"), location.get("line"))


def _check_totals(footer, counted, path, number):
    """StreamError unless the footer's totals are the case records' counts (`iamspec report`'s check)."""
    totals = footer.get("totals")
    expected = {"runs": counted["passed"] + counted["failed"] + counted["error"] + counted["skipped"],
                "passed": counted["passed"], "failed": counted["failed"] + counted["error"],
                "errors": counted["error"], "skipped": counted["skipped"]}
    found = {key: totals.get(key) for key in expected} if isinstance(totals, dict) else None
    if found != expected:
        raise StreamError(path, number, f"found a footer whose totals {json.dumps(found)} disagree with the case lines "
                          f"before it ({json.dumps(expected)}), expected the same counts: case lines were lost or added")
    if not isinstance(footer.get("interrupted"), bool):
        raise StreamError(path, number, "found a footer without interrupted: true or false, expected the run's footer")
    not_run = footer.get("not_run", 0)
    if isinstance(not_run, bool) or not isinstance(not_run, int) or not_run < 0:
        raise StreamError(path, number, f"found {json.dumps(not_run)} for not_run in the footer, expected an integer of at least 0")


def read_runs(path):
    """The case runs of a results stream, in its order, as (id, profile, status, text, file, line)."""
    return read_stream(path).runs


def _failure_texts(junit):
    """(case id, profile) -> the failure or error text of a JUnit report of iamspec's."""
    return {key: text for key, (outcome, text) in _verdicts(junit).items() if outcome == "failed"}


# The suite of a baseline's stale entries in iamspec's JUnit report (classname `iamspec.baseline`).
_BASELINE_SUITE = "baseline"


def _verdicts(junit):
    """(case id, profile) -> ("failed", the failure or error text) or ("skipped", the skip's message)
    of a JUnit report of iamspec's; a stale baseline entry is (key, "baseline")."""
    verdicts = {}
    if junit is None or not os.path.exists(junit):
        return verdicts
    for case in ElementTree.parse(junit).iter("testcase"):
        classname = case.get("classname", "").split(".")
        if len(classname) < 2 or classname[0] != "iamspec":
            continue
        key = (case.get("name"), classname[1])
        for outcome in list(case.iter("failure")) + list(case.iter("error")):
            verdicts[key] = ("failed", outcome.text or outcome.get("message", ""))
        for skipped in case.iter("skipped"):
            verdicts.setdefault(key, ("skipped", skipped.get("message", "")))
    return verdicts


class CaseRunFailed(Exception):
    """A case run that failed or errored; its text is the report's."""


class CaseRun(pytest.Item):
    """One run of one case under one profile, as its results record says it went (or a stale
    baseline entry, or the run's own verdict), placed at its case's file and line."""

    def __init__(self, *, outcome, text, location, **kwargs):
        super().__init__(**kwargs)
        self.outcome = outcome
        self.text = text
        self.location_in_suite = location

    def runtest(self):
        if self.outcome == "failed":
            raise CaseRunFailed(self.text)
        if self.outcome == "skipped":
            # Reported at reportinfo(), the case's file and line, as pytest reports its skip marks'
            # (_use_item_location, pytest 7 on); not at this line of the plugin.
            raise pytest.skip.Exception(self.text, _use_item_location=True)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, CaseRunFailed):
            text, (file, line) = str(excinfo.value), self.location_in_suite
            # The failing step's place when iamspec's JUnit report gave the text, else the case's.
            if isinstance(file, str) and file and not text.startswith(f"{file}:"):
                return f"{file}:{line or 1}: {text}"
            return text
        return super().repr_failure(excinfo)

    def reportinfo(self):
        file, line = self.location_in_suite
        if not isinstance(file, str) or not file:
            return self.path, 0, self.name
        return file, (line - 1 if isinstance(line, int) and line > 0 else 0), self.name
