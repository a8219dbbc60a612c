// Tests of iamspec-node-runner: node --test itself run on results streams, each case run a test as
// `iamspec report --runner-records` judges it (the tool: $IAMSPEC, else this checkout's
// .build/debug/iamspec); a stream report refuses a session error holding report's diagnostic.
// scripts/test runs the whole (one node:test test per case run) in its runner tests stage.
//
// Run: node --test Kits/node/

import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { test } from "node:test";

const hostile = new URL("../../Fixtures/hostile/streams/", import.meta.url).pathname;
const tool = process.env.IAMSPEC ?? new URL("../../.build/debug/iamspec", import.meta.url).pathname;
const runner = new URL("./iamspec-node-runner.mjs", import.meta.url).href;
const engineSuite = new URL("./samples/engine-suite.mjs", import.meta.url).pathname;

/** `node --test --test-reporter=REPORTER ARGS` in `cwd` as a fresh run, not a child of this one
 * (NODE_TEST_CONTEXT), its environment this one's without IAMSPEC_*, with IAMSPEC the tool and
 * `environment`: { status, output } (stdout then stderr). */
function nodeTest(args, environment, { cwd = process.cwd(), reporter = "tap" } = {}) {
  const inherited = Object.entries(process.env).filter(([name]) => name !== "NODE_TEST_CONTEXT" && !name.startsWith("IAMSPEC"));
  const finished = spawnSync(process.execPath, ["--test", `--test-reporter=${reporter}`, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...Object.fromEntries(inherited), IAMSPEC: tool, ...environment },
  });
  return { status: finished.status, output: finished.stdout + finished.stderr };
}

/** A test file calling suiteTests(options), in a folder removed when the tests end. */
function suiteFile(options) {
  const folder = mkdtempSync(join(tmpdir(), "iamspec-node-runner-suite."));
  const suite = join(folder, "option.test.mjs");
  writeFileSync(suite, `import { suiteTests } from ${JSON.stringify(runner)};\nsuiteTests(${JSON.stringify(options)});\n`);
  return { suite, folder };
}

test("node --test on a project's folder runs the suite's tests, never the runner file as a test of its own", () => {
  const project = mkdtempSync(join(tmpdir(), "iamspec-node-runner-project."));
  mkdirSync(join(project, "test"));
  copyFileSync(new URL("./iamspec-node-runner.mjs", import.meta.url), join(project, "iamspec-node-runner.mjs"));
  writeFileSync(join(project, "test", "engine.test.mjs"), 'import { suiteTests } from "../iamspec-node-runner.mjs";\nsuiteTests();\n');
  const finished = nodeTest([], { IAMSPEC_RESULTS: join(hostile, "passed.jsonl") }, { cwd: project });
  rmSync(project, { recursive: true });
  assert.equal(finished.status, 0, finished.output);
  assert.match(finished.output, /^# tests 2$/m, finished.output);
  assert.doesNotMatch(finished.output, /iamspec-node-runner\.mjs/);
});

test("a stream of one shard lacks the others and fails the run, unless partial results are wanted", () => {
  const lone = join(hostile, "lone-shard.jsonl");
  const failing = nodeTest([engineSuite], { IAMSPEC_RESULTS: lone });
  assert.equal(failing.status, 1, failing.output);
  assert.ok(failing.output.includes(`not ok 3 - iamspec run`), failing.output);
  assert.ok(
    failing.output.includes(
      `${lone}: the run is not green: the results stream lacks shards 2/3, 3/3 (it holds shard 1/3 of its selection only): ` +
        "the run is not complete: give { partial: true } (IAMSPEC_PARTIAL=1) to judge the runs it holds",
    ),
    failing.output,
  );
  const partial = nodeTest([engineSuite], { IAMSPEC_RESULTS: lone, IAMSPEC_PARTIAL: "1" });
  assert.equal(partial.status, 0, partial.output);
  assert.match(partial.output, /^# pass 2$/m, partial.output);
  const { suite, folder } = suiteFile({ results: lone, partial: true });
  const option = nodeTest([suite], {});
  rmSync(folder, { recursive: true });
  assert.equal(option.status, 0, option.output);
  const interrupted = nodeTest([engineSuite], { IAMSPEC_RESULTS: join(hostile, "interrupted.jsonl"), IAMSPEC_PARTIAL: "1" });
  assert.equal(interrupted.status, 1, "an interrupted run fails, partial results or not");
});

test("a stream iamspec report refuses is a session error holding report's diagnostic", () => {
  for (const [name, place] of [
    ["byte-order-mark.jsonl", ":1:1: error: "], ["duplicate-key.jsonl", ":4:"], ["duplicate-status.jsonl", ":3:"],
    ["format-version.jsonl", ":1:"], ["no-footer.jsonl", ":"], ["truncated.jsonl", ":"], ["unknown-status.jsonl", ":"],
  ]) {
    const stream = join(hostile, name);
    const finished = nodeTest([engineSuite], { IAMSPEC_RESULTS: stream });
    assert.equal(finished.status, 1, finished.output);
    assert.ok(finished.output.includes("`iamspec report` exited with status 2:"), finished.output);
    assert.ok(finished.output.includes(`${stream}${place}`), finished.output);
    assert.match(finished.output, /^# pass 0$/m, finished.output);
  }
});

test("a finished run that made no run passes, with no test of a case run", () => {
  const finished = nodeTest([engineSuite], { IAMSPEC_RESULTS: join(hostile, "no-runs.jsonl") });
  assert.equal(finished.status, 0, finished.output);
  assert.match(finished.output, /^# fail 0$/m, finished.output);
  assert.doesNotMatch(finished.output, /# Subtest: (?!.*engine-suite\.mjs)/, "no test but the file's own");
});

test("a stream path that is missing or a folder is a session error naming it", () => {
  const folder = mkdtempSync(join(tmpdir(), "iamspec-node-runner-missing."));
  const missing = join(folder, "no-such-results.jsonl");
  for (const path of [missing, folder]) {
    const finished = nodeTest([engineSuite], { IAMSPEC_RESULTS: path });
    assert.equal(finished.status, 1, finished.output);
    assert.ok(finished.output.includes(path), finished.output);
    assert.ok(finished.output.includes("`iamspec report` exited with status 2:"), finished.output);
  }
  rmSync(folder, { recursive: true });
});

test("a JUnit report given (IAMSPEC_JUNIT, { junit }) is never read: no entity of it is resolved", () => {
  const folder = mkdtempSync(join(tmpdir(), "iamspec-node-runner-junit."));
  const secret = join(folder, "secret.txt");
  writeFileSync(secret, "AUTHORIZATION: basic c2VjcmV0\n");
  const report = join(folder, "xxe.xml");
  writeFileSync(
    report,
    `<?xml version="1.0"?>\n<!DOCTYPE testsuites [\n<!ENTITY file SYSTEM "file://${secret}">\n` +
      '<!ENTITY web SYSTEM "http://127.0.0.1:9/xxe">\n]>\n<testsuites><testsuite name="iamspec.braze-swift">' +
      '<testcase classname="iamspec.braze-swift" name="x"><failure message="m">&file;&web;</failure></testcase>' +
      "</testsuite></testsuites>\n",
  );
  const stream = join(hostile, "control-characters.jsonl");
  const { suite, folder: suiteFolder } = suiteFile({ results: stream, junit: report });
  for (const finished of [nodeTest([engineSuite], { IAMSPEC_RESULTS: stream, IAMSPEC_JUNIT: report }), nodeTest([suite], {})]) {
    assert.equal(finished.status, 1, finished.output);
    assert.doesNotMatch(finished.output, /c2VjcmV0/);
    assert.ok(finished.output.includes("re-run: "), finished.output); // iamspec's own failure text
  }
  rmSync(folder, { recursive: true });
  rmSync(suiteFolder, { recursive: true });
});

test("the temporary folder is removed when `iamspec run` cannot start the engine (exit 2)", () => {
  const folder = mkdtempSync(join(tmpdir(), "iamspec-node-runner-tmp."));
  const finished = nodeTest([engineSuite], { IAMSPEC_ENGINE_COMMAND: join(folder, "no-such-engine"), TMPDIR: folder });
  assert.equal(finished.status, 1, finished.output);
  assert.ok(finished.output.includes("`iamspec run` exited with status 2:"), finished.output);
  assert.deepEqual(readdirSync(folder), []);
  rmSync(folder, { recursive: true });
});

test("a stream's terminal escapes, controls and CI log commands reach no output raw; its failure names the stream", () => {
  const path = join(hostile, "control-characters.jsonl");
  for (const reporter of ["tap", "spec", "junit"]) {
    const finished = nodeTest([engineSuite], { IAMSPEC_RESULTS: path }, { reporter });
    assert.equal(finished.status, 1, finished.output);
    assert.doesNotMatch(finished.output, /[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]/, reporter);
    assert.doesNotMatch(finished.output, /^[ \t]*(?:::[A-Za-z-]+[ :]|##\[|##vso\[)/m, reporter);
    // The test's name (TAP doubles its backslash).
    assert.match(finished.output, /baseline\.passes\u23ce::error::forged-id\\{1,2}u\{1b\}\[31m \[braze-swift\]/, reporter);
    for (const shown of [
      "sequence on delivery: \\u{1b}[2J\\u{1b}]8;;https://x.invalid\\u{7}link",
      "\u23ce::error file=x,line=1::forged\u23ce#\\u{23}[error]forged\u23ce#\\u{23}vso[task.complete result=Succeeded;]\\u{0}end",
      `results stream: ${path}`,
    ]) {
      assert.ok(finished.output.includes(shown), `${reporter}: ${shown}\n${finished.output}`);
    }
  }
});
