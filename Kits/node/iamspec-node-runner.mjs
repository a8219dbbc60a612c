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
// is a failing test `baseline: KEY`. A stream of one shard (`iamspec run --shard I/N`) or a merge
// lacking shards fails the run, unless options.partial (IAMSPEC_PARTIAL=1) says partial results are
// wanted (`iamspec report --partial`). Every text of the stream the runner prints is escaped as
// iamspec's console escapes it (quotedLine). Node's standard library only.

import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from "node:fs";
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
    partial: options.partial ?? environment.IAMSPEC_PARTIAL === "1",
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
  // A stream given, not made here, is named in each failure: the run's own is a file now removed.
  const source = folder === undefined ? `\nresults stream: ${quotedLine(results)}` : "";
  let failing = 0;
  for (const run of stream.runs) {
    const { outcome, text } = judgedOutcome(run, judged.get(`${run.id}\u0000${run.profile}`));
    const name = `${quotedLine(run.id)} [${quotedLine(run.profile)}]`;
    if (outcome === "skipped") {
      test(name, { skip: text }, () => {});
    } else if (outcome === "failed") {
      failing += 1;
      test(name, () => {
        throw new CaseRunFailure(text + source, run);
      });
    } else {
      test(name, () => {});
    }
  }
  for (const [key, verdict] of judged) {
    const [name, suite] = key.split("\u0000");
    if (suite === "baseline") {
      failing += 1;
      test(`baseline: ${quotedLine(name)}`, () => {
        throw new Error(quotedLines(verdict.text));
      });
    }
  }
  const reasons = stream.reasons(failing, options.partial);
  if (reasons.length > 0) {
    test("iamspec run", () => {
      throw new Error(`${quotedLine(results)}: the run is not green: ${reasons.join("; ")}`);
    });
  }
}

/** A failed case run: its text, and the case's file and line as the error's first stack line. */
class CaseRunFailure extends Error {
  constructor(text, run) {
    super(text);
    this.name = "CaseRunFailure";
    if (typeof run.file === "string") {
      this.stack = `${this.name}: ${text}\n    at ${quotedLine(run.file)}:${quotedLine(String(run.line ?? 1))}`;
    }
  }
}

/** The outcome of a case run's test, "passed", "failed" or "skipped", and its text, escaped
 * (quotedLine): the run's status as iamspec's JUnit report judged it (`verdict`, for a run judged by
 * a baseline: an expected failure is skipped, an unexpected pass fails); a failure the report lacks
 * is the record's message, after `message: `. Each status is matched by name. */
function judgedOutcome(run, verdict) {
  switch (run.status) {
    case "passed":
      return verdict?.outcome === "failed" ? { outcome: "failed", text: quotedLines(verdict.text) } : { outcome: "passed", text: "" };
    case "failed":
    case "error":
      if (verdict?.outcome === "skipped") return { outcome: "skipped", text: quotedLine(verdict.text) }; // an expected failure
      return { outcome: "failed", text: verdict?.outcome === "failed" ? quotedLines(verdict.text) : `message: ${quotedLine(run.text)}` };
    case "skipped":
      return { outcome: "skipped", text: quotedLine(run.text) };
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
    super(`${quotedLine(path)}:${line}:${column}: error: ${message}`);
    this.name = "StreamError";
  }
}

/** How `quotedLine` shows a code point that would act, or undefined for one shown as it is (iamspec's
 * QuotedText.visibleForm): a line feed is `⏎`, a tab `\t`, every other control (C0, DEL, C1), the
 * line and paragraph separators, the bidirectional marks and the invisible characters `\u{hex}`. */
function visibleForm(point) {
  if (point === 0x0a) return "⏎";
  if (point === 0x09) return "\\t";
  const acts =
    point <= 0x1f || (point >= 0x7f && point <= 0x9f) || point === 0x061c || point === 0x200b || point === 0x200e ||
    point === 0x200f || (point >= 0x202a && point <= 0x202e) || (point >= 0x2060 && point <= 0x2064) ||
    (point >= 0x2066 && point <= 0x2069) || point === 0x2028 || point === 0x2029 || point === 0xfeff ||
    point === 0xfffe || point === 0xffff;
  return acts ? `\\u{${point.toString(16)}}` : undefined;
}

/** Text of the stream as one line of a terminal or CI log shows it, as iamspec's console does
 * (QuotedText.line): each character that would act in its visible form (a CR LF as one `⏎`), the
 * second `#` of `##[` or `##vso[` (any case) as `\u{23}`, and the first `:` of text beginning with
 * `::` (after spaces) as `\u{3a}`; a backslash as it is. */
export function quotedLine(text) {
  const points = [...text];
  const first = points.findIndex((point) => point !== " ");
  const leadingColons = first !== -1 && points[first] === ":" && points[first + 1] === ":";
  let output = "";
  for (let position = 0; position < points.length; position += 1) {
    const point = points[position];
    const visible = visibleForm(point.codePointAt(0));
    if (point === "\r" && points[position + 1] === "\n") {
      output += "⏎";
      position += 1;
    } else if (visible !== undefined) {
      output += visible;
    } else if (point === ":" && leadingColons && position === first) {
      output += "\\u{3a}";
    } else if (point === "#" && points[position - 1] === "#" && startsLogCommand(points, position + 1)) {
      output += "\\u{23}";
    } else {
      output += point;
    }
  }
  return output;
}

/** Whether the code points from `start` are `[` or `vso[` (any case): what makes a `##` before them
 * a CI runner's command. */
function startsLogCommand(points, start) {
  return points[start] === "[" || points.slice(start, start + 4).join("").toLowerCase() === "vso[";
}

/** Text of several lines that iamspec composed (a JUnit report's failure text): each line
 * `quotedLine`, its line feeds kept. */
function quotedLines(text) {
  return text.split("\n").map(quotedLine).join("\n");
}

/** A value of the stream as a message quotes it, escaped (quotedLine): a string between double
 * quotes, any other value as JSON, `nothing` for none. */
function shown(value) {
  if (typeof value === "string") return `"${quotedLine(value)}"`;
  return value === undefined ? "nothing" : quotedLine(JSON.stringify(value));
}

/** The lines of a file as Buffers without their line end, read in chunks: one line held at a time
 * (a line longer than `limit` is handed out as null, its bytes dropped as they come). A file the
 * system cannot read (none, a directory) is a StreamError at the line it was to read. */
function* fileLines(path, limit) {
  let descriptor;
  let lines = 0;
  try {
    descriptor = openSync(path, "r");
    const chunk = Buffer.alloc(1 << 16);
    let parts = [];
    let size = 0;
    for (let read = readSync(descriptor, chunk); read > 0; read = readSync(descriptor, chunk)) {
      let start = 0;
      for (let end = chunk.indexOf(10, start); end !== -1 && end < read; end = chunk.indexOf(10, start)) {
        size += end - start;
        if (size <= limit) parts.push(Buffer.from(chunk.subarray(start, end)));
        lines += 1;
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
  } catch (problem) {
    if (typeof problem?.syscall !== "string") throw problem;
    // `ENOENT: no such file or directory, open 'PATH'`: the reason, without the path again.
    throw new StreamError(path, lines + 1, `cannot read the results file: ${problem.message.split(", ")[0]}`);
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/** UTF-8 as iamspec reads it: bytes that are not UTF-8 are refused, and a byte order mark is kept, to
 * be refused as JSON.parse's input. */
const strictUTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The results stream at `path`, read a line at a time (LINE_LIMIT), as `iamspec report` reads it:
 * a header first, then case records whose status is one of STATUSES, then the footer, last, with
 * the totals of the case records; each record strict JSON (no byte order mark, no key given twice),
 * the header's format_version 1. Throws StreamError at the first line that does not fit. Returns
 * { runs: [{ id, profile, status, text, file, line }], footer, judgedByBaseline, reasons(failing, partial) }. */
export function readStream(path) {
  const runs = [];
  const counted = { passed: 0, failed: 0, error: 0, skipped: 0 };
  let footer;
  let shard;
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
      if (record.format_version !== 1) {
        const found = record.format_version === undefined ? "no format version" : `format version ${shown(record.format_version)}`;
        throw new StreamError(path, 1, `found ${found}, expected 1`);
      }
      shard = headerShard(record, path);
    } else if (record.record === "case") {
      const run = caseRun(record, path, number);
      counted[run.status] += 1;
      runs.push(run);
    } else if (record.record === "footer") {
      footer = record;
    } else {
      throw new StreamError(path, number, `found a record of kind ${shown(record.record)}, expected "case" or "footer"`);
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
  return {
    runs,
    footer,
    judgedByBaseline: Boolean(footer.baseline),
    reasons: (failing, partial = false) => notGreen(footer, shard, failing, partial),
  };
}

/** The shard the header's `selection.shard` names, { index, count }, or undefined for a whole run's
 * stream. Throws StreamError unless it is `I/N` with 1 ≤ I ≤ N. */
function headerShard(header, path) {
  const shard = header.selection?.shard;
  if (shard === undefined || shard === null) return undefined;
  const parts = typeof shard === "string" ? /^([0-9]+)\/([0-9]+)$/.exec(shard) : null;
  const [index, count] = parts === null ? [] : [Number(parts[1]), Number(parts[2])];
  if (parts === null || !Number.isSafeInteger(count) || index < 1 || index > count) {
    throw new StreamError(path, 1, `found ${shown(shard)} for selection.shard in the header, expected I/N with 1 ≤ I ≤ N`);
  }
  return { index, count };
}

const noHeader = 'found no header record, expected the first line to be {"record": "header", ...}';

/** The record a line holds, as strict JSON as iamspec reads it: UTF-8, no byte order mark, no key
 * given twice in any of its objects, an object with a string "record". Throws StreamError. */
function parseRecord(bytes, path, number) {
  let text;
  try {
    text = strictUTF8.decode(bytes);
  } catch {
    throw new StreamError(path, number, "found bytes that are not UTF-8, expected a results record in UTF-8 text", firstInvalidUTF8(bytes) + 1);
  }
  const notJSON = (problem, column) =>
    new StreamError(path, number, `found a line that is not JSON (${problem}): the stream was cut or changed, expected a results record`, column);
  if (text.startsWith("\ufeff")) {
    throw notJSON("a byte order mark (U+FEFF, the bytes 0xEF 0xBB 0xBF), which JSON text holds only inside a string");
  }
  let record;
  try {
    record = JSON.parse(text);
  } catch (problem) {
    throw notJSON(quotedLine(problem.message)); // V8's message quotes the line
  }
  const duplicate = duplicateKey(text);
  if (duplicate !== undefined) {
    throw notJSON(`duplicate key "${quotedLine(duplicate.key)}"`, Buffer.byteLength(text.slice(0, duplicate.offset)) + 1);
  }
  if (record === null || typeof record !== "object" || Array.isArray(record) || typeof record.record !== "string") {
    throw new StreamError(path, number, 'found a line that is not a JSON object with a "record" key, expected a results record');
  }
  return record;
}

/** The first key given twice in one object of `text`, JSON that JSON.parse read (which keeps the
 * last silently), as { key, offset of its opening quote }; undefined when none is. Keys are compared
 * as iamspec compares them: canonically equivalent ones (NFC) are the same key. */
function duplicateKey(text) {
  const open = []; // for each container open at this point: an object's keys so far, or null for an array
  let atKey = false; // the next string is a key: just after `{`, or after `,` in an object
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      let end = index + 1;
      let escaped = false;
      for (; text.charCodeAt(end) !== 0x22; end += 1) {
        if (text.charCodeAt(end) === 0x5c) {
          escaped = true;
          end += 1;
        }
      }
      if (atKey) {
        const key = escaped ? JSON.parse(text.slice(index, end + 1)) : text.slice(index + 1, end);
        const keys = open[open.length - 1];
        const same = key.normalize("NFC");
        if (keys.has(same)) return { key, offset: index };
        keys.add(same);
        atKey = false;
      }
      index = end;
    } else if (code === 0x7b) {
      open.push(new Set());
      atKey = true;
    } else if (code === 0x5b) {
      open.push(null);
    } else if (code === 0x7d || code === 0x5d) {
      open.pop();
    } else if (code === 0x2c) {
      atKey = open[open.length - 1] !== null;
    }
  }
  return undefined;
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
      `found ${shown(status)} for status in a case record, expected one of ${STATUSES.map((name) => `"${name}"`).join(", ")}`,
    );
  }
  for (const key of ["id", "profile", "message"]) {
    if (typeof record[key] !== "string") {
      throw new StreamError(path, number, `found ${shown(record[key])} for ${key} in a case record, expected a string`);
    }
  }
  const location = record.location !== null && typeof record.location === "object" ? record.location : {};
  const text = status === "passed" ? "" : status === "skipped" ? String(record.skip_reason || record.message) : record.message;
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
      `found a footer whose totals ${shown(found)} disagree with the case lines before it (${JSON.stringify(expected)}), ` +
        "expected the same counts: case lines were lost or added",
    );
  }
  if (typeof footer.interrupted !== "boolean") {
    throw new StreamError(path, number, "found a footer without interrupted: true or false, expected the run's footer");
  }
  const notRun = footer.not_run ?? 0;
  if (!Number.isInteger(notRun) || notRun < 0) {
    throw new StreamError(path, number, `found ${shown(notRun)} for not_run in the footer, expected an integer of at least 0`);
  }
}

/** Why the run is not green though `failing` of its tests fail: `iamspec report`'s reasons that no
 * case run shows (an interrupted run, runs not run, the shards it lacks unless `partial` results are
 * wanted, a verdict failing for a run's late lines or warnings). */
function notGreen(footer, shard, failing, partial) {
  const reasons = [];
  if (footer.interrupted !== false) reasons.push("the run was interrupted before every selected run was made");
  const notRun = footer.not_run ?? 0;
  if (notRun) reasons.push(`${notRun} selected run${notRun === 1 ? "" : "s"} not run`);
  const lacking = partial ? undefined : shardsLacking(footer, shard);
  if (lacking !== undefined) reasons.push(lacking);
  const verdict = footer.verdict;
  if (verdict !== null && typeof verdict === "object" && verdict.succeeded === false && reasons.length === 0 && failing === 0) {
    reasons.push(`the run failed: ${quotedLine(String(verdict.outcome))}`);
  }
  return reasons;
}

/** The shards a stream lacks, in words, or undefined for none: every other shard of the one its header
 * names (`shard`: one shard's stream), else those its footer's `missing_shards` names (a merge). */
function shardsLacking(footer, shard) {
  if (shard !== undefined) {
    const others = Array.from({ length: shard.count }, (_, at) => `${at + 1}/${shard.count}`).filter((_, at) => at + 1 !== shard.index);
    if (others.length === 0) return undefined;
    return `the results stream lacks shard${others.length === 1 ? "" : "s"} ${others.join(", ")} (it holds shard ${shard.index}/${shard.count} of its selection only)`;
  }
  const missing = footer.missing_shards;
  if (Array.isArray(missing) ? missing.length === 0 : !missing) return undefined;
  return `the merged stream lacks shard ${quotedLine(Array.isArray(missing) ? missing.join(", ") : String(missing))}`;
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
 * suite `iamspec.baseline`, is (key, "baseline"). None without a report (`junit` undefined); a
 * report named that cannot be read (none, a directory), or that holds no `<testsuites>` or
 * `<testsuite>` element, throws an Error naming it. */
export function verdicts(junit) {
  const found = new Map();
  if (junit === undefined) return found;
  let report;
  try {
    report = readFileSync(junit, "utf8");
  } catch (problem) {
    if (typeof problem?.syscall !== "string") throw problem;
    // `ENOENT: no such file or directory, open 'PATH'`: the reason, without the path again.
    const reason = problem.message.split(", ")[0];
    throw new Error(`${quotedLine(junit)}: error: cannot read the JUnit report (junit, IAMSPEC_JUNIT): ${reason}`);
  }
  if (!/<testsuites?[\s/>]/.test(report)) {
    throw new Error(
      `${quotedLine(junit)}:1:1: error: found no JUnit report, expected the XML iamspec run --junit or iamspec report --junit writes`,
    );
  }
  const testcase = /<testcase name="([^"]*)" classname="iamspec\.([^".]*)(?:\.[^"]*)?"[^>]*[^/]>\s*/.source;
  const outcome = /(?:<(failure|error)\b[^>]*>([\s\S]*?)<\/\3>|<skipped message="([^"]*)")/.source;
  const pattern = new RegExp(testcase + outcome, "g");
  for (const [, name, suite, failed, text, skipped] of report.matchAll(pattern)) {
    const key = `${unescapeXML(name)}\u0000${suite}`;
    const verdict = failed ? { outcome: "failed", text } : { outcome: "skipped", text: skipped };
    found.set(key, { outcome: verdict.outcome, text: unescapeXML(verdict.text) });
  }
  return found;
}
