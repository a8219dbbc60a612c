// iamspec's suite as node:test tests, one test per case run.
//
//   // test/my-engine.iamspec.test.mjs
//   import { suiteTests } from "../iamspec-node-runner.mjs";
//   suiteTests({ engineCommand: "node my-engine.mjs" }); // runs `iamspec run`
//   suiteTests({ results: "results.jsonl" });            // or takes a run made before
//   suiteTests(); // from IAMSPEC_ENGINE_COMMAND, IAMSPEC_RESULTS, IAMSPEC_SPECS
//
// With engineCommand it runs `iamspec run SPECS --engine-command CMD --json ...` (the specs:
// options.specs, default ["Specs"]); with results it takes a results stream written before. Either
// way the verdict is iamspec's own: the runner runs `iamspec report STREAM --runner-records FILE`
// (the tool: options.iamspec, else $IAMSPEC, else `iamspec` on PATH) and maps its records to
// node:test tests, judging nothing itself. Each case run is a test named `case-id [profile]`: a
// skipped run (an expected failure of a baseline among them) is node:test's skip with iamspec's
// reason, a failed or errored run (an unexpected pass among them) fails with iamspec's failure text
// (location and check, rules, given, timeline and re-run line); each stale baseline entry is a
// failing test `baseline: KEY`, and whatever else fails the run (interrupted, runs not run, late
// lines, missing shards) one more failing test, `iamspec run`. A stream `iamspec report` refuses
// throws report's own `path:line:col: error: ...`. options.baseline (IAMSPEC_BASELINE) gives the run
// it makes a baseline (--baseline); options.partial (IAMSPEC_PARTIAL=1) asks for `iamspec report
// --partial`. options.junit (IAMSPEC_JUNIT) is accepted and unused: the failure texts come from
// iamspec itself. Every text is shown as iamspec made it, already inert. Node's standard library only.

import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { test } from "node:test";

/** Registers one node:test test per case run of the suite. */
export function suiteTests(options = {}) {
  const environment = process.env;
  const engineCommand = options.engineCommand ?? environment.IAMSPEC_ENGINE_COMMAND;
  let results = options.results ?? environment.IAMSPEC_RESULTS;
  if (engineCommand === undefined && results === undefined) {
    throw new Error("no suite to run: give { engineCommand } or { results } (or IAMSPEC_ENGINE_COMMAND, IAMSPEC_RESULTS)");
  }
  const named = options.iamspec ?? environment.IAMSPEC;
  const tool = named ?? "iamspec";
  const partial = options.partial ?? environment.IAMSPEC_PARTIAL === "1";
  const folder = mkdtempSync(join(tmpdir(), "iamspec-node-runner."));
  let records;
  try { // the run's own files, read: none is left behind, whatever happened
    if (engineCommand !== undefined) {
      results = join(folder, "results.jsonl");
      const baseline = options.baseline ?? environment.IAMSPEC_BASELINE;
      const specs = options.specs ?? environment.IAMSPEC_SPECS?.split(delimiter) ?? ["Specs"];
      const judged = baseline === undefined ? [] : ["--baseline", baseline];
      iamspec(tool, named, ["run", ...specs, "--engine-command", engineCommand, "--json", results, ...judged], folder);
    }
    const path = join(folder, "records.jsonl");
    // The run made here is the user's: its failure texts carry the engine command in full.
    const command = engineCommand === undefined ? [] : ["--engine-command", engineCommand];
    iamspec(tool, named, ["report", results, "--runner-records", path, ...command, ...(partial ? ["--partial"] : [])], folder);
    records = readRecords(path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const { tests, verdict } = records;
  // A stream given, not made here, is named in each failure: the run's own is a file now removed.
  const source = engineCommand === undefined ? `\nresults stream: ${verdict.results}` : "";
  for (const record of tests) {
    if (record.record === "stale") {
      test(`baseline: ${record.key}`, () => {
        throw new Error(record.text + source);
      });
    } else if (record.status === "skipped") {
      test(`${record.id} [${record.profile}]`, { skip: record.text }, () => {});
    } else if (record.status === "passed") {
      test(`${record.id} [${record.profile}]`, () => {});
    } else {
      test(`${record.id} [${record.profile}]`, () => {
        throw new CaseRunFailure(record.text + source, record);
      });
    }
  }
  if (verdict.reasons.length > 0) {
    const hint = verdict.missing_shards > 0 ? ": give { partial: true } (IAMSPEC_PARTIAL=1) to judge the runs it holds" : "";
    test("iamspec run", () => {
      throw new Error(`${verdict.results}: the run is not green: ${verdict.reasons.join("; ")}${hint}`);
    });
  }
}

/** A failed case run: iamspec's text, and the case's file and line as the error's first stack line. */
class CaseRunFailure extends Error {
  constructor(text, record) {
    super(text);
    this.name = "CaseRunFailure";
    this.stack = `${this.name}: ${text}\n    at ${record.file}:${record.line}`;
  }
}

/** How much of iamspec's standard error an error quotes (its diagnostic comes first). */
const STDERR_LIMIT = 64 * 1024;

/** Runs `tool arguments`; an Error holding the head of its standard error (its diagnostic) unless it
 * exits 0 or 1 (a run or a verdict that failed is still a verdict). */
function iamspec(tool, named, args, folder) {
  const errors = join(folder, `${args[0]}.stderr`);
  const stderr = openSync(errors, "w");
  let finished;
  try {
    finished = spawnSync(tool, args, { stdio: ["ignore", "ignore", stderr] });
  } finally {
    closeSync(stderr);
  }
  if (finished.error?.code === "ENOENT") {
    throw new Error(
      `iamspec not found (${named ? `IAMSPEC or the iamspec option names ${JSON.stringify(named)}` : "not on PATH"}): ` +
        "build it (swift build) and set IAMSPEC=PATH, pass { iamspec: PATH }, or put it on PATH",
    );
  }
  if (finished.error) throw finished.error;
  if (finished.status !== 0 && finished.status !== 1) {
    const head = Buffer.alloc(STDERR_LIMIT);
    const descriptor = openSync(errors, "r");
    let size;
    try {
      size = readSync(descriptor, head, 0, STDERR_LIMIT, 0);
    } finally {
      closeSync(descriptor);
    }
    const status = finished.status ?? finished.signal;
    throw new Error(`\`iamspec ${args[0]}\` exited with status ${status}:\n${head.subarray(0, size).toString("utf8")}`);
  }
}

/** The longest record line the runner reads: a longer one is refused, not held. */
export const LINE_LIMIT = 16 * 1024 * 1024;

/** The tests of `iamspec report --runner-records` (each run's and each stale entry's record, in
 * order) and its verdict record: { tests, verdict }. The file is read in chunks, a line at a time,
 * each up to LINE_LIMIT. */
export function readRecords(path) {
  const tests = [];
  let verdict;
  const take = (bytes) => {
    const record = JSON.parse(bytes.toString("utf8"));
    if (record.record === "verdict") verdict = record;
    else tests.push(record);
  };
  const descriptor = openSync(path, "r");
  try {
    const chunk = Buffer.alloc(1 << 16);
    let parts = [];
    let size = 0;
    for (let read = readSync(descriptor, chunk); read > 0; read = readSync(descriptor, chunk)) {
      let start = 0;
      for (let end = chunk.indexOf(10, start); end !== -1 && end < read; end = chunk.indexOf(10, start)) {
        parts.push(Buffer.from(chunk.subarray(start, end)));
        take(Buffer.concat(parts));
        parts = [];
        size = 0;
        start = end + 1;
      }
      size += read - start;
      if (size > LINE_LIMIT) throw new Error(`${path}: error: found a record longer than ${LINE_LIMIT} bytes`);
      parts.push(Buffer.from(chunk.subarray(start, read)));
    }
  } finally {
    closeSync(descriptor);
  }
  if (verdict === undefined) throw new Error(`${path}: error: found no verdict record, expected iamspec report's last line`);
  return { tests, verdict };
}
