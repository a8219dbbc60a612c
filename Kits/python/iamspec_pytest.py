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
    runs, verdicts = read_runs(results), _verdicts(junit)
    if junit is None and _judged_by_baseline(results):
        raise pytest.UsageError(
            f"the results stream {results} was judged by a baseline, whose verdict is in its JUnit report: give it "
            f"with --iamspec-junit (IAMSPEC_JUNIT), or write it with `iamspec report {results} --junit FILE`")
    if folder is not None:  # the run's own files, read: none is left behind
        shutil.rmtree(folder, ignore_errors=True)
    for record in runs:
        items.append(CaseRun.from_parent(session, name=f"{record['id']} [{record['profile']}]", record=record,
                                         verdict=verdicts.get((record["id"], record["profile"]))))
    for (name, suite), verdict in verdicts.items():
        if suite == _BASELINE_SUITE:
            record = {"id": name, "profile": suite, "status": "failed", "message": verdict[1]}
            items.append(CaseRun.from_parent(session, name=f"baseline: {name}", record=record, verdict=verdict))


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


def read_runs(path):
    """The case records of a results stream, in its order."""
    with open(path, encoding="utf-8") as stream:
        records = [json.loads(line) for line in stream if line.strip()]
    return [record for record in records if record.get("record") == "case"]


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


def _judged_by_baseline(path):
    """Whether the footer of a results stream holds the baseline that judged it."""
    with open(path, encoding="utf-8") as stream:
        records = [json.loads(line) for line in stream if line.strip()]
    return any(record.get("record") == "footer" and record.get("baseline") for record in records)


class CaseRunFailed(Exception):
    """A case run that failed or errored; its text is the report's."""


class CaseRun(pytest.Item):
    """One run of one case under one profile, as its results record says it went."""

    def __init__(self, *, record, verdict, **kwargs):
        super().__init__(**kwargs)
        self.record = record
        self.verdict = verdict  # iamspec's JUnit report's: ("failed", text), ("skipped", message) or None
        self.failure_text = verdict[1] if verdict and verdict[0] == "failed" else record["message"]

    def runtest(self):
        status = self.record["status"]
        if status == "skipped":
            pytest.skip(self.record.get("skip_reason") or self.record["message"])
        if status in ("failed", "error"):
            if self.verdict and self.verdict[0] == "skipped":  # an expected failure
                pytest.skip(self.verdict[1])
            raise CaseRunFailed(self.failure_text)
        if self.verdict and self.verdict[0] == "failed":  # an unexpected pass
            raise CaseRunFailed(self.failure_text)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, CaseRunFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, self.name
