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
import { failureTexts, LINE_LIMIT, quotedLine, readRuns, readStream, StreamError, verdicts } from "./iamspec-node-runner.mjs";

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
  writeFileSync(path, [{ record: "header", format_version: 1 }, { ...footer([], { verdict: failedVerdict }) }].map((r) => JSON.stringify(r)).join("\n"));
  assert.deepEqual(readStream(path).reasons(0), ["the run failed: 1 late line"]);
  assert.deepEqual(readStream(path).reasons(1), [], "a failing test already fails the run");
});

test("readStream refuses a line longer than the limit without holding it", () => {
  const path = join(folder, "long.jsonl");
  writeFileSync(path, Buffer.concat([Buffer.from('{"record":"header","format_version":1}\n'), Buffer.alloc(LINE_LIMIT + 1, 120), Buffer.from("\n")]));
  assert.throws(() => readStream(path), { message: `${path}:2:1: error: found a line longer than ${16 * 1024 * 1024} bytes, expected a results record` });
});

test("readStream refuses bytes that are not UTF-8, totals that disagree, a line after the footer, a header missing", () => {
  const header = '{"record":"header","format_version":1}';
  const cases = [
    [Buffer.concat([Buffer.from(`${header}\n{"record":"case","id":"`), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]), "2:24: error: found bytes that are not UTF-8"],
    [`${header}\n${JSON.stringify({ ...footer([]), totals: { runs: 1, passed: 1, failed: 0, errors: 0, skipped: 0 } })}\n`, "2:1: error: found a footer whose totals"],
    [`${header}\n${JSON.stringify(footer([]))}\n{"record":"case"}\n`, "2:1: error: found records after the footer"],
    [`${JSON.stringify(footer([]))}\n`, "1:1: error: found no header record"],
    ["", "1:1: error: found no header record"],
    [`${header}\n${JSON.stringify(footer([], { interrupted: "no" }))}\n`, "2:1: error: found a footer without interrupted"],
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
  const finished = nodeTest([], { IAMSPEC_RESULTS: join(hostile, "passed.jsonl") }, { cwd: project });
  assert.equal(finished.status, 0, finished.output);
  assert.match(finished.output, /^# tests 2$/m, finished.output);
  assert.doesNotMatch(finished.output, /iamspec-node-runner\.mjs/);
});

/** `node --test --test-reporter=REPORTER ARGS` in `cwd` as a fresh run, not a child of this one
 * (NODE_TEST_CONTEXT), its environment this one's without IAMSPEC_* and with `environment`:
 * { status, output } (stdout then stderr). */
function nodeTest(args, environment, { cwd = process.cwd(), reporter = "tap" } = {}) {
  const inherited = Object.entries(process.env).filter(([name]) => name !== "NODE_TEST_CONTEXT" && !name.startsWith("IAMSPEC"));
  const finished = spawnSync(process.execPath, ["--test", `--test-reporter=${reporter}`, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...Object.fromEntries(inherited), ...environment },
  });
  return { status: finished.status, output: finished.stdout + finished.stderr };
}

const engineSuite = new URL("./samples/engine-suite.mjs", import.meta.url).pathname;

test("quotedLine shows stream text as iamspec's console does (QuotedText.line)", () => {
  for (const [text, shown] of [
    ["baseline.passes [braze-swift]", "baseline.passes [braze-swift]"],
    ["a\nb\r\nc\rd", "a\u23ceb\u23cec\\u{d}d"],
    ["tab\there", "tab\\there"],
    ["\u001b[31mred\u0007\u0000\u007f\u0085\u009b", "\\u{1b}[31mred\\u{7}\\u{0}\\u{7f}\\u{85}\\u{9b}"],
    ["\u2028\u2029\u202e\u2066\u200b\u2060\u061c\ufeff\ufffe\uffff", "\\u{2028}\\u{2029}\\u{202e}\\u{2066}\\u{200b}\\u{2060}\\u{61c}\\u{feff}\\u{fffe}\\u{ffff}"],
    ["::error file=x::forged", "\\u{3a}:error file=x::forged"],
    ["  ::warning::x", "  \\u{3a}:warning::x"],
    ["\t::x", "\\t::x"],
    ["a ::error::b", "a ::error::b"],
    ["##[error]x ##vso[task] ##VSO[t] ###[ ##x #[", "#\\u{23}[error]x #\\u{23}vso[task] #\\u{23}VSO[t] ##\\u{23}[ ##x #["],
    ["\\u{1b} stays \u00e9\u263a\u{1f600}", "\\u{1b} stays \u00e9\u263a\u{1f600}"],
  ]) {
    assert.equal(quotedLine(text), shown, JSON.stringify(text));
  }
});

/** Asserts that reading `path` is refused at `at` (`line:column`) with a message holding `found`. */
function refuses(path, at, found) {
  assert.throws(() => readStream(path), (error) => {
    assert.ok(error instanceof StreamError, error.stack);
    assert.ok(error.message.startsWith(`${path}:${at}: error: `), error.message);
    assert.ok(error.message.includes(found), error.message);
    return true;
  });
}

test("readStream refuses a byte order mark and a key given twice, at the line and column iamspec report names", () => {
  refuses(join(hostile, "byte-order-mark.jsonl"), "1:1", "found a line that is not JSON (a byte order mark (U+FEFF");
  refuses(join(hostile, "duplicate-key.jsonl"), "4:38", 'found a line that is not JSON (duplicate key "interrupted")');
  refuses(join(hostile, "duplicate-status.jsonl"), "3:277", 'found a line that is not JSON (duplicate key "status")');
  const path = join(folder, "duplicate.jsonl");
  const header = '{"record":"header","format_version":1}';
  for (const [line, at, found] of [
    ['{"record":"case","location":{"file":"a","line":1,"file":"b"}}', "2:50", 'duplicate key "file"'], // in a nested object
    ['{"record":"case","a":[{"k":1,"k":2}]}', "2:30", 'duplicate key "k"'], // in an array's object
    ['{"record":"case","\\u0061":1,"a":2}', "2:29", 'duplicate key "a"'], // the same key spelt otherwise
    ['{"record":"case","\u00e9":1,"e\u0301":2}', "2:25", 'duplicate key "e\u0301"'], // canonically equivalent, as Swift compares; columns in bytes
    ['{"record":"case","\\u001b[2J":1,"\\u001b[2J":2}', "2:32", 'duplicate key "\\u{1b}[2J"'], // escaped as the console does
  ]) {
    writeFileSync(path, `${header}\n${line}\n`);
    refuses(path, at, `found a line that is not JSON (${found}): the stream was cut or changed, expected a results record`);
  }
  writeFileSync(path, [
    '{"record":"header","format_version":1,"a":[{"k":1},{"k":2}],"b":{"k":"k","v":{"k":[]}},"c":"{\\"k\\":1,\\"k\\":2}","d":"\\\\","k":{}}',
    JSON.stringify(footer([])),
  ].join("\n"));
  assert.deepEqual(readStream(path).runs, [], "the same key in other objects, or inside a string, is no duplicate");
});

test("readStream refuses a header whose format_version is not 1, as iamspec report does", () => {
  refuses(join(hostile, "format-version.jsonl"), "1:1", "found format version 99, expected 1");
  const path = join(folder, "format.jsonl");
  for (const [header, found] of [
    ['{"record":"header"}', "found no format version, expected 1"],
    ['{"record":"header","format_version":"1"}', 'found format version "1", expected 1'],
  ]) {
    writeFileSync(path, `${header}\n${JSON.stringify(footer([]))}\n`);
    refuses(path, "1:1", found);
  }
});

test("a stream of one shard lacks the others and fails the run, unless partial results are wanted", () => {
  const lone = join(hostile, "lone-shard.jsonl");
  const reason = "the results stream lacks shards 2/3, 3/3 (it holds shard 1/3 of its selection only)";
  assert.deepEqual(readStream(lone).reasons(0), [reason]);
  assert.deepEqual(readStream(lone).reasons(0, true), []);
  assert.deepEqual(readStream(join(hostile, "missing-shard.jsonl")).reasons(0, true), ["2 selected runs not run"], "not_run still fails");
  const path = join(folder, "shard.jsonl");
  for (const [shard, reasons] of [
    ["2/2", ["the results stream lacks shard 1/2 (it holds shard 2/2 of its selection only)"]],
    ["1/1", []],
  ]) {
    writeFileSync(path, `${JSON.stringify({ record: "header", format_version: 1, selection: { shard } })}\n${JSON.stringify(footer([]))}\n`);
    assert.deepEqual(readStream(path).reasons(0), reasons, shard);
  }
  for (const shard of ["0/3", "4/3", "1/0", "+1/3", "one", 13]) {
    writeFileSync(path, `${JSON.stringify({ record: "header", format_version: 1, selection: { shard } })}\n${JSON.stringify(footer([]))}\n`);
    refuses(path, "1:1", `found ${JSON.stringify(shard)} for selection.shard in the header, expected I/N`);
  }

  const failing = nodeTest([engineSuite], { IAMSPEC_RESULTS: lone });
  assert.equal(failing.status, 1, failing.output);
  assert.ok(failing.output.includes(`not ok 3 - iamspec run`), failing.output);
  assert.ok(failing.output.includes(`${lone}: the run is not green: ${reason}`), failing.output);
  const partial = nodeTest([engineSuite], { IAMSPEC_RESULTS: lone, IAMSPEC_PARTIAL: "1" });
  assert.equal(partial.status, 0, partial.output);
  assert.match(partial.output, /^# pass 2$/m, partial.output);
  const suite = join(folder, "partial.test.mjs");
  const runner = new URL("./iamspec-node-runner.mjs", import.meta.url).href;
  writeFileSync(suite, `import { suiteTests } from ${JSON.stringify(runner)};\nsuiteTests({ results: ${JSON.stringify(lone)}, partial: true });\n`);
  const option = nodeTest([suite], {});
  assert.equal(option.status, 0, option.output);
});

test("a finished run that made no run passes, with no test of a case run", () => {
  const stream = readStream(join(hostile, "no-runs.jsonl"));
  assert.deepEqual([stream.runs, stream.reasons(0)], [[], []]);
  const finished = nodeTest([engineSuite], { IAMSPEC_RESULTS: join(hostile, "no-runs.jsonl") });
  assert.equal(finished.status, 0, finished.output);
  assert.match(finished.output, /^# fail 0$/m, finished.output);
  assert.doesNotMatch(finished.output, /# Subtest: (?!.*engine-suite\.mjs)/, "no test but the file's own");
});

test("a stream path that is missing or a folder is a session error naming it", () => {
  const missing = join(folder, "no-such-results.jsonl");
  refuses(missing, "1:1", "cannot read the results file: ENOENT: no such file or directory");
  refuses(folder, "1:1", "cannot read the results file: EISDIR");
  for (const path of [missing, folder]) {
    const finished = nodeTest([engineSuite], { IAMSPEC_RESULTS: path });
    assert.equal(finished.status, 1, finished.output);
    assert.ok(finished.output.includes(`${path}:1:1: error: cannot read the results file`), finished.output);
  }
});

test("a JUnit report that is missing, a folder or not a JUnit report is a session error naming it", () => {
  const reports = mkdtempSync(join(tmpdir(), "iamspec-node-runner-junit."));
  const absent = join(reports, "absent.xml");
  const notReport = join(reports, "results.xml");
  writeFileSync(notReport, "results: 2 passed\n");
  const unreadable = "error: cannot read the JUnit report (junit, IAMSPEC_JUNIT): ";
  const noReport = "1:1: error: found no JUnit report, expected the XML iamspec run --junit or iamspec report --junit writes";
  assert.throws(() => verdicts(absent), { message: `${absent}: ${unreadable}ENOENT: no such file or directory` });
  assert.throws(() => verdicts(reports), { message: `${reports}: ${unreadable}EISDIR: illegal operation on a directory` });
  assert.throws(() => verdicts(notReport), { message: `${notReport}:${noReport}` });
  assert.throws(() => failureTexts(notReport), { message: `${notReport}:${noReport}` });
  const escaped = join(reports, "a\u001b[2J\n::error::b.xml");
  assert.throws(() => verdicts(escaped), { message: `${quotedLine(escaped)}: ${unreadable}ENOENT: no such file or directory` });
  const passed = join(hostile, "passed.jsonl");
  const runner = new URL("./iamspec-node-runner.mjs", import.meta.url).href;
  for (const [junit, said] of [[absent, `${absent}: ${unreadable}`], [reports, `${reports}: ${unreadable}`], [notReport, `${notReport}:${noReport}`]]) {
    const suite = join(reports, "option.test.mjs");
    writeFileSync(suite, `import { suiteTests } from ${JSON.stringify(runner)};\nsuiteTests({ results: ${JSON.stringify(passed)}, junit: ${JSON.stringify(junit)} });\n`);
    for (const finished of [nodeTest([engineSuite], { IAMSPEC_RESULTS: passed, IAMSPEC_JUNIT: junit }), nodeTest([suite], {})]) {
      assert.equal(finished.status, 1, finished.output);
      assert.ok(finished.output.includes(said), finished.output);
      assert.doesNotMatch(finished.output, /syscall: '/, "no raw file system error");
      assert.match(finished.output, /^# pass 0$/m, finished.output);
    }
  }
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
      "message: sequence on delivery: \\u{1b}[2J\\u{1b}]8;;https://x.invalid\\u{7}link",
      "\u23ce::error file=x,line=1::forged\u23ce#\\u{23}[error]forged\u23ce#\\u{23}vso[task.complete result=Succeeded;]\\u{0}end",
      `results stream: ${path}`,
    ]) {
      assert.ok(finished.output.includes(shown), `${reporter}: ${shown}\n${finished.output}`);
    }
  }
});
