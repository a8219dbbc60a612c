"""Tests of the pytest plugin's reading: the case records of a results stream, and the failure
texts of iamspec's JUnit report, keyed by case id and profile. Skipped where pytest is not
installed (the plugin imports it); scripts/test runs them with its .venv's python, and runs the
whole (one pytest test per case run) in its runner tests stage.

Run: python3 -m unittest discover -s Kits/python
"""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HAS_PYTEST = importlib.util.find_spec("pytest") is not None
HOSTILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fixtures", "hostile", "streams")
HEADER = {"record": "header", "format_version": 1}


@unittest.skipUnless(HAS_PYTEST, "pytest is not installed (pip install pytest)")
class ReadingTests(unittest.TestCase):
    def setUp(self):
        import iamspec_pytest
        self.plugin = iamspec_pytest
        self.folder = tempfile.mkdtemp()

    def write(self, name, text):
        path = os.path.join(self.folder, name)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        return path

    @staticmethod
    def footer(**fields):
        return dict({"record": "footer", "totals": {"runs": 0, "passed": 0, "failed": 0, "errors": 0, "skipped": 0},
                     "interrupted": False, "not_run": 0}, **fields)

    def test_case_records_in_order_with_their_case_file_and_line(self):
        path = self.write("results.jsonl", "\n".join(json.dumps(record) for record in [
            HEADER,
            {"record": "case", "id": "b", "profile": "braze-swift", "status": "skipped", "message": "m",
             "skip_reason": "r", "location": {"file": "Specs/b.yaml", "line": 7, "column": 3}},
            {"record": "case", "id": "a", "profile": "appboy-legacy", "status": "passed", "message": ""},
            self.footer(totals={"runs": 2, "passed": 1, "failed": 0, "errors": 0, "skipped": 1}),
        ]) + "\n")
        self.assertEqual(self.plugin.read_runs(path), [("b", "braze-swift", "skipped", "r", "Specs/b.yaml", 7),
                                                       ("a", "appboy-legacy", "passed", "", None, None)])

    def test_refuses_at_its_line_a_stream_iamspec_report_refuses(self):
        for name, line, found in [
            ("no-footer.jsonl", 4, "found no footer record"),
            ("truncated.jsonl", 3, "found a line that is not JSON"),
            ("unknown-status.jsonl", 3, 'found "green" for status in a case record, expected one of "passed", '
                                        '"failed", "error", "skipped"'),
        ]:
            path = os.path.join(HOSTILE, name)
            with self.assertRaises(self.plugin.StreamError) as raised:
                self.plugin.read_stream(path)
            self.assertTrue(str(raised.exception).startswith(f"{path}:{line}:"), str(raised.exception))
            self.assertIn(found, str(raised.exception))

    def test_a_finished_streams_footer_says_why_the_run_is_not_green(self):
        read = lambda name: self.plugin.read_stream(os.path.join(HOSTILE, name))
        self.assertEqual(read("passed.jsonl").reasons(0), [])
        self.assertEqual(read("interrupted.jsonl").reasons(0),
                         ["the run was interrupted before every selected run was made", "2 selected runs not run"])
        partial = ": give --iamspec-partial (IAMSPEC_PARTIAL=1) to judge the runs it holds"
        self.assertEqual(read("missing-shard.jsonl").reasons(0),
                         ["2 selected runs not run", "the merged stream lacks shard 2/3" + partial])
        late = self.write("late.jsonl", json.dumps(HEADER) + "\n" + json.dumps(
            self.footer(verdict={"succeeded": False, "outcome": "1 late line"})) + "\n")
        self.assertEqual(self.plugin.read_stream(late).reasons(0), ["the run failed: 1 late line"])
        self.assertEqual(self.plugin.read_stream(late).reasons(1), [], "a failing test already fails the run")

    def test_one_shards_stream_lacks_the_others_unless_partial_results_are_wanted(self):
        read = lambda name: self.plugin.read_stream(os.path.join(HOSTILE, name))
        partial = ": give --iamspec-partial (IAMSPEC_PARTIAL=1) to judge the runs it holds"
        self.assertEqual(read("lone-shard.jsonl").reasons(0), [
            "the results stream lacks shards 2/3, 3/3 (it holds shard 1/3 of its selection only)" + partial])
        self.assertEqual(read("lone-shard.jsonl").reasons(0, partial=True), [])
        # Partial results: a merge's missing shards no longer fail it, its runs not run still do.
        self.assertEqual(read("missing-shard.jsonl").reasons(0, partial=True), ["2 selected runs not run"])
        merge = self.write("merge.jsonl", json.dumps(HEADER) + "\n" + json.dumps(self.footer(
            missing_shards=["2/3", "3/3"], verdict={"succeeded": False, "outcome": "lacks shards 2/3, 3/3"})) + "\n")
        self.assertEqual(self.plugin.read_stream(merge).reasons(0, partial=True), [])
        late = self.write("late.jsonl", json.dumps(HEADER) + "\n" + json.dumps(self.footer(
            missing_shards=["2/3"], verdict={"succeeded": False, "outcome": "1 late line, lacks shard 2/3"})) + "\n")
        self.assertEqual(self.plugin.read_stream(late).reasons(0, partial=True),
                         ["the run failed: 1 late line, lacks shard 2/3"])

        def sharded(shard):
            header = dict(HEADER, selection={"filters": [], "profiles": [], "tags": [], "shard": shard})
            return self.write("shard.jsonl", json.dumps(header) + "\n" + json.dumps(self.footer()) + "\n")
        self.assertEqual(self.plugin.read_stream(sharded("2/2")).reasons(0), [
            "the results stream lacks shard 1/2 (it holds shard 2/2 of its selection only)" + partial])
        self.assertEqual(self.plugin.read_stream(sharded("1/1")).reasons(0), [])
        many = self.plugin.read_stream(sharded("5/1000000000")).reasons(0)[0]  # listed in part, never built whole
        self.assertTrue(many.startswith("the results stream lacks shards 1/1000000000, 2/1000000000, 3/1000000000, "
                                        "4/1000000000, 6/1000000000,"), many)
        self.assertIn("20/1000000000, ... (999999999 in all) (it holds shard 5/1000000000", many)
        for shard in ["0/3", "4/3", "x", " 1/3", 3]:
            with self.assertRaises(self.plugin.StreamError) as raised:
                self.plugin.read_stream(sharded(shard))
            self.assertIn(f"shard.jsonl:1:1: error: found {json.dumps(shard)} for selection.shard in a header record, "
                          "expected a shard I/N", str(raised.exception))

    def test_refuses_what_is_not_strict_json_at_its_line(self):
        for name, line, found in [
            ("byte-order-mark.jsonl", 1, "found a byte order mark (U+FEFF, the bytes 0xEF 0xBB 0xBF), which JSON "
                                         "text holds only inside a string, expected a results record"),
            ("duplicate-key.jsonl", 4, 'found a line that is not JSON (duplicate key "interrupted")'),
            ("duplicate-status.jsonl", 3, 'found a line that is not JSON (duplicate key "status")'),
        ]:
            path = os.path.join(HOSTILE, name)
            with self.assertRaises(self.plugin.StreamError) as raised:
                self.plugin.read_stream(path)
            self.assertTrue(str(raised.exception).startswith(f"{path}:{line}:1: error: {found}"), str(raised.exception))
        header, footer = json.dumps(HEADER), json.dumps(self.footer())
        for line, expected in [
            ('{"record":"case","location":{"line":1,"line":2}}', 'duplicate key "line"'),  # nested: refused too
            ('{"record":"case","rules":[{"id":"a","id":"b"}]}', 'duplicate key "id"'),
            ('{"record":"case","id":"\\ud800"}', "an escaped surrogate without its pair"),
            ('{"record":"case","\\u001b[31m":1,"\\u001b[31m":2}', 'duplicate key "\\u001b[31m"'),
        ]:
            path = self.write("strict.jsonl", f"{header}\n{line}\n{footer}\n")
            with self.assertRaises(self.plugin.StreamError) as raised:
                self.plugin.read_stream(path)
            self.assertTrue(str(raised.exception).startswith(f"{path}:2:1: error: found a line that is not JSON ("
                                                             f"{expected})"), str(raised.exception))

    def test_refuses_a_format_version_other_than_1(self):
        footer = json.dumps(self.footer())
        for header, expected in [
            (dict(HEADER, format_version=99), "found format version 99, expected 1"),
            (dict(HEADER, format_version="1"), 'found format version "1", expected 1'),
            (dict(HEADER, format_version=True), "found format version true, expected 1"),
            (dict(HEADER, format_version=1.5), "found format version 1.5, expected 1"),
            ({"record": "header"}, "found a header record without format_version, expected format version 1"),
        ]:
            path = self.write("version.jsonl", f"{json.dumps(header)}\n{footer}\n")
            with self.assertRaises(self.plugin.StreamError) as raised:
                self.plugin.read_stream(path)
            self.assertEqual(str(raised.exception), f"{path}:1:1: error: {expected}")
        path = os.path.join(HOSTILE, "format-version.jsonl")
        with self.assertRaises(self.plugin.StreamError) as raised:
            self.plugin.read_stream(path)
        self.assertEqual(str(raised.exception), f"{path}:1:1: error: found format version 99, expected 1")

    def test_refuses_a_stream_path_that_is_missing_or_a_folder(self):
        for path, reason in [(os.path.join(self.folder, "absent.jsonl"), "No such file or directory"),
                             (self.folder, "Is a directory")]:
            with self.assertRaises(self.plugin.StreamError) as raised:
                self.plugin.read_stream(path)
            self.assertEqual(str(raised.exception), f"{path}:1:1: error: cannot read the results file: {reason}")

    def test_stream_text_is_shown_on_one_line_as_iamspecs_console_shows_it(self):
        line = self.plugin.quoted_line
        # QuotedTextTests.swift's cases.
        self.assertEqual(line("red \x1b[31mtext\x1b[0m"), "red \\u{1b}[31mtext\\u{1b}[0m")
        self.assertEqual(line("\x1b]0;title\x07"), "\\u{1b}]0;title\\u{7}")
        self.assertEqual(line("\x9b31m"), "\\u{9b}31m")
        self.assertEqual(line("one\ntwo\r\nthree\rfour"), "one\u23cetwo\u23cethree\\u{d}four")
        self.assertEqual(line("a\tb\x00c\x7fd\x0be\x0c"), "a\\tb\\u{0}c\\u{7f}d\\u{b}e\\u{c}")
        self.assertEqual(line("one\x85two\u2028three\u2029"), "one\\u{85}two\\u{2028}three\\u{2029}")
        self.assertEqual(line("\u202eabc\u202c\u2066\u2069\u200e\u200f\u061c"),
                         "\\u{202e}abc\\u{202c}\\u{2066}\\u{2069}\\u{200e}\\u{200f}\\u{61c}")
        self.assertEqual(line("\ufffe\uffff"), "\\u{fffe}\\u{ffff}")
        self.assertEqual(line("promo\u200b \ufeffname \u2060\u2064"), "promo\\u{200b} \\u{feff}name \\u{2060}\\u{2064}")
        for text in ["stack.lifo-basic", "sequence: expected [displayed: promo]", "café 日本 😀 e\u0301", "a\\u{1b}b", ""]:
            self.assertEqual(line(text), text)
        self.assertEqual(line("see ##[error]boom"), "see #\\u{23}[error]boom")
        self.assertEqual(line("see ##VSO[task.setvariable]x"), "see #\\u{23}VSO[task.setvariable]x")
        self.assertEqual(line("###[x]"), "##\\u{23}[x]")
        self.assertEqual(line("## heading, #1"), "## heading, #1")
        self.assertEqual(line("::error::boom"), "\\u{3a}:error::boom")
        self.assertEqual(line("  ::add-mask::x"), "  \\u{3a}:add-mask::x")
        self.assertEqual(line("a ::error::b"), "a ::error::b")
        self.assertEqual(self.plugin.quoted_lines("a\n::error::b\n##[x]"), "a\n\\u{3a}:error::b\n#\\u{23}[x]")

    def test_refuses_a_line_longer_than_the_limit_without_holding_it(self):
        path = os.path.join(self.folder, "long.jsonl")
        with open(path, "wb") as file:
            file.write(b'{"record":"header","format_version":1}\n' + b"x" * (self.plugin.LINE_LIMIT + 1) + b"\n")
        with self.assertRaises(self.plugin.StreamError) as raised:
            self.plugin.read_stream(path)
        self.assertEqual(str(raised.exception), f"{path}:2:1: error: found a line longer than {16 << 20} bytes, "
                                                "expected a results record")

    def test_refuses_bad_bytes_disagreeing_totals_a_line_after_the_footer_and_no_header(self):
        header, footer = json.dumps(HEADER), json.dumps(self.footer())
        for text, expected in [
            (b'{"record":"header","format_version":1}\n{"record":"case","id":"\xc3\x28"}\n', "2:24: error: found bytes that are not UTF-8"),
            (f'{header}\n{json.dumps(self.footer(totals={"runs": 1}))}\n'.encode(), "2:1: error: found a footer whose totals"),
            (f'{header}\n{footer}\n{{"record":"case"}}\n'.encode(), "2:1: error: found records after the footer"),
            (f'{footer}\n'.encode(), "1:1: error: found no header record"),
            (b"", "1:1: error: found no header record"),
            (f'{header}\n{json.dumps(self.footer(not_run=-1))}\n'.encode(), "2:1: error: found -1 for not_run"),
            (f'{header}\n{footer[:-1]}, "x": NaN}}\n'.encode(), "2:"),
        ]:
            path = os.path.join(self.folder, "bad.jsonl")
            with open(path, "wb") as file:
                file.write(text)
            with self.assertRaises(self.plugin.StreamError) as raised:
                self.plugin.read_stream(path)
            self.assertTrue(str(raised.exception).startswith(f"{path}:{expected}"), str(raised.exception))

    def test_failure_texts_of_failures_and_errors(self):
        path = self.write("results.xml", """<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="iamspec">
  <testsuite name="iamspec.braze-swift.priority">
    <testcase name="passes" classname="iamspec.braze-swift.priority" time="0.001"/>
    <testcase name="fails" classname="iamspec.braze-swift.priority" time="0.000">
      <failure type="iamspec.sequence" message="m">Specs/p.yaml:4:7: expected a &amp; b

re-run: iamspec run Specs --filter fails --engine-command &#39;python3 e.py&#39;</failure>
    </testcase>
    <testcase name="errs" classname="iamspec.appboy-legacy.priority" time="0.000">
      <error type="iamspec.timeout" message="m">timed out</error>
    </testcase>
    <testcase name="skips" classname="iamspec.braze-swift.priority" time="0.000">
      <skipped message="the engine lacks the capability assets"/>
    </testcase>
  </testsuite>
</testsuites>
""")
        self.assertEqual(self.plugin._failure_texts(path), {
            ("fails", "braze-swift"):
                "Specs/p.yaml:4:7: expected a & b\n\nre-run: iamspec run Specs --filter fails --engine-command 'python3 e.py'",
            ("errs", "appboy-legacy"): "timed out",
        })
        self.assertEqual(self.plugin._failure_texts(None), {})

    def test_verdicts_of_a_run_judged_by_a_baseline(self):
        path = self.write("judged.xml", """<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="iamspec.braze-swift">
    <testcase name="known" classname="iamspec.braze-swift.priority" time="0.000">
      <skipped message="expected failure: ties go first; failed: sequence on delivery"/>
    </testcase>
    <testcase name="mended" classname="iamspec.braze-swift.priority" time="0.000">
      <failure type="iamspec.unexpected-pass" message="m">passed, though the baseline expects it to fail</failure>
    </testcase>
  </testsuite>
  <testsuite name="iamspec.baseline">
    <testcase name="gone" classname="iamspec.baseline" time="0.000">
      <failure type="iamspec.stale-baseline-entry" message="m">b.yaml:3:3: gone: the suite has no such case run</failure>
    </testcase>
  </testsuite>
</testsuites>
""")
        self.assertEqual(self.plugin._verdicts(path), {
            ("known", "braze-swift"): ("skipped", "expected failure: ties go first; failed: sequence on delivery"),
            ("mended", "braze-swift"): ("failed", "passed, though the baseline expects it to fail"),
            ("gone", "baseline"): ("failed", "b.yaml:3:3: gone: the suite has no such case run"),
        })
        header = json.dumps(HEADER) + "\n"
        stream = self.write("judged.jsonl", header + json.dumps(self.footer(baseline={"entries": []})) + "\n")
        self.assertTrue(self.plugin.read_stream(stream).judged_by_baseline)
        plain = self.write("plain.jsonl", header + json.dumps(self.footer()) + "\n")
        self.assertFalse(self.plugin.read_stream(plain).judged_by_baseline)


@unittest.skipUnless(HAS_PYTEST, "pytest is not installed (pip install pytest)")
class PlacementTests(unittest.TestCase):
    """pytest itself, run on a stream: a skip and a failure point at the case's file and line."""

    def test_skips_and_failures_point_at_the_case_file_and_line(self):
        folder = tempfile.mkdtemp()
        records = [HEADER,
                   {"record": "case", "id": "a", "profile": "braze-swift", "status": "skipped", "message": "m",
                    "skip_reason": "the engine lacks x", "location": {"file": "Specs/a.yaml", "line": 15, "column": 3}},
                   {"record": "case", "id": "b", "profile": "braze-swift", "status": "failed", "message": "it broke",
                    "location": {"file": "Specs/b.yaml", "line": 9, "column": 7}},
                   {"record": "footer", "interrupted": False, "not_run": 0,
                    "totals": {"runs": 2, "passed": 0, "failed": 1, "errors": 0, "skipped": 1}}]
        stream = os.path.join(folder, "results.jsonl")
        with open(stream, "w", encoding="utf-8") as file:
            file.write("".join(json.dumps(record) + "\n" for record in records))
        plugin = os.path.dirname(os.path.abspath(__file__))
        finished = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "iamspec_pytest", "-p", "no:cacheprovider", "-rA",
             "--rootdir", folder, "--iamspec-results", stream, os.path.join(plugin, "iamspec_pytest.py")],
            cwd=folder, env=dict(os.environ, PYTHONPATH=plugin), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
        self.assertEqual(finished.returncode, 1, finished.stdout)
        self.assertIn("SKIPPED [1] Specs/a.yaml:15: the engine lacks x", finished.stdout)
        self.assertIn("Specs/b.yaml:9: it broke", finished.stdout)
        self.assertIn("FAILED Specs/b.yaml::b [braze-swift]", finished.stdout)
        self.assertNotIn("iamspec_pytest.py:", finished.stdout)


@unittest.skipUnless(HAS_PYTEST, "pytest is not installed (pip install pytest)")
class HostileStreamTests(unittest.TestCase):
    """pytest itself on the streams of Fixtures/hostile/streams (IAMSPEC_RESULTS, as scripts/test
    gives them): each judged as `iamspec report` judges it, a failure naming the stream."""

    # What check_raw_controls.py (scripts/test-support) finds: a raw control but tab and line feed,
    # and a line beginning with a GitHub Actions or Azure Pipelines command.
    RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")
    COMMAND = re.compile(r"^[ \t]*(?:::[A-Za-z-]+(?:[ :])|##\[|##vso\[)", re.MULTILINE)

    def pytest(self, stream, *options, **environment):
        plugin = os.path.dirname(os.path.abspath(__file__))
        kept = {key: value for key, value in os.environ.items() if not key.startswith("IAMSPEC")}
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "iamspec_pytest", "-p", "no:cacheprovider", "-q", *options,
             os.path.join(plugin, "iamspec_pytest.py")],
            env=dict(kept, PYTHONPATH=plugin, IAMSPEC_RESULTS=stream, **environment), stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True)

    def test_one_shards_stream_fails_unless_partial_results_are_wanted(self):
        stream = os.path.join(HOSTILE, "lone-shard.jsonl")
        finished = self.pytest(stream)
        self.assertEqual(finished.returncode, 1, finished.stdout)
        self.assertIn(f"{stream}: the run is not green: the results stream lacks shards 2/3, 3/3 (it holds shard 1/3 "
                      "of its selection only)", finished.stdout)
        self.assertIn("1 failed, 2 passed", finished.stdout)
        for finished in [self.pytest(stream, "--iamspec-partial"), self.pytest(stream, IAMSPEC_PARTIAL="1")]:
            self.assertEqual(finished.returncode, 0, finished.stdout)
            self.assertIn("2 passed", finished.stdout)
        finished = self.pytest(os.path.join(HOSTILE, "interrupted.jsonl"), "--iamspec-partial")
        self.assertEqual(finished.returncode, 1, "an interrupted run fails, partial results or not")

    def test_a_stream_that_is_not_strict_json_or_of_another_format_is_a_session_error(self):
        for name, line in [("byte-order-mark.jsonl", 1), ("duplicate-key.jsonl", 4), ("duplicate-status.jsonl", 3),
                           ("format-version.jsonl", 1)]:
            stream = os.path.join(HOSTILE, name)
            finished = self.pytest(stream)
            self.assertEqual(finished.returncode, 4, finished.stdout)  # pytest's usage error
            self.assertIn(f"{stream}:{line}:1: error: found ", finished.stdout)
            self.assertNotIn("INTERNALERROR", finished.stdout)

    def test_a_stream_that_is_missing_or_a_folder_is_a_session_error(self):
        folder = tempfile.mkdtemp()
        for stream in [os.path.join(folder, "absent.jsonl"), folder]:
            finished = self.pytest(stream)
            self.assertEqual(finished.returncode, 4, finished.stdout)
            self.assertIn(f"{stream}:1:1: error: cannot read the results file: ", finished.stdout)
            self.assertNotIn("INTERNALERROR", finished.stdout)

    def test_a_junit_report_that_is_missing_a_folder_or_not_xml_is_a_session_error(self):
        stream = os.path.join(HOSTILE, "passed.jsonl")
        folder = tempfile.mkdtemp()
        absent, not_xml = os.path.join(folder, "absent.xml"), os.path.join(folder, "results.xml")
        with open(not_xml, "w") as file:
            file.write("<testsuites>\n<testcase name='x'>\n")
        for junit, said in [(absent, f"{absent}: error: cannot read the JUnit report (--iamspec-junit, IAMSPEC_JUNIT): "),
                            (folder, f"{folder}: error: cannot read the JUnit report (--iamspec-junit, IAMSPEC_JUNIT): "),
                            (not_xml, f"{not_xml}:3:1: error: found no JUnit report, expected the XML")]:
            for finished in [self.pytest(stream, "--iamspec-junit", junit), self.pytest(stream, IAMSPEC_JUNIT=junit)]:
                self.assertEqual(finished.returncode, 4, finished.stdout)  # pytest's usage error
                self.assertIn(said, finished.stdout)
                self.assertNotIn("INTERNALERROR", finished.stdout)

    def test_a_finished_run_that_made_no_run_passes(self):
        finished = self.pytest(os.path.join(HOSTILE, "no-runs.jsonl"))
        self.assertEqual(finished.returncode, 0, finished.stdout)
        self.assertIn("no tests ran", finished.stdout)

    def test_escapes_and_ci_log_commands_of_a_stream_never_reach_the_output_raw(self):
        stream = os.path.join(HOSTILE, "control-characters.jsonl")
        finished = self.pytest(stream)
        self.assertEqual(finished.returncode, 1, finished.stdout)
        self.assertEqual(self.RAW.findall(finished.stdout), [])
        self.assertEqual(self.COMMAND.findall(finished.stdout), [])
        self.assertIn("baseline.passes\u23ce::error::forged-id\\u{1b}[31m [braze-swift]", finished.stdout)
        self.assertIn("Fixtures/baseline/specs/cases.yaml:15: sequence on delivery: \\u{1b}[2J\\u{1b}]8;;"
                      "https://x.invalid\\u{7}link\\u{1b}]8;;\\u{7}\u23ce::error file=x,line=1::forged\u23ce"
                      "#\\u{23}[error]forged\u23ce#\\u{23}vso[task.complete result=Succeeded;]\\u{0}end", finished.stdout)
        self.assertIn(f"results stream: {stream}", finished.stdout)
        # A run without a file: its test's id begins with the plugin's own `iamspec::` (pytest -v
        # begins a line with it), its message with a label.
        records = [{"record": "header", "format_version": 1},
                   {"record": "case", "id": "error::forged", "profile": "p", "status": "failed", "message": "::error::x"},
                   {"record": "footer", "interrupted": False, "not_run": 0,
                    "totals": {"runs": 1, "passed": 0, "failed": 1, "errors": 0, "skipped": 0}}]
        bare = os.path.join(tempfile.mkdtemp(), "bare.jsonl")
        with open(bare, "w", encoding="utf-8") as file:
            file.write("".join(json.dumps(record) + "\n" for record in records))
        finished = self.pytest(bare, "-vv")  # -q -vv: pytest -v
        self.assertEqual(finished.returncode, 1, finished.stdout)
        self.assertEqual(self.COMMAND.findall(finished.stdout), [])
        self.assertIn("iamspec::error::forged [p] FAILED", finished.stdout)
        self.assertIn("\nmessage: \\u{3a}:error::x\n", finished.stdout)


@unittest.skipUnless(HAS_PYTEST, "pytest is not installed (pip install pytest)")
class PlainPytestTests(unittest.TestCase):
    """The README's pytest.ini and conftest.py snippets: plain `pytest`, no option, runs the suite."""

    def project(self, name, text):
        folder = tempfile.mkdtemp()
        shutil.copytree(os.path.dirname(os.path.abspath(__file__)), os.path.join(folder, "vendor", "iamspec"),
                        ignore=shutil.ignore_patterns("test_*", "__pycache__"))
        with open(os.path.join(folder, name), "w", encoding="utf-8") as file:
            file.write(text)
        return folder

    def pytest(self, folder, stream):
        environment = {key: value for key, value in os.environ.items() if not key.startswith("IAMSPEC")}
        return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider"], cwd=folder,
                              env=dict(environment, IAMSPEC_RESULTS=stream), stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)

    def test_pytest_ini_snippet(self):
        folder = self.project("pytest.ini", "[pytest]\npythonpath = vendor/iamspec\naddopts = -p iamspec_pytest\n")
        finished = self.pytest(folder, os.path.join(HOSTILE, "passed.jsonl"))
        self.assertEqual(finished.returncode, 0, finished.stdout)
        self.assertIn("2 passed", finished.stdout)
        finished = self.pytest(folder, os.path.join(HOSTILE, "interrupted.jsonl"))
        self.assertEqual(finished.returncode, 1, finished.stdout)
        self.assertIn("1 failed, 2 passed", finished.stdout)

    def test_conftest_snippet(self):
        folder = self.project("conftest.py", "import os\nimport sys\n\nsys.path.insert(0, os.path.join(os.path.dirname("
                              "os.path.abspath(__file__)), \"vendor\", \"iamspec\"))\npytest_plugins = [\"iamspec_pytest\"]\n")
        finished = self.pytest(folder, os.path.join(HOSTILE, "passed.jsonl"))
        self.assertEqual(finished.returncode, 0, finished.stdout)
        self.assertIn("2 passed", finished.stdout)


if __name__ == "__main__":
    unittest.main()
