// Tests of iamspec-kit's protocol loop: conversations fed to `serve`, answers read back; and of its
// observation builders, one for each observation of the protocol versions it speaks.
//
// Run: node --test Kits/node/ (scripts/test does, in its kits stage).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PassThrough, Readable } from "node:stream";
import { test } from "node:test";
import * as kit from "./iamspec-kit.mjs";

const identity = { name: "test-engine", version: "0.1", profiles: ["braze-swift"], capabilities: ["analytics"] };
const config = { minimum_trigger_interval_ms: 30000, device: "phone", orientation: "portrait", delegate: "absent" };

const hello = (protocol = 2) => ({ type: "hello", protocol });
const kase = (seq, { caseId = "c", delegate = "absent" } = {}) => ({
  type: "case",
  case_id: caseId,
  profile: "braze-swift",
  config: { ...config, delegate },
  messages: [],
  ...(seq === undefined ? {} : { seq }),
});
const stimulus = (kind, seq, keys = {}) => ({ type: "stimulus", stimulus: { kind, ...keys }, ...(seq === undefined ? {} : { seq }) });

/** An adapter counting custom events, declining what it does not know. */
class Counter {
  static closed = [];

  constructor(kase) {
    if (kase.config.delegate !== "absent") throw new kit.Unsupported("no delegate here");
    this.kase = kase;
    this.count = 0;
  }

  onCustomEvent({ name }) {
    this.count += 1;
    console.log("a debug line from the adapter"); // must not reach the protocol's stdout
    return [kit.displayed(name, { n: String(this.count) })];
  }

  async onAdvance({ by_ms }) {
    if (by_ms === 13) throw new RangeError("thirteen");
    return undefined;
  }

  onClick() {
    return { kind: "click_logged" }; // an object, not an array: an adapter bug
  }

  onSessionStart() {
    throw new kit.Unsupported("sessions are not mapped");
  }

  *onInspectStack() {
    yield kit.stack(["b", "a"]);
  }

  close() {
    Counter.closed.push(this.kase.caseId);
  }
}

/** Serves the requests (objects, or raw lines as strings) and returns the decoded answers and stderr. */
async function converse(requests, factory = (k) => new Counter(k)) {
  const input = Readable.from(requests.map((r) => (typeof r === "string" ? r : JSON.stringify(r)) + "\n"));
  const output = new PassThrough();
  const chunks = [];
  output.on("data", (chunk) => chunks.push(chunk));
  const logged = [];
  const savedError = console.error;
  console.error = (...parts) => logged.push(parts.map(String).join(" "));
  try {
    assert.equal(await kit.serve(factory, { ...identity, input, output, exit: false }), 0);
  } finally {
    console.error = savedError;
  }
  const answers = Buffer.concat(chunks).toString().split("\n").filter(Boolean).map((line) => JSON.parse(line));
  return { answers, stderr: logged.join("\n") };
}

test("protocol 2 is answered with 2, the identity and pipelining; 1 with 1 alone; an unknown version with the newest", async () => {
  assert.deepEqual((await converse([hello(2)])).answers, [
    { type: "hello_reply", protocol: 2, ...identity, pipelining: true },
  ]);
  const v1 = (await converse([hello(1)])).answers[0];
  assert.equal(v1.protocol, 1);
  assert.equal(v1.pipelining, undefined);
  assert.equal((await converse([hello(7)])).answers[0].protocol, 2);
});

test("every answer echoes its request's seq, and console.log goes to stderr", async () => {
  const { answers, stderr } = await converse([
    hello(), kase(1), stimulus("custom_event", 2, { name: "tap" }), stimulus("custom_event", 3, { name: "tap" }),
    { type: "end_case", seq: 4 }, { type: "shutdown", seq: 5 },
  ]);
  assert.deepEqual(answers.slice(1), [
    { type: "ready", seq: 1 },
    { type: "observations", seq: 2, observations: [{ kind: "displayed", message: "tap", extras: { n: "1" } }] },
    { type: "observations", seq: 3, observations: [{ kind: "displayed", message: "tap", extras: { n: "2" } }] },
    { type: "ended", seq: 4 },
  ]);
  assert.match(stderr, /a debug line from the adapter/);
});

test("a seq that is none is an error answer, as the Python kit answers it: 1e999 and a million digits too", async () => {
  const served = [
    '{"type":"case","seq":1e999}', `{"type":"end_case","seq":${"9".repeat(1_000_000)}}`, '{"type":"end_case","seq":"x"}',
    '{"type":"end_case","seq":true}', '{"type":"end_case","seq":[1]}', '{"type":"end_case","seq":{}}',
    '{"type":"end_case","seq":0}', '{"type":"end_case","seq":2.5}', '{"type":"end_case","seq":3}',
  ];
  const { answers } = await converse([hello(), ...served]);
  assert.deepEqual(answers.slice(1).map((answer) => [answer.type, answer.seq]), [
    ["error", null], ["error", null], ["error", "x"], ["error", true], ["error", null], ["error", null],
    ["error", 0], ["error", 2.5], ["ended", 3],
  ]);
  assert.equal(answers[1].message, "the request's seq is a number out of range, expected an integer of at least 1");
  assert.equal(answers[2].message, "the request's seq is a number out of range, expected an integer of at least 1");
  assert.equal(answers[5].message, "the request's seq is a list, expected an integer of at least 1");
  assert.equal(answers[6].message, "the request's seq is an object, expected an integer of at least 1");
});

test("a declined stimulus is unsupported, and the next case runs", async () => {
  const { answers } = await converse([
    hello(), kase(1), stimulus("session_start", 2, { sync: "complete" }), { type: "end_case", seq: 3 }, kase(4),
    stimulus("advance", 5, { by_ms: 1 }),
  ]);
  assert.deepEqual(answers.slice(2), [
    { type: "unsupported", seq: 2, reason: "sessions are not mapped" },
    { type: "ended", seq: 3 },
    { type: "ready", seq: 4 },
    { type: "observations", seq: 5, observations: [] },
  ]);
});

test("a stimulus without a method is unsupported, naming it; a declined case is skipped", async () => {
  assert.deepEqual((await converse([hello(), kase(1), stimulus("keyboard_shown", 2)])).answers[2], {
    type: "unsupported",
    seq: 2,
    reason:
      "this engine does not implement the keyboard_shown stimulus: the kit looked for a method onKeyboardShown(stimulus), then handle(stimulus)",
  });
  assert.deepEqual((await converse([hello(), kase(1, { delegate: "implemented" })])).answers[1], {
    type: "skipped",
    seq: 1,
    reason: "no delegate here",
  });
});

test("a misspelt method is named beside the one the kit calls", async () => {
  class Misspelt {
    onCustomevent(stimulus) { // the kit calls onCustomEvent
      return [kit.displayed(stimulus.name)];
    }
  }
  const { answers } = await converse([hello(), kase(1), stimulus("custom_event", 2, { name: "e" })], () => new Misspelt());
  assert.equal(answers[2].type, "unsupported");
  assert.match(answers[2].reason, /the kit looked for a method onCustomEvent\(stimulus\), then handle\(stimulus\)/);
  assert.match(answers[2].reason, /did you mean onCustomevent\?/);
});

test("protocol 1: no seq, a declined stimulus is an error, and end_case is not answered", async () => {
  const { answers } = await converse([
    hello(1), kase(), stimulus("session_start", undefined, { sync: "complete" }), { type: "end_case" }, kase(),
  ]);
  assert.deepEqual(answers.slice(1), [
    { type: "ready" }, { type: "error", message: "unsupported: sessions are not mapped" }, { type: "ready" },
  ]);
});

test("an exception is an error naming it and its line, and the process stays usable", async () => {
  const { answers, stderr } = await converse([
    hello(), kase(1), stimulus("advance", 2, { by_ms: 13 }), { type: "end_case", seq: 3 }, kase(4),
    stimulus("advance", 5, { by_ms: 1 }),
  ]);
  assert.equal(answers[2].type, "error");
  assert.equal(answers[2].seq, 2);
  assert.match(answers[2].message, /^RangeError while handling the advance stimulus: thirteen at iamspec-kit\.test\.mjs:\d+$/);
  assert.match(stderr, /RangeError: thirteen/);
  assert.deepEqual(answers.slice(3), [
    { type: "ended", seq: 3 }, { type: "ready", seq: 4 }, { type: "observations", seq: 5, observations: [] },
  ]);
});

test("an exception making the engine is an error for that case", async () => {
  const broken = () => {
    throw new TypeError("no profile");
  };
  const { answers } = await converse([hello(), kase(1, { caseId: "x" })], broken);
  assert.match(answers[1].message, /^TypeError while making the engine for case x: no profile at /);
});

test("a wrong result is an error saying what was expected; an iterable is a list of observations", async () => {
  const { answers } = await converse([hello(), kase(1), stimulus("click", 2, { message: "m" }), stimulus("inspect_stack", 3)]);
  assert.equal(
    answers[2].message,
    'TypeError while handling the click stimulus: the click handler returned {"kind":"click_logged"}, expected an array of observations',
  );
  assert.deepEqual(answers[3].observations, [{ kind: "stack", messages: ["b", "a"] }]);
});

test("a line longer than the protocol's 1 MiB is an error, of which no more is held, and the next request is answered", async () => {
  const limit = 1 << 20; // a message is at most 1 MiB, its line end left out (Specs/PROTOCOL.md)
  const { answers } = await converse(["x".repeat(limit + 10), "y".repeat(limit) + "\r", hello()]);
  assert.deepEqual(answers[0], { type: "error", message: `the request is longer than the protocol's limit of ${limit} bytes` });
  assert.match(answers[1].message, /^the request is not JSON/); // at the limit, its "\r" aside: read
  assert.equal(answers[2].type, "hello_reply");
});

test("bytes that are not UTF-8 are an error, as in the Python kit, and the next request is answered", async () => {
  const input = Readable.from([
    Buffer.from('{"type":"hello","protocol":2}\n'),
    Buffer.concat([Buffer.from('{"type":"case","seq":1,"case_id":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]),
    Buffer.concat([Buffer.from('{"type":"end_case","seq":2,"x":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}\n')]),
    Buffer.from('{"type":"end_case","seq":3}\n'),
  ]);
  const output = new PassThrough();
  const chunks = [];
  output.on("data", (chunk) => chunks.push(chunk));
  assert.equal(await kit.serve((k) => new Counter(k), { ...identity, input, output, exit: false }), 0);
  const answers = Buffer.concat(chunks).toString().split("\n").filter(Boolean).map((line) => JSON.parse(line));
  assert.deepEqual(answers.slice(1), [
    { type: "error", message: "the request is not UTF-8: byte 0xC3 at position 34 begins no UTF-8 character there" },
    { type: "error", message: "the request is not UTF-8: byte 0xED at position 32 begins no UTF-8 character there" },
    { type: "ended", seq: 3 },
  ]);
});

test("a line that is not JSON is an error and the next request is answered; a stimulus outside a case too", async () => {
  const { answers } = await converse(["{not json", hello(), stimulus("advance", 1, { by_ms: 1 })]);
  assert.equal(answers[0].type, "error");
  assert.match(answers[0].message, /^the request is not JSON/);
  assert.equal(answers[1].type, "hello_reply");
  assert.equal(answers[2].type, "error");
});

test("end_case closes the adapter, and nothing after shutdown is read", async () => {
  Counter.closed = [];
  const { answers } = await converse([
    hello(), kase(1, { caseId: "first" }), { type: "end_case", seq: 2 }, kase(3, { caseId: "second" }),
    { type: "shutdown", seq: 4 }, hello(),
  ]);
  assert.deepEqual(answers.map((answer) => answer.type), ["hello_reply", "ready", "ended", "ready"]);
  assert.equal(answers[2].seq, 2);
  assert.deepEqual(Counter.closed, ["first", "second"]);
});

test("on<Kind> names", () => {
  assert.equal(kit.handlerName("session_start"), "onSessionStart");
  assert.equal(kit.handlerName("inspect_stack"), "onInspectStack");
  assert.equal(kit.handlerName("advance"), "onAdvance");
});

/**
 * Each observation the protocol defines (Specs/schemas/protocol/definitions.json, in this
 * checkout): its kind, the version it came with (a description that starts "Protocol N:"; 1
 * otherwise) and its schema.
 */
function observationKinds() {
  const definitions = JSON.parse(
    readFileSync(new URL("../../Specs/schemas/protocol/definitions.json", import.meta.url), "utf8"),
  );
  return definitions.$defs.observation.oneOf.map((schema) => ({
    kind: schema.properties.kind.const,
    cameWith: Number(/^Protocol (\d+):/.exec(schema.description ?? "")?.[1] ?? 1),
    schema,
  }));
}

/** A value the schema accepts for one of an observation's keys. */
function sample(key, schema) {
  const choices = schema.properties[key].enum;
  return choices ? choices[0] : { message: "m", messages: ["m"], event: { kind: "session_start" } }[key];
}

test("every observation of the versions the kit speaks has a builder", () => {
  const kinds = observationKinds();
  assert.ok(kinds.some(({ kind }) => kind === "displayed"));
  for (const { kind, cameWith, schema } of kinds) {
    if (cameWith > Math.max(...kit.PROTOCOLS)) continue;
    // `rolled_back` -> `rolledBack`, as the adapter's on<Kind> methods are named without the "on".
    const name = kit.handlerName(kind).slice(2).replace(/^./, (first) => first.toLowerCase());
    assert.equal(typeof kit[name], "function", `the kit speaks protocol ${cameWith} but has no builder ${name} for ${kind}`);
    // Its arguments are the observation's keys, in the order the schema requires them.
    const keys = schema.required.filter((key) => key !== "kind");
    const expected = Object.fromEntries([["kind", kind], ...keys.map((key) => [key, sample(key, schema)])]);
    assert.deepEqual(kit[name](...keys.map((key) => sample(key, schema))), expected, kind);
  }
});
