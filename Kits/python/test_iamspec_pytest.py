"""Tests of the pytest plugin, pytest itself run on results streams: each case run a test as
`iamspec report --runner-records` judges it (the tool: $IAMSPEC, else this checkout's
.build/debug/iamspec), placed at its case's file and line; a stream report refuses a usage error
holding report's diagnostic. Skipped where pytest is not installed (the plugin imports it);
scripts/test runs them with its .venv's python, and runs the whole (one pytest test per case run)
in its runner tests stage.

Run: python3 -m unittest discover -s Kits/python
"""

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HAS_PYTEST = importlib.util.find_spec("pytest") is not None
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
HOSTILE = os.path.join(ROOT, "Fixtures", "hostile", "streams")
TOOL = os.environ.get("IAMSPEC") or os.path.abspath(os.path.join(ROOT, ".build", "debug", "iamspec"))
PLUGIN = os.path.dirname(os.path.abspath(__file__))


def pytest_on(*options, cwd=None, timeout=None, **environment):
    """pytest with the plugin, IAMSPEC the tool and no other IAMSPEC_ variable but `environment`."""
    kept = {key: value for key, value in os.environ.items() if not key.startswith("IAMSPEC")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "iamspec_pytest", "-p", "no:cacheprovider", *options,
         os.path.join(PLUGIN, "iamspec_pytest.py")], cwd=cwd,
        env=dict(kept, PYTHONPATH=PLUGIN, IAMSPEC=TOOL, **environment), stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, timeout=timeout)


@unittest.skipUnless(HAS_PYTEST, "pytest is not installed (pip install pytest)")
class PlacementTests(unittest.TestCase):
    """pytest itself, run on a stream: a skip and a failure point at the case's file and line."""

    def test_skips_and_failures_point_at_the_case_file_and_line(self):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        stream = os.path.join(folder, "results.jsonl")
        specs = os.path.abspath(os.path.join(ROOT, "Fixtures", "specs", "failing"))
        engine = "python3 " + os.path.abspath(os.path.join(ROOT, "Fixtures", "engines", "example_engine.py"))
        subprocess.run([TOOL, "run", specs, "--engine-command", engine, "--json", stream], cwd=folder,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        finished = pytest_on("-rA", "--rootdir", folder, "--iamspec-results", stream, cwd=folder)
        self.assertEqual(finished.returncode, 1, finished.stdout)
        failed = re.search(r"^FAILED (\S+)::(\S+) \[", finished.stdout, re.MULTILINE)
        self.assertIsNotNone(failed, finished.stdout)
        self.assertTrue(failed[1].endswith(".yaml"), finished.stdout)
        self.assertRegex(finished.stdout, r"\n\S+\.yaml:[0-9]+:[0-9]+: ")  # the failing step's place
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
        return pytest_on("-q", *options, IAMSPEC_RESULTS=stream, **environment)

    def test_one_shards_stream_fails_unless_partial_results_are_wanted(self):
        stream = os.path.join(HOSTILE, "lone-shard.jsonl")
        finished = self.pytest(stream)
        self.assertEqual(finished.returncode, 1, finished.stdout)
        self.assertIn(f"{stream}: the run is not green: the results stream lacks shards 2/3, 3/3 (it holds shard 1/3 "
                      "of its selection only): the run is not complete: give --iamspec-partial (IAMSPEC_PARTIAL=1) "
                      "to judge the runs it holds", finished.stdout)
        self.assertIn("1 failed, 2 passed", finished.stdout)
        for finished in [self.pytest(stream, "--iamspec-partial"), self.pytest(stream, IAMSPEC_PARTIAL="1")]:
            self.assertEqual(finished.returncode, 0, finished.stdout)
            self.assertIn("2 passed", finished.stdout)
        finished = self.pytest(os.path.join(HOSTILE, "interrupted.jsonl"), "--iamspec-partial")
        self.assertEqual(finished.returncode, 1, "an interrupted run fails, partial results or not")

    def test_a_stream_iamspec_report_refuses_is_a_usage_error_holding_its_diagnostic(self):
        for name, place in [("byte-order-mark.jsonl", ":1:1: error: "), ("duplicate-key.jsonl", ":4:"),
                            ("duplicate-status.jsonl", ":3:"), ("format-version.jsonl", ":1:"),
                            ("no-footer.jsonl", ":"), ("unknown-status.jsonl", ":")]:
            stream = os.path.join(HOSTILE, name)
            finished = self.pytest(stream)
            self.assertEqual(finished.returncode, 4, finished.stdout)  # pytest's usage error
            self.assertIn("`iamspec report` exited with status 2:", finished.stdout)
            self.assertIn(f"{stream}{place}", finished.stdout)
            self.assertNotIn("INTERNALERROR", finished.stdout)

    def test_a_stream_that_is_missing_or_a_folder_is_a_usage_error_naming_it(self):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        for stream in [os.path.join(folder, "absent.jsonl"), folder]:
            finished = self.pytest(stream)
            self.assertEqual(finished.returncode, 4, finished.stdout)
            self.assertIn(stream, finished.stdout)
            self.assertNotIn("INTERNALERROR", finished.stdout)

    def test_a_junit_report_given_is_never_read_no_entity_resolved(self):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        secret = os.path.join(folder, "secret.txt")
        with open(secret, "w") as file:
            file.write("AUTHORIZATION: basic c2VjcmV0\n")
        report = os.path.join(folder, "xxe.xml")
        with open(report, "w") as file:
            file.write(f'<?xml version="1.0"?>\n<!DOCTYPE testsuites [\n<!ENTITY file SYSTEM "file://{secret}">\n'
                       '<!ENTITY web SYSTEM "http://127.0.0.1:9/xxe">\n]>\n<testsuites><testsuite name="iamspec.braze-swift">'
                       '<testcase classname="iamspec.braze-swift" name="x"><failure message="m">&file;&web;</failure>'
                       '</testcase></testsuite></testsuites>\n')
        stream = os.path.join(HOSTILE, "control-characters.jsonl")
        for finished in [self.pytest(stream, "--iamspec-junit", report), self.pytest(stream, IAMSPEC_JUNIT=report)]:
            self.assertEqual(finished.returncode, 1, finished.stdout)
            self.assertNotIn("c2VjcmV0", finished.stdout)
            self.assertIn("re-run: ", finished.stdout)  # iamspec's own failure text

    def test_the_temporary_folder_is_removed_when_the_engine_cannot_start(self):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        finished = pytest_on("-q", "--iamspec-engine-command", os.path.join(folder, "no-such-engine"), TMPDIR=folder)
        self.assertEqual(finished.returncode, 4, finished.stdout)
        self.assertIn("`iamspec run` exited with status 2:", finished.stdout)
        self.assertEqual(os.listdir(folder), [])

    def test_a_stream_that_never_ends_is_given_up_after_the_report_timeout(self):
        # A FIFO no one writes: `iamspec report` waits for a writer for ever, and pytest with it,
        # unless the plugin bounds the wait. The guard's minute only fails a plugin that waits on.
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        stream = os.path.join(folder, "never-written.jsonl")
        os.mkfifo(stream)
        for options, environment in [(["--iamspec-report-timeout", "0.5"], {}), ([], {"IAMSPEC_REPORT_TIMEOUT": "0.5"})]:
            try:
                finished = pytest_on("-q", *options, IAMSPEC_RESULTS=stream, timeout=60, **environment)
            except subprocess.TimeoutExpired:
                self.fail("pytest waited on for `iamspec report` of a FIFO no one writes")
            self.assertEqual(finished.returncode, 4, finished.stdout)  # pytest's usage error
            self.assertIn(f"`iamspec report` did not end within 0.5 s reading {stream} (killed)", finished.stdout)
            self.assertNotIn("INTERNALERROR", finished.stdout)
        finished = pytest_on("-q", "--iamspec-report-timeout", "0", IAMSPEC_RESULTS=stream, timeout=60)
        self.assertEqual(finished.returncode, 4, finished.stdout)
        self.assertIn("--iamspec-report-timeout (IAMSPEC_REPORT_TIMEOUT): found 0.0, expected a number of seconds "
                      "above 0", finished.stdout)

    def test_a_finished_run_that_made_no_run_passes(self):
        finished = self.pytest(os.path.join(HOSTILE, "no-runs.jsonl"))
        self.assertEqual(finished.returncode, 0, finished.stdout)
        self.assertIn("no tests ran", finished.stdout)

    def test_escapes_and_ci_log_commands_of_a_stream_never_reach_the_output_raw(self):
        stream = os.path.join(HOSTILE, "control-characters.jsonl")
        for verbosity in ["-q", "-vv"]:
            finished = self.pytest(stream, verbosity)
            self.assertEqual(finished.returncode, 1, finished.stdout)
            self.assertEqual(self.RAW.findall(finished.stdout), [])
            self.assertEqual(self.COMMAND.findall(finished.stdout), [])
            self.assertIn("baseline.passes\u23ce::error::forged-id\\u{1b}[31m [braze-swift]", finished.stdout)
            self.assertIn("Fixtures/baseline/specs/cases.yaml:15:", finished.stdout)
            self.assertIn("\\u{1b}[2J\\u{1b}]8;;https://x.invalid\\u{7}link\\u{1b}]8;;\\u{7}\u23ce::error file=x,"
                          "line=1::forged\u23ce#\\u{23}[error]forged\u23ce#\\u{23}vso[task.complete result=Succeeded;]"
                          "\\u{0}end", finished.stdout)
            self.assertIn(f"results stream: {stream}", finished.stdout)


@unittest.skipUnless(HAS_PYTEST, "pytest is not installed (pip install pytest)")
class PlainPytestTests(unittest.TestCase):
    """The README's pytest.ini and conftest.py snippets: plain `pytest`, no option, runs the suite."""

    def project(self, name, text):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        shutil.copytree(os.path.dirname(os.path.abspath(__file__)), os.path.join(folder, "vendor", "iamspec"),
                        ignore=shutil.ignore_patterns("test_*", "__pycache__"))
        with open(os.path.join(folder, name), "w", encoding="utf-8") as file:
            file.write(text)
        return folder

    def pytest(self, folder, stream):
        environment = {key: value for key, value in os.environ.items() if not key.startswith("IAMSPEC")}
        return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider"], cwd=folder,
                              env=dict(environment, IAMSPEC=TOOL, IAMSPEC_RESULTS=stream), stdout=subprocess.PIPE,
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
