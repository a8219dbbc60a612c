// Tests of iamspec-node-test's reading: the case records of a results stream, and the failure texts
// of iamspec's JUnit report, unescaped, keyed by case id and profile. scripts/test runs the whole
// (one node:test test per case run) in its runner tests stage.
//
// Run: node --test Kits/node/

import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { failureTexts, readRuns, verdicts } from "./iamspec-node-test.mjs";

const folder = mkdtempSync(join(tmpdir(), "iamspec-node-test-tests."));

test("readRuns keeps the case records of a results stream, in order", () => {
  const path = join(folder, "results.jsonl");
  writeFileSync(path, [
    JSON.stringify({ record: "header", format_version: 1 }),
    JSON.stringify({ record: "case", id: "b", profile: "braze-swift", status: "skipped", message: "m", skip_reason: "m" }),
    JSON.stringify({ record: "case", id: "a", profile: "appboy-legacy", status: "passed", message: "" }),
    JSON.stringify({ record: "footer" }),
    "",
  ].join("\n"));
  assert.deepEqual(readRuns(path).map((run) => `${run.id} [${run.profile}]`), ["b [braze-swift]", "a [appboy-legacy]"]);
});

test("failureTexts reads failures and errors by case id and profile, unescaped; passes and skips have none", () => {
  const path = join(folder, "results.xml");
  writeFileSync(path, `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="iamspec" tests="4" failures="1" errors="1" skipped="1">
  <testsuite name="iamspec.braze-swift.priority" tests="4">
    <testcase name="passes" classname="iamspec.braze-swift.priority" time="0.001"/>
    <testcase name="fails" classname="iamspec.braze-swift.priority" time="0.000">
      <failure type="iamspec.sequence" message="m">Specs/p.yaml:4:7: expected [displayed: a &amp; b]

re-run: iamspec run Specs --filter fails --engine-command &#39;python3 e.py&#39; &lt;x&gt;</failure>
    </testcase>
    <testcase name="errs" classname="iamspec.braze-swift.priority" time="0.000">
      <error type="iamspec.timeout" message="m">timed out &#x263A;</error>
    </testcase>
    <testcase name="skips" classname="iamspec.braze-swift.priority" time="0.000">
      <skipped message="the engine lacks the capability assets"/>
    </testcase>
  </testsuite>
</testsuites>
`);
  assert.deepEqual([...failureTexts(path)], [
    ["fails\u0000braze-swift",
      "Specs/p.yaml:4:7: expected [displayed: a & b]\n\nre-run: iamspec run Specs --filter fails --engine-command 'python3 e.py' <x>"],
    ["errs\u0000braze-swift", "timed out \u263A"],
  ]);
});

test("failureTexts of no report is empty", () => {
  assert.equal(failureTexts(undefined).size, 0);
  assert.equal(failureTexts(join(folder, "absent.xml")).size, 0);
});

test("verdicts reads a run judged by a baseline: expected failures skipped, the others failed", () => {
  const path = join(folder, "judged.xml");
  writeFileSync(path, `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="iamspec.braze-swift" tests="2">
    <testcase name="known" classname="iamspec.braze-swift.priority" time="0.000">
      <skipped message="expected failure: ties go first; failed: a &amp; b"/>
    </testcase>
    <testcase name="mended" classname="iamspec.braze-swift.priority" time="0.000">
      <failure type="iamspec.unexpected-pass" message="m">passed, though the baseline expects it to fail</failure>
    </testcase>
  </testsuite>
  <testsuite name="iamspec.baseline" tests="1">
    <testcase name="gone" classname="iamspec.baseline" time="0.000">
      <failure type="iamspec.stale-baseline-entry" message="m">b.yaml:3:3: gone: no such case run</failure>
    </testcase>
  </testsuite>
</testsuites>
`);
  assert.deepEqual([...verdicts(path)], [
    ["known\u0000braze-swift", { outcome: "skipped", text: "expected failure: ties go first; failed: a & b" }],
    ["mended\u0000braze-swift", { outcome: "failed", text: "passed, though the baseline expects it to fail" }],
    ["gone\u0000baseline", { outcome: "failed", text: "b.yaml:3:3: gone: no such case run" }],
  ]);
});
