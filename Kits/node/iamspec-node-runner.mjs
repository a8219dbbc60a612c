// iamspec's suite as node:test tests, one test per case run.
//
//   // my-engine.iamspec.test.mjs
//   import { suiteTests } from "./iamspec-node-runner.mjs";
//   suiteTests({ engineCommand: "node my-engine.mjs" });           // runs `iamspec run`
//   suiteTests({ results: "results.jsonl", junit: "results.xml" }); // or reads a run made before
//   suiteTests(); // from IAMSPEC_ENGINE_COMMAND, IAMSPEC_RESULTS, IAMSPEC_JUNIT, IAMSPEC_SPECS
//
// With engineCommand it runs `iamspec run SPECS --engine-command CMD --json ... --junit ...` (the
// tool: options.iamspec, else $IAMSPEC, else `iamspec` on PATH; the specs: options.specs, default
// ["Specs"]). Each case record of the results stream becomes a test named `case-id [profile]`: a
// skipped run is node:test's skip with the run's reason; a failed or errored run fails with the
// failure text of the JUnit report (the console's: location and check, rules, given, timeline and
// re-run line), else the record's message. options.baseline (IAMSPEC_BASELINE) gives the run it
// makes a baseline (--baseline). A run judged by a baseline gets iamspec's verdict, read from the
// JUnit report (which a stream judged by a baseline therefore needs): an expected failure is
// skipped with the report's `expected failure: ...`, an unexpected pass fails, and each stale entry
// is a failing test `baseline: KEY`. Node's standard library only.

import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { test } from "node:test";

/** Registers one node:test test per case run of the suite. */
export function suiteTests(options = {}) {
  const environment = process.env;
  options = {
    engineCommand: options.engineCommand ?? environment.IAMSPEC_ENGINE_COMMAND,
    results: options.results ?? environment.IAMSPEC_RESULTS,
    junit: options.junit ?? environment.IAMSPEC_JUNIT,
    specs: options.specs ?? environment.IAMSPEC_SPECS?.split(delimiter),
    iamspec: options.iamspec,
    baseline: options.baseline ?? environment.IAMSPEC_BASELINE,
  };
  let { results, junit } = options;
  if (options.engineCommand === undefined && results === undefined) {
    throw new Error("no suite to run: give { engineCommand } or { results } (or IAMSPEC_ENGINE_COMMAND, IAMSPEC_RESULTS)");
  }
  let folder;
  if (options.engineCommand !== undefined) {
    ({ results, junit } = runSuite(options));
    folder = dirname(results);
  }
  let stream;
  let judged;
  try {
    stream = readStream(results);
    judged = verdicts(junit);
  } catch (problem) {
    if (!(problem instanceof StreamError)) throw problem;
    throw new Error(`the results stream is not a finished run's, as \`iamspec report\` would say:\n${problem.message}`);
  } finally {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true }); // the run's own files, read
  }
  if (junit === undefined && stream.judgedByBaseline) {
    throw new Error(
      `the results stream ${results} was judged by a baseline, whose verdict is in its JUnit report: give it ` +
        `with { junit } (IAMSPEC_JUNIT), or write it with \`iamspec report ${results} --junit FILE\``,
    );
  }
  let failing = 0;
  for (const run of stream.runs) {
    const { outcome, text } = judgedOutcome(run, judged.get(`${run.id}\u0000${run.profile}`));
    const name = `${run.id} [${run.profile}]`;
    if (outcome === "skipped") {
      test(name, { skip: text }, () => {});
    } else if (outcome === "failed") {
      failing += 1;
      test(name, () => {
        throw new CaseRunFailure(text, run);
      });
    } else {
      test(name, () => {});
    }
  }
  for (const [key, verdict] of judged) {
    const [name, suite] = key.split("\u0000");
    if (suite === "baseline") {
      failing += 1;
      test(`baseline: ${name}`, () => {
        throw new Error(verdict.text);
      });
    }
  }
  const reasons = stream.reasons(failing);
  if (reasons.length > 0) {
    test("iamspec run", () => {
      throw new Error(`${results}: the run is not green: ${reasons.join("; ")}`);
    });
  }
}

/** A failed case run: its text, and the case's file and line as the error's first stack line. */
class CaseRunFailure extends Error {
  constructor(text, run) {
    super(text);
    this.name = "CaseRunFailure";
    if (typeof run.file === "string") this.stack = `${this.name}: ${text}\n    at ${run.file}:${run.line ?? 1}`;
  }
}

/** The outcome of a case run's test, "passed", "failed" or "skipped", and its text: the run's status
 * as iamspec's JUnit report judged it (`verdict`, for a run judged by a baseline: an expected failure
 * is skipped, an unexpected pass fails). Each status is matched by name. */
function judgedOutcome(run, verdict) {
  switch (run.status) {
    case "passed":
      return verdict?.outcome === "failed" ? { outcome: "failed", text: verdict.text } : { outcome: "passed", text: "" };
    case "failed":
    case "error":
      if (verdict?.outcome === "skipped") return { outcome: "skipped", text: verdict.text }; // an expected failure
      return { outcome: "failed", text: verdict?.outcome === "failed" ? verdict.text : run.text };
    case "skipped":
      return { outcome: "skipped", text: run.text };
    default: // readStream refuses it first
      throw new Error(`status ${JSON.stringify(run.status)} is none of ${STATUSES.join(", ")}`);
  }
}

/** The longest line of a results stream the runner reads: a longer one is refused, not held. */
export const LINE_LIMIT = 16 * 1024 * 1024;

/** A case record's statuses, each matched by name: any other is refused, never taken for a pass. */
const STATUSES = ["passed", "failed", "error", "skipped"];

/** A results stream the runner cannot take as a finished run's, as `iamspec report` refuses it:
 * `path:line:col: error: what was found, what was expected`. */
export class StreamError extends Error {
  constructor(path, line, message, column = 1) {
    super(`${path}:${line}:${column}: error: ${message}`);
    this.name = "StreamError";
  }
}

/** The lines of a file as Buffers without their line end, read in chunks: one line held at a time
 * (a line longer than `limit` is handed out as null, its bytes dropped as they come). */
function* fileLines(path, limit) {
  const descriptor = openSync(path, "r");
  try {
    const chunk = Buffer.alloc(1 << 16);
    let parts = [];
    let size = 0;
    for (let read = readSync(descriptor, chunk); read > 0; read = readSync(descriptor, chunk)) {
      let start = 0;
      for (let end = chunk.indexOf(10, start); end !== -1 && end < read; end = chunk.indexOf(10, start)) {
        size += end - start;
        if (size <= limit) parts.push(Buffer.from(chunk.subarray(start, end)));
        yield size <= limit ? Buffer.concat(parts) : null;
        parts = [];
        size = 0;
        start = end + 1;
      }
      size += read - start;
      if (size <= limit) parts.push(Buffer.from(chunk.subarray(start, read)));
      else parts = [];
    }
    if (size > 0) yield size <= limit ? Buffer.concat(parts) : null;
  } finally {
    closeSync(descriptor);
  }
}

const strictUTF8 = new TextDecoder("utf-8", { fatal: true });

/** The results stream at `path`, read a line at a time (LINE_LIMIT), as `iamspec report` reads it:
 * a header first, then case records whose status is one of STATUSES, then the footer, last, with
 * the totals of the case records. Throws StreamError at the first line that does not fit. Returns
 * { runs: [{ id, profile, status, text, file, line }], footer, judgedByBaseline, reasons(failing) }. */
export function readStream(path) {
  const runs = [];
  const counted = { passed: 0, failed: 0, error: 0, skipped: 0 };
  let footer;
  let number = 0;
  for (const bytes of fileLines(path, LINE_LIMIT)) {
    number += 1;
    if (bytes === null) throw new StreamError(path, number, `found a line longer than ${LINE_LIMIT} bytes, expected a results record`);
    if (footer !== undefined) {
      throw new StreamError(path, number - 1, "found records after the footer, expected the footer to be the last line");
    }
    const record = parseRecord(bytes, path, number);
    if (number === 1) {
      if (record.record !== "header") throw new StreamError(path, 1, noHeader);
    } else if (record.record === "case") {
      const run = caseRun(record, path, number);
      counted[run.status] += 1;
      runs.push(run);
    } else if (record.record === "footer") {
      footer = record;
    } else {
      throw new StreamError(path, number, `found a record of kind ${JSON.stringify(record.record)}, expected "case" or "footer"`);
    }
  }
  if (number === 0) throw new StreamError(path, 1, noHeader);
  if (footer === undefined) {
    throw new StreamError(
      path,
      number + 1,
      'found no footer record, expected a last line {"record": "footer", ...}: the run that wrote it did not finish',
    );
  }
  checkFooter(footer, counted, path, number);
  return { runs, footer, judgedByBaseline: Boolean(footer.baseline), reasons: (failing) => notGreen(footer, failing) };
}

const noHeader = 'found no header record, expected the first line to be {"record": "header", ...}';

function parseRecord(bytes, path, number) {
  let text;
  try {
    text = strictUTF8.decode(bytes);
  } catch {
    throw new StreamError(path, number, "found bytes that are not UTF-8, expected a results record in UTF-8 text", firstInvalidUTF8(bytes) + 1);
  }
  let record;
  try {
    record = JSON.parse(text);
  } catch (problem) {
    throw new StreamError(path, number, `found a line that is not JSON (${problem.message}): the stream was cut or changed, expected a results record`);
  }
  if (record === null || typeof record !== "object" || Array.isArray(record) || typeof record.record !== "string") {
    throw new StreamError(path, number, 'found a line that is not a JSON object with a "record" key, expected a results record');
  }
  return record;
}

/** The offset of the first byte of `bytes` that starts no UTF-8 character (where the decoder's first
 * replacement character stands for bytes that were not U+FFFD). */
function firstInvalidUTF8(bytes) {
  let offset = 0;
  for (const character of bytes.toString("utf8")) {
    const point = character.codePointAt(0);
    if (point === 0xfffd && !(bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd)) return offset;
    offset += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  }
  return offset;
}

function caseRun(record, path, number) {
  const status = record.status;
  if (!STATUSES.includes(status)) {
    throw new StreamError(
      path,
      number,
      `found ${JSON.stringify(status) ?? "nothing"} for status in a case record, expected one of ${STATUSES.map((name) => `"${name}"`).join(", ")}`,
    );
  }
  for (const key of ["id", "profile", "message"]) {
    if (typeof record[key] !== "string") {
      throw new StreamError(path, number, `found ${JSON.stringify(record[key]) ?? "nothing"} for ${key} in a case record, expected a string`);
    }
  }
  const location = record.location !== null && typeof record.location === "object" ? record.location : {};
  const text = status === "passed" ? "" : status === "skipped" ? record.skip_reason || record.message : record.message;
  return { id: record.id, profile: record.profile, status, text, file: location.file, line: location.line };
}

/** Throws StreamError unless the footer's totals are the case records' counts (`iamspec report`'s check). */
function checkFooter(footer, counted, path, number) {
  const expected = {
    runs: counted.passed + counted.failed + counted.error + counted.skipped,
    passed: counted.passed,
    failed: counted.failed + counted.error,
    errors: counted.error,
    skipped: counted.skipped,
  };
  const totals = footer.totals !== null && typeof footer.totals === "object" ? footer.totals : undefined;
  const found = totals === undefined ? null : Object.fromEntries(Object.keys(expected).map((key) => [key, totals[key] ?? null]));
  if (found === null || Object.keys(expected).some((key) => found[key] !== expected[key])) {
    throw new StreamError(
      path,
      number,
      `found a footer whose totals ${JSON.stringify(found)} disagree with the case lines before it (${JSON.stringify(expected)}), ` +
        "expected the same counts: case lines were lost or added",
    );
  }
  if (typeof footer.interrupted !== "boolean") {
    throw new StreamError(path, number, "found a footer without interrupted: true or false, expected the run's footer");
  }
  const notRun = footer.not_run ?? 0;
  if (!Number.isInteger(notRun) || notRun < 0) {
    throw new StreamError(path, number, `found ${JSON.stringify(notRun)} for not_run in the footer, expected an integer of at least 0`);
  }
}

/** Why the run is not green though `failing` of its tests fail: `iamspec report`'s reasons that no
 * case run shows (an interrupted run, runs not run, shards a merge lacks, a verdict failing for a
 * run's late lines or warnings). */
function notGreen(footer, failing) {
  const reasons = [];
  if (footer.interrupted !== false) reasons.push("the run was interrupted before every selected run was made");
  const notRun = footer.not_run ?? 0;
  if (notRun) reasons.push(`${notRun} selected run${notRun === 1 ? "" : "s"} not run`);
  const missing = footer.missing_shards;
  if (Array.isArray(missing) ? missing.length > 0 : Boolean(missing)) {
    reasons.push(`the merged stream lacks shard ${Array.isArray(missing) ? missing.join(", ") : String(missing)}`);
  }
  const verdict = footer.verdict;
  if (verdict !== null && typeof verdict === "object" && verdict.succeeded === false && reasons.length === 0 && failing === 0) {
    reasons.push(`the run failed: ${verdict.outcome}`);
  }
  return reasons;
}

function runSuite(options) {
  const named = options.iamspec ?? process.env.IAMSPEC;
  const tool = named ?? "iamspec";
  const folder = mkdtempSync(join(tmpdir(), "iamspec-node-runner."));
  const results = join(folder, "results.jsonl");
  const junit = join(folder, "results.xml");
  const specs = options.specs ?? ["Specs"];
  const args = ["run", ...specs, "--engine-command", options.engineCommand, "--json", results, "--junit", junit];
  if (options.baseline !== undefined) args.push("--baseline", options.baseline);
  const finished = spawnSync(tool, args, { encoding: "utf8", maxBuffer: 1 << 28 });
  if (finished.error?.code === "ENOENT") {
    throw new Error(
      `iamspec not found (${named ? `IAMSPEC or the iamspec option names ${JSON.stringify(named)}` : "not on PATH"}): ` +
        "build it (swift build) and set IAMSPEC=PATH, pass { iamspec: PATH }, or put it on PATH; " +
        "or give a results stream with { results: FILE }",
    );
  }
  if (finished.error) throw finished.error;
  if (finished.status !== 0 && finished.status !== 1) {
    throw new Error(`\`${tool} run\` exited with status ${finished.status}:\n${finished.stdout}${finished.stderr}`);
  }
  return { results, junit };
}

/** The case runs of a results stream (iamspec run --json), in its order: { id, profile, status,
 * text, file, line }. */
export function readRuns(path) {
  return readStream(path).runs;
}

const entities = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function unescapeXML(text) {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name) => {
    if (name.startsWith("#x")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return entities[name] ?? whole;
  });
}

/** (case id, profile) -> the failure or error text of iamspec's JUnit report, which it writes one
 * element a line: `<testcase name=".." classname="iamspec.PROFILE.SUITE"..>` then
 * `<failure ..>TEXT</failure>` or `<error ..>TEXT</error>`. */
export function failureTexts(junit) {
  const texts = new Map();
  for (const [key, verdict] of verdicts(junit)) {
    if (verdict.outcome === "failed") texts.set(key, verdict.text);
  }
  return texts;
}

/** (case id, profile) -> { outcome: "failed", text } for a failure or error of iamspec's JUnit
 * report, { outcome: "skipped", text: its message } for a skip; a stale baseline entry, in the
 * suite `iamspec.baseline`, is (key, "baseline"). */
export function verdicts(junit) {
  const found = new Map();
  if (junit === undefined || !existsSync(junit)) return found;
  const testcase = /<testcase name="([^"]*)" classname="iamspec\.([^".]*)(?:\.[^"]*)?"[^>]*[^/]>\s*/.source;
  const outcome = /(?:<(failure|error)\b[^>]*>([\s\S]*?)<\/\3>|<skipped message="([^"]*)")/.source;
  const pattern = new RegExp(testcase + outcome, "g");
  for (const [, name, suite, failed, text, skipped] of readFileSync(junit, "utf8").matchAll(pattern)) {
    const key = `${unescapeXML(name)}\u0000${suite}`;
    const verdict = failed ? { outcome: "failed", text } : { outcome: "skipped", text: skipped };
    found.set(key, { outcome: verdict.outcome, text: unescapeXML(verdict.text) });
  }
  return found;
}
