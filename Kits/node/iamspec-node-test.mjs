// iamspec's suite as node:test tests, one test per case run.
//
//   // my-engine.iamspec.test.mjs
//   import { suiteTests } from "./iamspec-node-test.mjs";
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
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
  const judged = verdicts(junit);
  const records = readRuns(results);
  if (junit === undefined && judgedByBaseline(results)) {
    throw new Error(
      `the results stream ${results} was judged by a baseline, whose verdict is in its JUnit report: give it ` +
        `with { junit } (IAMSPEC_JUNIT), or write it with \`iamspec report ${results} --junit FILE\``,
    );
  }
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true }); // the run's own files, read
  for (const record of records) {
    const name = `${record.id} [${record.profile}]`;
    const verdict = judged.get(`${record.id}\u0000${record.profile}`);
    if (record.status === "skipped") {
      test(name, { skip: record.skip_reason ?? record.message }, () => {});
    } else if (verdict?.outcome === "skipped" && record.status !== "passed") {
      test(name, { skip: verdict.text }, () => {}); // an expected failure
    } else {
      test(name, () => {
        if (record.status === "failed" || record.status === "error" || verdict?.outcome === "failed") {
          throw new Error(verdict?.outcome === "failed" ? verdict.text : record.message);
        }
      });
    }
  }
  for (const [key, verdict] of judged) {
    const [name, suite] = key.split("\u0000");
    if (suite === "baseline") {
      test(`baseline: ${name}`, () => {
        throw new Error(verdict.text);
      });
    }
  }
}

/** Whether the footer of a results stream holds the baseline that judged it. */
function judgedByBaseline(path) {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line))
    .some((record) => record.record === "footer" && record.baseline);
}

function runSuite(options) {
  const named = options.iamspec ?? process.env.IAMSPEC;
  const tool = named ?? "iamspec";
  const folder = mkdtempSync(join(tmpdir(), "iamspec-node-test."));
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

/** The case records of a results stream (iamspec run --json), in its order. */
export function readRuns(path) {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line))
    .filter((record) => record.record === "case");
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
