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
A stream of some shards only (one shard's, or a merge lacking some) fails the run, unless
--iamspec-partial (IAMSPEC_PARTIAL=1) says partial results are wanted, as `iamspec report
--partial`. Every text taken from the stream is shown escaped on one line, as iamspec's console
shows it (quoted_line).
Put this file (and nothing else) on sys.path, beside iamspec_kit.py.
"""

import json
import os
import re
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
    group.addoption("--iamspec-partial", action="store_true", default=None,
                    help="partial results are wanted: a stream of some shards only is judged by the runs it holds")


# Set when the stream was read whole and holds no run: pytest's "no tests collected" is then a pass.
_NO_RUNS = pytest.StashKey[bool]()


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
    config.stash[_NO_RUNS] = not stream.runs
    partial = config.getoption("iamspec_partial") or os.environ.get("IAMSPEC_PARTIAL") == "1"
    given = results if command is None else None  # a stream the plugin made itself is gone by now
    failing = 0
    for case_id, profile, status, text, file, line in stream.runs:
        outcome, shown = _outcome(status, text, verdicts.get((case_id, profile)))
        failing += outcome == "failed"
        name = f"{case_id} [{profile}]"
        items.append(CaseRun.from_parent(session, name=name, nodeid=_node_id(config, file, name),
                                         outcome=outcome, text=shown, location=(file, line), stream=given))
    for (name, suite), (outcome, text) in verdicts.items():
        if suite == _BASELINE_SUITE:
            failing += 1
            stale = f"baseline: {name}"
            items.append(CaseRun.from_parent(session, name=stale, nodeid=_node_id(config, None, stale), outcome="failed",
                                             text=text, location=(junit, None)))
    reasons = stream.reasons(failing, partial)
    if reasons:
        items.append(CaseRun.from_parent(session, name="iamspec run", nodeid=_node_id(config, None, "iamspec run"),
                                         outcome="failed", text=f"{results}: the run is not green: " + "; ".join(reasons),
                                         location=(results, stream.footer_line)))


def pytest_sessionfinish(session, exitstatus):
    """A stream read whole that holds no run (`iamspec run --allow-empty` matching none) passes, as
    `iamspec report` passes it: pytest's "no tests collected" (exit status 5) becomes 0."""
    if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED and session.config.stash.get(_NO_RUNS, False):
        session.exitstatus = pytest.ExitCode.OK


def _node_id(config, file, name):
    """`FILE::NAME`, FILE the case's file relative to pytest's root folder (pytest shows it relative to
    where it was started, as iamspec named it), shown as quoted_line shows it; `iamspec::NAME` when
    the run has no file (not pytest's own `::NAME`: `pytest -v` begins a line with the id, which must
    not begin with `::`, a CI log command's start)."""
    if not isinstance(file, str) or not file:
        return f"iamspec::{name}"
    return f"{quoted_line(os.path.relpath(os.path.abspath(file), str(config.rootpath)))}::{name}"


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


def _visible_form(character):
    """How iamspec's console shows a character that would act (QuotedText.visibleForm), or None
    for one shown as it is: a line feed `⏎`, a tab `\\t`, every other control (C0, DEL, C1), the
    line and paragraph separators, the bidirectional marks and controls, the invisible characters
    and the byte order mark, and U+FFFE and U+FFFF, as `\\u{1b}` (hexadecimal). A surrogate,
    which no text of a stream read here holds, is shown so too."""
    code = ord(character)
    if code == 0x0A:
        return "\u23ce"
    if code == 0x09:
        return "\\t"
    if (code <= 0x1F or 0x7F <= code <= 0x9F or code in (0x061C, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0xFEFF,
                                                          0xFFFE, 0xFFFF)
            or 0x202A <= code <= 0x202E or 0x2060 <= code <= 0x2064 or 0x2066 <= code <= 0x2069
            or 0xD800 <= code <= 0xDFFF):
        return f"\\u{{{code:x}}}"
    return None


def quoted_line(text):
    """Text of a stream (or of a file a user gave) on one line of a terminal or a CI log, shown as
    iamspec's console shows it (QuotedText.line in Sources/IAMSpecPortable/Reporting): every
    character that would act in its visible form (_visible_form; CR LF as one `⏎`); the second `#`
    of `##[` or `##vso[` (any case), which GitHub's and Azure's runners take for a command anywhere
    in a line, as `\\u{23}`; and the first `:` of text beginning with `::` (after spaces) as
    `\\u{3a}`. A backslash is shown as it is."""
    first = len(text) - len(text.lstrip(" "))
    shown, position = [], 0
    while position < len(text):
        character, visible = text[position], _visible_form(text[position])
        position += 1
        if character == "\r" and text[position:position + 1] == "\n":
            position += 1
            shown.append("\u23ce")
        elif visible is not None:
            shown.append(visible)
        elif character == ":" and position - 1 == first and text[position:position + 1] == ":":
            shown.append("\\u{3a}")
        elif (character == "#" and position >= 2 and text[position - 2] == "#"
              and (text[position:position + 1] == "[" or text[position:position + 4].lower() == "vso[")):
            shown.append("\\u{23}")
        else:
            shown.append(character)
    return "".join(shown)


def quoted_lines(text):
    """Text of several lines that iamspec composed (a JUnit report's failure text), its line breaks
    kept and each line quoted_line: what it quotes is shown so already, and what it does not is
    made so."""
    return "\n".join(quoted_line(line) for line in text.split("\n"))


class StreamError(Exception):
    """A results stream the runner cannot take as a finished run's, as `iamspec report` refuses
    it: `path:line:col: error: what was found, what was expected`."""

    def __init__(self, path, line, message, column=1):
        super().__init__(f"{quoted_line(path)}:{line}:{column}: error: {quoted_line(message)}")


class Stream:
    """What the runner keeps of a results stream: each case run (id, profile, status, the text of
    a run that did not pass, its case's file and line, each shown as quoted_line shows it), the
    shard its header names (index, count; None for a whole run's stream), and the footer's
    reasons the run is not green beyond its case runs."""

    def __init__(self, runs, shard, footer, footer_line):
        self.runs = runs
        self.shard = shard
        self.footer = footer
        self.footer_line = footer_line
        self.judged_by_baseline = bool(footer.get("baseline"))

    def reasons(self, failing_tests, partial=False):
        """Why the run is not green though `failing_tests` of its tests fail: `iamspec report`'s
        reasons that no case run shows (an interrupted run, runs not run, shards the stream lacks:
        the others of one shard's stream or those a merge's footer names, a verdict failing for a
        run's late lines or warnings). `partial` (--iamspec-partial) wants partial results, as
        `iamspec report --partial`: lacking shards is then no reason."""
        footer, reasons = self.footer, []
        if footer.get("interrupted") is not False:
            reasons.append("the run was interrupted before every selected run was made")
        not_run = footer.get("not_run", 0)
        if not_run:
            reasons.append(f"{not_run} selected run{'' if not_run == 1 else 's'} not run")
        missing = footer.get("missing_shards")
        partial_hint = ": give --iamspec-partial (IAMSPEC_PARTIAL=1) to judge the runs it holds"
        if not partial and self.shard is not None and self.shard[1] > 1:
            index, count = self.shard
            reasons.append(f"the results stream lacks {_other_shards(index, count)} (it holds shard {index}/{count} "
                           f"of its selection only){partial_hint}")
        elif not partial and missing:
            shards = ", ".join(map(str, missing)) if isinstance(missing, list) else str(missing)
            reasons.append(f"the merged stream lacks shard {quoted_line(shards)}{partial_hint}")
        verdict = footer.get("verdict")
        if (isinstance(verdict, dict) and verdict.get("succeeded") is False and not reasons and not failing_tests
                and not (partial and _fails_for_missing_shards_only(verdict.get("outcome")))):
            reasons.append(f"the run failed: {quoted_line(str(verdict.get('outcome')))}")
        return reasons


# The most shards a reason lists of one shard's stream: past it, their number alone.
_SHARDS_LISTED = 20


def _other_shards(index, count):
    """The shards of `count` other than `index`, as `iamspec report` names them (`shards 2/3, 3/3`),
    the first _SHARDS_LISTED of them and then how many in all."""
    listed = [f"{other}/{count}" for other in range(1, min(count, _SHARDS_LISTED) + 1) if other != index]
    more = f", ... ({count - 1} in all)" if count > _SHARDS_LISTED else ""
    return f"shard{'' if count == 2 else 's'} {', '.join(listed)}{more}"


def _fails_for_missing_shards_only(outcome):
    """Whether a footer's verdict outcome names missing shards and nothing else (iamspec's `lacks
    shards 2/3, 3/3`, a merge's): the verdict that --iamspec-partial sets aside, as `iamspec
    report --partial` judges the runs the stream holds."""
    if not isinstance(outcome, str):
        return False
    rest = re.sub(r"lacks shards? [0-9]+/[0-9]+(?:, [0-9]+/[0-9]+)*", "", outcome)
    return rest != outcome and not rest.strip(" ,")


def read_stream(path):
    """The results stream at `path`, read a line at a time (LINE_LIMIT), as `iamspec report` reads
    it: a header first, then case records whose status is one of STATUSES, then the footer, last,
    with the totals of the case records. Raises StreamError at the first line that does not fit."""
    runs, counted, shard, footer, number = [], dict.fromkeys(STATUSES, 0), None, None, 0
    try:
        stream = open(path, "rb")
    except OSError as problem:  # missing, a folder, unreadable
        raise StreamError(path, 1, f"cannot read the results file: {problem.strerror or problem}") from None
    with stream:
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
                _check_format_version(record, path)
                shard = _header_shard(record, path)
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
    return Stream(runs, shard, footer, number)


def _check_format_version(header, path):
    """StreamError unless the header's format_version is 1, the only one iamspec reads."""
    if "format_version" not in header:
        raise StreamError(path, 1, "found a header record without format_version, expected format version 1")
    version = header["format_version"]
    if type(version) is not int or version != 1:
        raise StreamError(path, 1, f"found format version {json.dumps(version)}, expected 1")


def _header_shard(header, path):
    """(I, N) of the header's selection.shard, `I/N` (the stream of `iamspec run --shard I/N`),
    or None for a whole run's stream; StreamError for a shard that is not I/N, 1 <= I <= N."""
    selection = header.get("selection")
    shard = selection.get("shard") if isinstance(selection, dict) else None
    if shard is None:
        return None
    parts = re.fullmatch(r"([0-9]+)/([0-9]+)", shard) if isinstance(shard, str) else None
    if parts is None or not 1 <= int(parts[1]) <= int(parts[2]):
        raise StreamError(path, 1, f"found {json.dumps(shard)} for selection.shard in a header record, expected a "
                          "shard I/N with whole numbers, I from 1 to N, for example 2/4")
    return int(parts[1]), int(parts[2])


def _record(raw, path, number):
    """A line's JSON object, or StreamError: bytes that are not UTF-8, a line that is not strict JSON
    (a byte order mark, a key given twice in an object, an escaped surrogate without its pair)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise StreamError(path, number, f"found bytes that are not UTF-8 ({problem.reason}), expected a results "
                          "record in UTF-8 text", problem.start + 1) from None
    if text.startswith("\ufeff"):
        raise StreamError(path, number, "found a byte order mark (U+FEFF, the bytes 0xEF 0xBB 0xBF), which JSON text "
                          "holds only inside a string, expected a results record")
    try:
        record = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_object)
        if "\\u" in text:
            json.dumps(record, ensure_ascii=False).encode("utf-8")  # a lone surrogate cannot be encoded
    except UnicodeEncodeError:
        raise StreamError(path, number, "found a line that is not JSON (an escaped surrogate without its pair), "
                          "expected a results record") from None
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


def _object(pairs):
    """A JSON object's dict; ValueError for a key given twice, which iamspec refuses (the last
    would silently win)."""
    members = {}
    for key, value in pairs:
        if key in members:
            raise ValueError(f"duplicate key {json.dumps(key)}")
        members[key] = value
    return members


def _case_run(record, path, number):
    """(id, profile, status, text, file, line) of a case record: text is the skip's reason or the
    message of a run that did not pass, file and line its case's (None for a file that is no
    string, a line that is no positive integer); id, profile, text and file as quoted_line shows
    them."""
    status = record.get("status")
    if status not in STATUSES:
        raise StreamError(path, number, f"found {json.dumps(status)} for status in a case record, expected one of "
                          + ", ".join(f'"{name}"' for name in STATUSES))
    for key in ("id", "profile", "message"):
        if not isinstance(record.get(key), str):
            raise StreamError(path, number, f"found {json.dumps(record.get(key))} for {key} in a case record, expected a string")
    location = record.get("location") if isinstance(record.get("location"), dict) else {}
    text = record.get("skip_reason") or record["message"] if status == "skipped" else record["message"]
    file, line = location.get("file"), location.get("line")
    return (quoted_line(record["id"]), quoted_line(record["profile"]), status,
            quoted_line(str(text)) if status != "passed" else "",
            quoted_line(file) if isinstance(file, str) and file else None,
            line if type(line) is int and line > 0 else None)


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
    of a JUnit report of iamspec's; a stale baseline entry is (key, "baseline"). Names and texts as
    quoted_line shows them, a text's own line breaks kept (quoted_lines)."""
    verdicts = {}
    if junit is None:
        return verdicts
    try:
        report = ElementTree.parse(junit)
    except OSError as problem:  # missing, a folder, unreadable
        raise pytest.UsageError(f"{quoted_line(junit)}: error: cannot read the JUnit report (--iamspec-junit, "
                                f"IAMSPEC_JUNIT): {quoted_line(problem.strerror or str(problem))}") from None
    except ElementTree.ParseError as problem:
        line, column = problem.position
        raise pytest.UsageError(f"{quoted_line(junit)}:{line}:{column + 1}: error: found no JUnit report, expected "
                                "the XML iamspec run --junit or iamspec report --junit writes") from None
    for case in report.iter("testcase"):
        classname = case.get("classname", "").split(".")
        if len(classname) < 2 or classname[0] != "iamspec":
            continue
        key = (quoted_line(case.get("name", "")), quoted_line(classname[1]))
        for outcome in list(case.iter("failure")) + list(case.iter("error")):
            verdicts[key] = ("failed", quoted_lines(outcome.text or outcome.get("message", "")))
        for skipped in case.iter("skipped"):
            verdicts.setdefault(key, ("skipped", quoted_line(skipped.get("message", ""))))
    return verdicts


class CaseRunFailed(Exception):
    """A case run that failed or errored; its text is the report's."""


class CaseRun(pytest.Item):
    """One run of one case under one profile, as its results record says it went (or a stale
    baseline entry, or the run's own verdict), placed at its case's file and line; `stream`, the
    results stream the user gave, which its failure names."""

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
            text, (file, line) = str(excinfo.value), self.location_in_suite
            # The failing step's place when iamspec's JUnit report gave the text, else the case's;
            # with neither, a label, so that no line begins with the stream's text.
            if not (isinstance(file, str) and file):
                text = f"message: {text}"
            elif not text.startswith(f"{file}:"):
                text = f"{file}:{line or 1}: {text}"
            return text + (f"\nresults stream: {quoted_line(self.stream)}" if self.stream else "")
        return super().repr_failure(excinfo)

    def reportinfo(self):
        file, line = self.location_in_suite
        if not isinstance(file, str) or not file:
            return self.path, 0, self.name
        return file, (line - 1 if isinstance(line, int) and line > 0 else 0), self.name
