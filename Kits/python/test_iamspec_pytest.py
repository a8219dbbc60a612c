"""Tests of the pytest plugin's reading: the case records of a results stream, and the failure
texts of iamspec's JUnit report, keyed by case id and profile. Skipped where pytest is not
installed (the plugin imports it); scripts/test runs them with its .venv's python, and runs the
whole (one pytest test per case run) in its runner tests stage.

Run: python3 -m unittest discover -s Kits/python
"""

import importlib.util
import json
import os
import tempfile
import unittest

HAS_PYTEST = importlib.util.find_spec("pytest") is not None


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

    def test_case_records_in_order(self):
        path = self.write("results.jsonl", "\n".join(json.dumps(record) for record in [
            {"record": "header"},
            {"record": "case", "id": "b", "profile": "braze-swift", "status": "passed", "message": ""},
            {"record": "case", "id": "a", "profile": "appboy-legacy", "status": "passed", "message": ""},
            {"record": "footer"},
        ]) + "\n")
        self.assertEqual([(run["id"], run["profile"]) for run in self.plugin.read_runs(path)],
                         [("b", "braze-swift"), ("a", "appboy-legacy")])

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
        stream = self.write("judged.jsonl", json.dumps({"record": "footer", "baseline": {"entries": []}}) + "\n")
        self.assertTrue(self.plugin._judged_by_baseline(stream))
        plain = self.write("plain.jsonl", json.dumps({"record": "footer"}) + "\n")
        self.assertFalse(self.plugin._judged_by_baseline(plain))


if __name__ == "__main__":
    unittest.main()
