"""A pytest plugin: iamspec's suite as pytest tests, one test per case run.

    pytest -p iamspec_pytest --iamspec-engine-command "python3 my_engine.py"
    pytest -p iamspec_pytest --iamspec-results results.jsonl

With --iamspec-engine-command the plugin runs `iamspec run SPECS --engine-command CMD --json ...`
(the specs: --iamspec-specs, default Specs); with --iamspec-results it takes a results stream
written before. Either way the verdict is iamspec's own: the plugin runs `iamspec report STREAM
--runner-records FILE` (the tool: --iamspec, else $IAMSPEC, else `iamspec` on PATH) and maps its
records to pytest tests, judging nothing itself. Each option falls back on an environment
variable: IAMSPEC_ENGINE_COMMAND, IAMSPEC_RESULTS, IAMSPEC_SPECS (paths separated by os.pathsep).
Each case run is a test named `case-id [profile]` at its case's file and line: a skipped run (an
expected failure of a baseline among them) is pytest's skip with iamspec's reason, a failed or
errored run (an unexpected pass among them) fails with iamspec's failure text (location and check,
rules, given, timeline and re-run line); each stale baseline entry is a failing test `baseline:
KEY`, and whatever else fails the run (interrupted, runs not run, late lines, missing shards) one
more failing test, `iamspec run`. A stream `iamspec report` refuses stops pytest with a usage error
holding report's own `path:line:col: error: ...`. --iamspec-baseline (IAMSPEC_BASELINE) gives the
run the plugin makes a baseline (--baseline); --iamspec-partial (IAMSPEC_PARTIAL=1) asks for
`iamspec report --partial`. `iamspec report` may take --iamspec-report-timeout seconds
(IAMSPEC_REPORT_TIMEOUT; default 600): one that has not ended then (a FIFO no one writes) is killed,
a usage error saying so. --iamspec-junit (IAMSPEC_JUNIT) is accepted and unused: the failure
texts come from iamspec itself. Every text is shown as iamspec made it, already inert.
Put this file (and nothing else) on sys.path, beside iamspec_kit.py.
"""

import json
import os
import shutil
import subprocess
import tempfile

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("iamspec")
    group.addoption("--iamspec-engine-command", help="run the suite against this engine (iamspec run --engine-command)")
    group.addoption("--iamspec-results", help="read this results stream (iamspec run --json) instead of running")
    group.addoption("--iamspec-junit", help="accepted and unused: the failure texts come from iamspec report")
    group.addoption("--iamspec-specs", action="append", help="spec files or folders to run (default: Specs); repeatable")
    group.addoption("--iamspec", dest="iamspec_tool", help="the iamspec tool (default: $IAMSPEC, else iamspec on PATH)")
    group.addoption("--iamspec-baseline", help="with --iamspec-engine-command: judge the run by this baseline")
    group.addoption("--iamspec-partial", action="store_true", default=None,
                    help="partial results are wanted: a stream of some shards only is judged by the runs it holds")
    group.addoption("--iamspec-report-timeout", type=float,
                    help=f"seconds `iamspec report` may take to judge the stream (default {REPORT_TIMEOUT:g})")


# Set when the verdict holds no run and succeeded: pytest's "no tests collected" is then a pass.
_NO_RUNS = pytest.StashKey[bool]()

# The longest record line the plugin reads: a longer one is refused, not held.
LINE_LIMIT = 16 << 20

# How much of iamspec's standard error a usage error quotes (its diagnostic comes first).
STDERR_LIMIT = 64 << 10

# The seconds `iamspec report` may take, unless --iamspec-report-timeout (IAMSPEC_REPORT_TIMEOUT) says
# otherwise: it reads a stream of 100,000 runs (94 MB) in well under a minute, and a stream that never
# ends (a FIFO no one writes, a pipe left open) must not hold pytest for ever.
REPORT_TIMEOUT = 600.0


def pytest_collection_modifyitems(session, config, items):
    command = config.getoption("iamspec_engine_command") or os.environ.get("IAMSPEC_ENGINE_COMMAND")
    results = config.getoption("iamspec_results") or os.environ.get("IAMSPEC_RESULTS")
    if command is None and results is None:
        return
    tool = _tool(config)
    partial = config.getoption("iamspec_partial") or os.environ.get("IAMSPEC_PARTIAL") == "1"
    folder = tempfile.mkdtemp(prefix="iamspec-pytest.")
    try:  # the run's own files, read: none is left behind, whatever happened
        if command is not None:
            results = os.path.join(folder, "results.jsonl")
            specs = config.getoption("iamspec_specs") or os.environ.get("IAMSPEC_SPECS", "Specs").split(os.pathsep)
            baseline = config.getoption("iamspec_baseline") or os.environ.get("IAMSPEC_BASELINE")
            _iamspec(tool, ["run", *specs, "--engine-command", command, "--json", results,
                            *(["--baseline", baseline] if baseline else [])], folder)
        records = os.path.join(folder, "records.jsonl")
        # The run made here is the user's: its failure texts carry the engine command in full.
        given_command = ["--engine-command", command] if command is not None else []
        _iamspec(tool, ["report", results, "--runner-records", records, *given_command,
                        *(["--partial"] if partial else [])], folder, timeout=_report_timeout(config))
        tests, verdict = read_records(records)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    config.stash[_NO_RUNS] = verdict["succeeded"] and not tests
    given = verdict["results"] if command is None else None  # a stream the plugin made itself is gone by now
    for record in tests:
        name = f"{record['id']} [{record['profile']}]" if record["record"] == "run" else f"baseline: {record['key']}"
        file = record.get("file")
        items.append(CaseRun.from_parent(session, name=name, nodeid=_node_id(config, file, name),
                                         outcome=_OUTCOMES[record.get("status", "failed")], text=record["text"],
                                         location=(file, record.get("line")), stream=given))
    if verdict["reasons"]:
        hint = ": give --iamspec-partial (IAMSPEC_PARTIAL=1) to judge the runs it holds" if verdict["missing_shards"] else ""
        items.append(CaseRun.from_parent(session, name="iamspec run", nodeid="iamspec::iamspec run", outcome="failed",
                                         text=f"{verdict['results']}: the run is not green: "
                                         + "; ".join(verdict["reasons"]) + hint, location=(None, None)))


def pytest_sessionfinish(session, exitstatus):
    """A run that holds no run and succeeded (`iamspec run --allow-empty` matching none) passes, as
    `iamspec report` passes it: pytest's "no tests collected" (exit status 5) becomes 0."""
    if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED and session.config.stash.get(_NO_RUNS, False):
        session.exitstatus = pytest.ExitCode.OK


# A judged status as pytest's outcome: an error fails as a failure does.
_OUTCOMES = {"passed": "passed", "failed": "failed", "error": "failed", "skipped": "skipped"}


def _node_id(config, file, name):
    """`FILE::NAME`, FILE the case's file relative to pytest's root folder (pytest shows it relative to
    where it was started, as iamspec named it); `iamspec::NAME` when the run has no file (not pytest's
    own `::NAME`: `pytest -v` begins a line with the id, which must not begin with `::`)."""
    if not file:
        return f"iamspec::{name}"
    return f"{os.path.relpath(os.path.abspath(file), str(config.rootpath))}::{name}"


def _tool(config):
    named = config.getoption("iamspec_tool") or os.environ.get("IAMSPEC")
    found = named if named else shutil.which("iamspec")
    if not found or not (os.path.isfile(found) or shutil.which(found)):
        raise pytest.UsageError(
            f"iamspec not found ({'--iamspec/IAMSPEC names ' + repr(named) if named else 'not on PATH'}): "
            "build it (swift build) and pass --iamspec PATH, set IAMSPEC=PATH, or put it on PATH")
    return found


def _report_timeout(config):
    """--iamspec-report-timeout, else IAMSPEC_REPORT_TIMEOUT, else REPORT_TIMEOUT: seconds, above 0."""
    given = config.getoption("iamspec_report_timeout")
    if given is None and os.environ.get("IAMSPEC_REPORT_TIMEOUT"):
        try:
            given = float(os.environ["IAMSPEC_REPORT_TIMEOUT"])
        except ValueError:
            given = -1.0
    if given is None:
        return REPORT_TIMEOUT
    if not given > 0 or given == float("inf"):
        raise pytest.UsageError(f"--iamspec-report-timeout (IAMSPEC_REPORT_TIMEOUT): found {given!r}, "
                                "expected a number of seconds above 0")
    return given


def _iamspec(tool, arguments, folder, timeout=None):
    """Runs `tool arguments`; a usage error holding the head of its standard error (its diagnostic)
    unless it exits 0 or 1 (a run or a verdict that failed is still a verdict). With `timeout`, one
    that has not ended after that many seconds is killed, and a usage error says what it waited for."""
    errors = os.path.join(folder, f"{arguments[0]}.stderr")
    with open(errors, "wb") as stderr:
        try:
            status = subprocess.run([tool, *arguments], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=stderr, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            raise pytest.UsageError(
                f"`iamspec {arguments[0]}` did not end within {timeout:g} s reading {arguments[1]} (killed): a stream "
                "that never ends, such as a FIFO no one writes? (--iamspec-report-timeout, IAMSPEC_REPORT_TIMEOUT)"
            ) from None
    if status not in (0, 1):
        with open(errors, "rb") as stderr:
            said = stderr.read(STDERR_LIMIT).decode("utf-8", "replace")
        raise pytest.UsageError(f"`iamspec {arguments[0]}` exited with status {status}:\n{said}")


def read_records(path):
    """The tests of `iamspec report --runner-records` (each run's and each stale entry's record, in
    order) and its verdict record; each line read up to LINE_LIMIT."""
    tests, verdict = [], None
    with open(path, "rb") as records:
        while line := records.readline(LINE_LIMIT + 1):
            if len(line) > LINE_LIMIT:
                raise pytest.UsageError(f"{path}: error: found a record longer than {LINE_LIMIT} bytes")
            record = json.loads(line)
            if record["record"] == "verdict":
                verdict = record
            else:
                tests.append(record)
    if verdict is None:
        raise pytest.UsageError(f"{path}: error: found no verdict record, expected iamspec report's last line")
    return tests, verdict


class CaseRunFailed(Exception):
    """A case run that failed or errored; its text is iamspec's."""


class CaseRun(pytest.Item):
    """One run of one case under one profile as iamspec judged it (or a stale baseline entry, or the
    run's own verdict), placed at its case's file and line; `stream`, the results stream the user
    gave, which its failure names."""

    def __init__(self, *, outcome, text, location, stream=None, **kwargs):
        super().__init__(**kwargs)
        self.outcome = outcome
        self.text = text
        self.location_in_suite = location
        self.stream = stream

    def runtest(self):
        if self.outcome == "failed":
            raise CaseRunFailed(self.text)
        if self.outcome == "skipped":
            # Reported at reportinfo(), the case's file and line, as pytest reports its skip marks'
            # (_use_item_location, pytest 7 on); not at this line of the plugin.
            raise pytest.skip.Exception(self.text, _use_item_location=True)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, CaseRunFailed):
            return str(excinfo.value) + (f"\nresults stream: {self.stream}" if self.stream else "")
        return super().repr_failure(excinfo)

    def reportinfo(self):
        file, line = self.location_in_suite
        if not file:
            return self.path, 0, self.name
        return file, (line - 1 if isinstance(line, int) and line > 0 else 0), self.name
