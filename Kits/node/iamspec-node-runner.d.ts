// The types of iamspec-node-runner.mjs (`import ... from "iamspec-kit/runner"`): iamspec's suite
// as node:test tests, one per case run.

/** Where the suite's results come from, and how `iamspec` is run. Each falls back on its variable. */
export interface SuiteTestsOptions {
  /** The engine's command: the runner runs `iamspec run` on it (IAMSPEC_ENGINE_COMMAND). */
  engineCommand?: string;
  /** A results stream written before, instead of a run (IAMSPEC_RESULTS). */
  results?: string;
  /** The spec files and folders `iamspec run` reads (IAMSPEC_SPECS; default ["Specs"]). */
  specs?: string[];
  /** The iamspec tool (IAMSPEC; default `iamspec` on PATH). */
  iamspec?: string;
  /** A baseline for the run it makes: `--baseline` (IAMSPEC_BASELINE). */
  baseline?: string;
  /** Judge the runs a partial stream holds: `iamspec report --partial` (IAMSPEC_PARTIAL=1). */
  partial?: boolean;
  /** Accepted and unused: the failure texts come from iamspec itself (IAMSPEC_JUNIT). */
  junit?: string;
}

/** Registers one node:test test per case run of the suite; throws when it has no suite to run. */
export declare function suiteTests(options?: SuiteTestsOptions): void;

/** The longest record line the runner reads, in bytes. */
export declare const LINE_LIMIT: number;

/** A case run's line of `iamspec report --runner-records`. */
export interface RunRecord {
  record: "run";
  id: string;
  title: string;
  profile: string;
  file: string;
  line: number;
  /** `passed`, `failed`, `error` or `skipped`, as the baseline judged the run. */
  status: string;
  /** iamspec's text: the failure text, or the reason of a skip. */
  text: string;
}

/** A stale baseline entry's line of `iamspec report --runner-records`. */
export interface StaleRecord {
  record: "stale";
  key: string;
  text: string;
}

/** The verdict record, the last line of `iamspec report --runner-records`. */
export interface VerdictRecord {
  record: "verdict";
  results: string;
  outcome: string;
  succeeded: boolean;
  reasons: string[];
  missing_shards: number;
  totals: { passed: number; failed: number; errors: number; skipped: number; stale_entries: number };
}

/** The records of a `--runner-records` file: the tests' records in order, and the verdict. */
export declare function readRecords(path: string): { tests: Array<RunRecord | StaleRecord>; verdict: VerdictRecord };
