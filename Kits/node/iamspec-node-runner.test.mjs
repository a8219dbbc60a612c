// Tests of iamspec-node-runner's reading: the case records of a results stream, and the failure texts
// of iamspec's JUnit report, unescaped, keyed by case id and profile. scripts/test runs the whole
// (one node:test test per case run) in its runner tests stage.
//
// Run: node --test Kits/node/

import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { failureTexts, LINE_LIMIT, readRuns, readStream, StreamError, verdicts } from "./iamspec-node-runner.mjs";

const folder = mkdtempSync(join(tmpdir(), "iamspec-node-runner-tests."));

const footer = (runs, fields = {}) => ({
  record: "footer",
  totals: { runs: runs.length, passed: runs.filter((status) => status === "passed").length, failed: 0, errors: 0, skipped: 0 },
  interrupted: false,
  not_run: 0,
  ...fields,
});

test("readRuns keeps the case records of a results stream, in order, with their case's file and line", () => {
  const path = join(folder, "results.jsonl");
  writeFileSync(path, [
    JSON.stringify({ record: "header", format_version: 1 }),
    JSON.stringify({ record: "case", id: "b", profile: "braze-swift", status: "skipped", message: "m", skip_reason: "r", location: { file: "Specs/b.yaml", line: 7, column: 3 } }),
    JSON.stringify({ record: "case", id: "a", profile: "appboy-legacy", status: "passed", message: "" }),
    JSON.stringify({ ...footer(["passed"]), totals: { runs: 2, passed: 1, failed: 0, errors: 0, skipped: 1 } }),
    "",
  ].join("\n"));
  assert.deepEqual(readRuns(path), [
    { id: "b", profile: "braze-swift", status: "skipped", text: "r", file: "Specs/b.yaml", line: 7 },
    { id: "a", profile: "appboy-legacy", status: "passed", text: "", file: undefined, line: undefined },
  ]);
});

const hostile = new URL("../../Fixtures/hostile/streams/", import.meta.url).pathname;

test("readStream refuses, at its line, a stream iamspec report refuses: no footer, cut mid-line, an unknown status", () => {
  for (const [name, line, found] of [
    ["no-footer.jsonl", 4, "found no footer record"],
    ["truncated.jsonl", 3, "found a line that is not JSON"],
    ["unknown-status.jsonl", 3, 'found "green" for status in a case record, expected one of "passed", "failed", "error", "skipped"'],
  ]) {
    assert.throws(() => readStream(join(hostile, name)), (error) => {
      assert.ok(error instanceof StreamError);
      assert.ok(error.message.startsWith(`${join(hostile, name)}:${line}:`), error.message);
      assert.ok(error.message.includes(found), error.message);
      return true;
    });
  }
});

test("a finished stream's footer says why the run is not green beyond its case runs", () => {
  assert.deepEqual(readStream(join(hostile, "passed.jsonl")).reasons(0), []);
  assert.deepEqual(readStream(join(hostile, "interrupted.jsonl")).reasons(0), [
    "the run was interrupted before every selected run was made",
    "2 selected runs not run",
  ]);
  assert.deepEqual(readStream(join(hostile, "missing-shard.jsonl")).reasons(0), [
    "2 selected runs not run",
    "the merged stream lacks shard 2/3",
  ]);
  const path = join(folder, "late.jsonl");
  const failedVerdict = { succeeded: false, outcome: "1 late line" };
  writeFileSync(path, [{ record: "header" }, { ...footer([], { verdict: failedVerdict }) }].map((r) => JSON.stringify(r)).join("\n"));
  assert.deepEqual(readStream(path).reasons(0), ["the run failed: 1 late line"]);
  assert.deepEqual(readStream(path).reasons(1), [], "a failing test already fails the run");
});

test("readStream refuses a line longer than the limit without holding it", () => {
  const path = join(folder, "long.jsonl");
  writeFileSync(path, Buffer.concat([Buffer.from('{"record":"header"}\n'), Buffer.alloc(LINE_LIMIT + 1, 120), Buffer.from("\n")]));
  assert.throws(() => readStream(path), { message: `${path}:2:1: error: found a line longer than ${16 * 1024 * 1024} bytes, expected a results record` });
});

test("readStream refuses bytes that are not UTF-8, totals that disagree, a line after the footer, a header missing", () => {
  const cases = [
    [Buffer.concat([Buffer.from('{"record":"header"}\n{"record":"case","id":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]), "2:24: error: found bytes that are not UTF-8"],
    [`{"record":"header"}\n${JSON.stringify({ ...footer([]), totals: { runs: 1, passed: 1, failed: 0, errors: 0, skipped: 0 } })}\n`, "2:1: error: found a footer whose totals"],
    [`{"record":"header"}\n${JSON.stringify(footer([]))}\n{"record":"case"}\n`, "2:1: error: found records after the footer"],
    [`${JSON.stringify(footer([]))}\n`, "1:1: error: found no header record"],
    ["", "1:1: error: found no header record"],
    [`{"record":"header"}\n${JSON.stringify(footer([], { interrupted: "no" }))}\n`, "2:1: error: found a footer without interrupted"],
  ];
  for (const [bytes, expected] of cases) {
    const path = join(folder, "bad.jsonl");
    writeFileSync(path, bytes);
    assert.throws(() => readStream(path), (error) => error instanceof StreamError && error.message.startsWith(`${path}:${expected}`));
  }
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

test("node --test on a project's folder runs the suite's tests, never the runner file as a test of its own", () => {
  const project = mkdtempSync(join(tmpdir(), "iamspec-node-runner-project."));
  mkdirSync(join(project, "test"));
  copyFileSync(new URL("./iamspec-node-runner.mjs", import.meta.url), join(project, "iamspec-node-runner.mjs"));
  writeFileSync(join(project, "test", "engine.test.mjs"), 'import { suiteTests } from "../iamspec-node-runner.mjs";\nsuiteTests();\n');
  // A fresh `node --test`, not a child of this one (NODE_TEST_CONTEXT), reading the stream alone.
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== "NODE_TEST_CONTEXT" && !name.startsWith("IAMSPEC")),
  );
  environment.IAMSPEC_RESULTS = join(hostile, "passed.jsonl");
  const finished = spawnSync(process.execPath, ["--test", "--test-reporter=tap"], {
    cwd: project,
    encoding: "utf8",
    env: environment,
  });
  assert.equal(finished.status, 0, finished.stdout + finished.stderr);
  assert.match(finished.stdout, /^# tests 2$/m, finished.stdout);
  assert.doesNotMatch(finished.stdout, /iamspec-node-runner\.mjs/);
});
