"""Tests of the pytest plugin's reading: the case records of a results stream, and the failure
texts of iamspec's JUnit report, keyed by case id and profile. Skipped where pytest is not
installed (the plugin imports it); scripts/test runs them with its .venv's python, and runs the
whole (one pytest test per case run) in its runner tests stage.

Run: python3 -m unittest discover -s Kits/python
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HAS_PYTEST = importlib.util.find_spec("pytest") is not None
HOSTILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fixtures", "hostile", "streams")


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
            {"record": "header"},
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
        self.assertEqual(read("missing-shard.jsonl").reasons(0),
                         ["2 selected runs not run", "the merged stream lacks shard 2/3"])
        late = self.write("late.jsonl", json.dumps({"record": "header"}) + "\n" + json.dumps(
            self.footer(verdict={"succeeded": False, "outcome": "1 late line"})) + "\n")
        self.assertEqual(self.plugin.read_stream(late).reasons(0), ["the run failed: 1 late line"])
        self.assertEqual(self.plugin.read_stream(late).reasons(1), [], "a failing test already fails the run")

    def test_refuses_a_line_longer_than_the_limit_without_holding_it(self):
        path = os.path.join(self.folder, "long.jsonl")
        with open(path, "wb") as file:
            file.write(b'{"record":"header"}\n' + b"x" * (self.plugin.LINE_LIMIT + 1) + b"\n")
        with self.assertRaises(self.plugin.StreamError) as raised:
            self.plugin.read_stream(path)
        self.assertEqual(str(raised.exception), f"{path}:2:1: error: found a line longer than {16 << 20} bytes, "
                                                "expected a results record")

    def test_refuses_bad_bytes_disagreeing_totals_a_line_after_the_footer_and_no_header(self):
        header, footer = json.dumps({"record": "header"}), json.dumps(self.footer())
        for text, expected in [
            (b'{"record":"header"}\n{"record":"case","id":"\xc3\x28"}\n', "2:24: error: found bytes that are not UTF-8"),
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
        header = json.dumps({"record": "header"}) + "\n"
        stream = self.write("judged.jsonl", header + json.dumps(self.footer(baseline={"entries": []})) + "\n")
        self.assertTrue(self.plugin.read_stream(stream).judged_by_baseline)
        plain = self.write("plain.jsonl", header + json.dumps(self.footer()) + "\n")
        self.assertFalse(self.plugin.read_stream(plain).judged_by_baseline)


@unittest.skipUnless(HAS_PYTEST, "pytest is not installed (pip install pytest)")
class PlacementTests(unittest.TestCase):
    """pytest itself, run on a stream: a skip and a failure point at the case's file and line."""

    def test_skips_and_failures_point_at_the_case_file_and_line(self):
        folder = tempfile.mkdtemp()
        records = [{"record": "header"},
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
