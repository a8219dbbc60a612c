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
message. Put this file (and nothing else) on sys.path, beside iamspec_kit.py.
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
    runs, texts = read_runs(results), _failure_texts(junit)
    if folder is not None:  # the run's own files, read: none is left behind
        shutil.rmtree(folder, ignore_errors=True)
    for record in runs:
        items.append(CaseRun.from_parent(session, name=f"{record['id']} [{record['profile']}]", record=record,
                                         failure_texts=texts))


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
    finished = subprocess.run([tool, "run", *specs, "--engine-command", command, "--json", results, "--junit", junit],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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
    texts = {}
    if junit is None or not os.path.exists(junit):
        return texts
    for case in ElementTree.parse(junit).iter("testcase"):
        classname = case.get("classname", "").split(".")
        for outcome in list(case.iter("failure")) + list(case.iter("error")):
            if len(classname) >= 2 and classname[0] == "iamspec":
                texts[(case.get("name"), classname[1])] = outcome.text or outcome.get("message", "")
    return texts


class CaseRunFailed(Exception):
    """A case run that failed or errored; its text is the report's."""


class CaseRun(pytest.Item):
    """One run of one case under one profile, as its results record says it went."""

    def __init__(self, *, record, failure_texts, **kwargs):
        super().__init__(**kwargs)
        self.record = record
        self.failure_text = failure_texts.get((record["id"], record["profile"]), record["message"])

    def runtest(self):
        status = self.record["status"]
        if status == "skipped":
            pytest.skip(self.record.get("skip_reason") or self.record["message"])
        if status in ("failed", "error"):
            raise CaseRunFailed(self.failure_text)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, CaseRunFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, self.name
