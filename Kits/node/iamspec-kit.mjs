// iamspec-kit: the iamspec stdio protocol loop for an engine adapter in JavaScript (Node 18+).
//
// No npm package: copy this one file next to your adapter. The kit speaks the protocol
// (Specs/PROTOCOL.md): the handshake (protocol 2, or 1 when iamspec asks for 1), cases, stimuli,
// declining, errors, `seq`, flushing, the end of stdin. You write only the mapping to your engine:
//
//   import { serve, Unsupported, displayed } from "./iamspec-kit.mjs";
//
//   class Adapter {
//     constructor(kase) {                      // a fresh engine for each case
//       if (kase.config.delegate !== "absent") throw new Unsupported("my engine has no display delegate");
//       this.engine = new MyEngine(kase.profile, kase.config, kase.messages);
//     }
//     onSessionStart(stimulus) {               // one method per stimulus kind, on<Kind> ...
//       return this.engine.startSession().map((id) => displayed(id));
//     }
//     handle(stimulus) {                       // ... or one method for every kind without its own
//       throw new Unsupported(`${stimulus.kind} is not mapped yet`);
//     }
//   }
//
//   serve((kase) => new Adapter(kase), { name: "my-engine", version: "1.0", profiles: ["braze-swift"] });
//
// What the kit does for you:
//
// - `case`: calls the factory with the case ({caseId, profile, config, messages, protocol});
//   answers `ready`, or `skipped` when it throws `Unsupported(reason)`.
// - `stimulus`: calls `on<Kind>(stimulus)` (`session_start` -> `onSessionStart`) if the adapter
//   has it, else `handle(stimulus)`, else declines; the result (an array or any iterable of
//   observation objects, undefined for none, or a promise of one) is the `observations` answer.
//   `Unsupported(reason)` declines the stimulus: an `unsupported` answer (the run is skipped with
//   the reason), or in protocol 1, which has no such answer, an `error`.
// - Any other exception becomes an `error` answer naming it and where it was thrown, with the
//   stack on stderr; the process stays usable.
// - `end_case`: calls the adapter's `close()` if it has one, forgets it, and (protocol 2) answers
//   `ended`; iamspec reports the case only then, and any line written in between (a console.log
//   is not one: see below) makes that case an error.
// - In protocol 2, `hello_reply` declares pipelining: requests are answered in order, each once the
//   one before is, so iamspec may send a case's requests without waiting for each answer.
// - Each answer is one compact JSON line echoing the request's `seq`; while the kit runs,
//   console.log, console.info and console.debug write to stderr, so a stray debug line never
//   breaks the protocol.
// - `shutdown` or the end of stdin: the process exits with status 0 once stdout is flushed.


/**
 * The protocol versions the kit speaks. `hello` carries the newest iamspec speaks: the kit answers
 * with it when it speaks it too, else with its own newest (for a newer iamspec, which speaks it too).
 */
export const PROTOCOLS = [1, 2];

/**
 * The longest message the protocol allows, its line end left out (Specs/PROTOCOL.md): of a longer
 * request line no more than this is held, so that a line with no end in sight cannot run the
 * process out of memory.
 */
export const LINE_LIMIT = 1 << 20;

/**
 * The adapter does not support this: thrown while making the engine, the case is answered
 * `skipped`; thrown while handling a stimulus, the stimulus is answered `unsupported` (an `error`
 * in protocol 1). The reason is shown in iamspec's report, so name what is missing.
 */
export class Unsupported extends Error {
  constructor(reason) {
    const text = String(reason ?? "").trim() || "unsupported by this engine";
    super(text);
    this.name = "Unsupported";
    this.reason = text;
  }
}

// -- observations: small builders, so that a misspelt key is a ReferenceError, not a protocol error

export const displayed = (message, extras) =>
  extras && Object.keys(extras).length > 0
    ? { kind: "displayed", message, extras: { ...extras } }
    : { kind: "displayed", message };
export const stacked = (message, reason) => ({ kind: "stacked", message, reason });
export const discarded = (message, reason) => ({ kind: "discarded", message, reason });
export const rolledBack = (message) => ({ kind: "rolled_back", message });
/**
 * Protocol 2: the visible message left the screen (the user dismissed it, or a user change or a
 * data wipe did); for an engine that declares `dismissals`.
 */
export const dismissed = (message) => ({ kind: "dismissed", message });
/** `event` is a trigger event (see `triggerEvent`). */
export const noMatchingTrigger = (event) => ({ kind: "no_matching_trigger", event });
export const impressionLogged = (message) => ({ kind: "impression_logged", message });
export const clickLogged = (message) => ({ kind: "click_logged", message });
/** The answer to `inspect_stack`: the stack's message ids, top first. */
export const stack = (messageIds) => ({ kind: "stack", messages: [...messageIds] });

/**
 * The trigger event a `session_start`, `custom_event`, `purchase` or `push_click` stimulus is,
 * as `no_matching_trigger` reports it.
 */
export function triggerEvent(stimulus) {
  switch (stimulus.kind) {
    case "custom_event":
      return { kind: "custom_event", name: stimulus.name };
    case "purchase":
      return { kind: "purchase", product: stimulus.product };
    case "push_click":
      return { kind: "push_click", campaign: stimulus.campaign };
    default:
      return { kind: stimulus.kind };
  }
}

/**
 * ` (the kit calls onCustomEvent(stimulus); did you mean onCustomevent?)` for a method of the
 * engine spelt as `wanted` but for case and underscores, which the kit does not call; else "".
 */
function nearMiss(engine, wanted) {
  if (wanted === undefined || typeof engine[wanted] === "function") return "";
  const folded = wanted.replaceAll("_", "").toLowerCase();
  const names = new Set();
  for (let object = engine; object && object !== Object.prototype; object = Object.getPrototypeOf(object)) {
    for (const name of Object.getOwnPropertyNames(object)) {
      if (name.replaceAll("_", "").toLowerCase() === folded && typeof engine[name] === "function") names.add(name);
    }
  }
  const near = [...names].sort();
  return near.length > 0 ? ` (the kit calls ${wanted}(stimulus); did you mean ${near[0]}?)` : "";
}

/** `session_start` -> `onSessionStart`: the adapter method the kit calls for a stimulus kind. */
export function handlerName(kind) {
  return "on" + String(kind).split("_").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
}

// -- the loop ----------------------------------------------------------------------------------

/**
 * Runs the protocol on `input` and `output` (process.stdin and process.stdout by default) until
 * `shutdown` or the end of input. `makeEngine(kase)` makes the adapter for one case (it may
 * return a promise). With `exit` (the default), the process then exits with status 0 once the
 * output is flushed; otherwise the returned promise resolves to 0.
 */
export async function serve(makeEngine, { name, version, profiles, capabilities = [], input, output, exit = true }) {
  const sink = output ?? process.stdout;
  const session = new Session(makeEngine, {
    name,
    version,
    profiles: [...profiles],
    capabilities: [...capabilities],
  });
  // A closed stdout (iamspec gone) ends the conversation instead of crashing the process.
  sink.on?.("error", () => {
    session.finished = true;
  });
  const restoreConsole = redirectConsole();
  try {
    for await (const line of requestLines(input ?? process.stdin)) {
      const answer =
        line === null
          ? session.encode({ type: "error", message: `the request is longer than the protocol's limit of ${LINE_LIMIT} bytes` })
          : await session.answer(line);
      if (answer !== undefined && !sink.destroyed) sink.write(answer);
      if (session.finished) break;
    }
  } finally {
    session.closeEngine();
    restoreConsole();
  }
  if (exit) sink.write("", () => process.exit(0));
  return 0;
}

/**
 * Each request line of `input` as text, without its line end (`\n`, a `\r` before it tolerated);
 * `null` for a line longer than LINE_LIMIT, of which no more is held than the limit allows.
 */
async function* requestLines(input) {
  let parts = [];
  let size = 0;
  let tooLong = false;
  const keep = (piece) => {
    if (tooLong) return;
    parts.push(piece);
    size += piece.length;
    if (size > LINE_LIMIT + 1) {
      tooLong = true; // its "\r" aside, past the limit: the rest is dropped as it comes
      parts = [];
    }
  };
  const take = () => {
    let line = tooLong ? null : Buffer.concat(parts, size);
    if (line !== null && line.length > 0 && line[line.length - 1] === 13) line = line.subarray(0, line.length - 1);
    parts = [];
    size = 0;
    tooLong = false;
    return line === null || line.length > LINE_LIMIT ? null : line.toString("utf8");
  };
  for await (const chunk of input) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    let start = 0;
    for (let end = bytes.indexOf(10, start); end !== -1; end = bytes.indexOf(10, start)) {
      keep(bytes.subarray(start, end));
      start = end + 1;
      yield take();
    }
    keep(bytes.subarray(start));
  }
  if (size > 0 || tooLong) yield take();
}

/** While the kit runs, what the adapter logs to the console goes to stderr. */
function redirectConsole() {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = console.error;
  return () => Object.assign(console, saved);
}

/** What one engine process remembers between requests: the version and the current adapter. */
class Session {
  constructor(makeEngine, identity) {
    this.makeEngine = makeEngine;
    this.identity = identity;
    this.protocol = Math.max(...PROTOCOLS);
    this.engine = null;
    this.finished = false;
  }

  /** The encoded answer to one request line, or undefined (blank line, end_case in protocol 1, shutdown). */
  async answer(line) {
    const text = line.trim();
    if (text === "") return undefined;
    let request;
    try {
      request = JSON.parse(text);
    } catch (problem) {
      return this.encode({ type: "error", message: `the request is not JSON (${problem.message}): ${text.slice(0, 200)}` });
    }
    const isObject = request !== null && typeof request === "object" && !Array.isArray(request);
    const type = isObject ? request.type : undefined;
    const seq = isObject ? request.seq : undefined;
    switch (type) {
      case "hello": {
        this.protocol = PROTOCOLS.includes(request.protocol) ? request.protocol : Math.max(...PROTOCOLS);
        // Each request is answered before the next is read, so iamspec may send a case's requests
        // without waiting for each answer (Specs/PROTOCOL.md, Pipelining).
        const pipelining = this.protocol >= 2 ? { pipelining: true } : {};
        return this.encode({ type: "hello_reply", protocol: this.protocol, ...this.identity, ...pipelining });
      }
      case "case":
        return this.encode(await this.startCase(request), seq);
      case "stimulus":
        return this.encode(await this.stimulus(request), seq);
      case "end_case":
        this.closeEngine();
        return this.protocol >= 2 ? this.encode({ type: "ended" }, seq) : undefined;
      case "shutdown":
        this.finished = true;
        return undefined;
      default:
        return this.encode({ type: "error", message: `unknown request type ${JSON.stringify(type)}: ${text.slice(0, 200)}` }, seq);
    }
  }

  async startCase(request) {
    this.closeEngine();
    try {
      const kase = {
        caseId: request.case_id,
        profile: request.profile,
        config: request.config,
        messages: request.messages,
        protocol: this.protocol,
      };
      this.engine = await this.makeEngine(kase);
    } catch (problem) {
      if (problem instanceof Unsupported) return { type: "skipped", reason: problem.reason };
      return errorAnswer(problem, `making the engine for case ${request.case_id}`);
    }
    return { type: "ready" };
  }

  async stimulus(request) {
    if (this.engine === null || this.engine === undefined) {
      return { type: "error", message: "a stimulus arrived outside a case that was answered ready" };
    }
    const stimulus = request.stimulus ?? {};
    const kind = stimulus.kind;
    const wanted = typeof kind === "string" ? handlerName(kind) : undefined;
    try {
      const specific = wanted === undefined ? undefined : this.engine[wanted];
      const method = typeof specific === "function" ? specific : this.engine.handle;
      if (typeof method !== "function") {
        throw new Unsupported(
          `this engine does not implement the ${kind} stimulus: the kit looked for a method ${wanted}(stimulus), then handle(stimulus)`,
        );
      }
      const observations = observationList(await method.call(this.engine, stimulus), kind);
      return { type: "observations", observations };
    } catch (problem) {
      if (problem instanceof Unsupported) {
        const reason = problem.reason + nearMiss(this.engine, wanted);
        return this.protocol >= 2
          ? { type: "unsupported", reason }
          : { type: "error", message: `unsupported: ${reason}` };
      }
      return errorAnswer(problem, `handling the ${kind} stimulus`);
    }
  }

  closeEngine() {
    const engine = this.engine;
    this.engine = null;
    if (engine && typeof engine.close === "function") {
      try {
        engine.close();
      } catch (problem) {
        console.error(problem); // nobody to answer: log it
      }
    }
  }

  /** One answer as a compact JSON line; `seq` echoes the request's, in protocol 2. */
  encode(answer, seq) {
    if (seq !== undefined && seq !== null && this.protocol >= 2) answer.seq = seq;
    return JSON.stringify(answer) + "\n";
  }
}

/** The adapter's result as an array of observations, or a TypeError saying what it was. */
function observationList(result, kind) {
  if (result === undefined || result === null) return [];
  if (typeof result !== "object" || typeof result[Symbol.iterator] !== "function") {
    throw new TypeError(`the ${kind} handler returned ${describe(result)}, expected an array of observations`);
  }
  const observations = [...result];
  observations.forEach((observation, index) => {
    if (observation === null || typeof observation !== "object" || typeof observation.kind !== "string") {
      throw new TypeError(`the ${kind} handler's observation ${index} is ${describe(observation)}, expected an object with a string "kind"`);
    }
  });
  return observations;
}

function describe(value) {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * An `error` answer naming the exception and the adapter's line that threw it; the whole stack
 * goes to stderr, which iamspec shows with the error.
 */
function errorAnswer(problem, doing) {
  console.error(problem);
  const isError = problem instanceof Error;
  const kind = isError ? problem.name : typeof problem;
  const detail = (isError ? problem.message : describe(problem)) || "(no message)";
  const frame = isError ? innermostAdapterFrame(problem.stack) : undefined;
  return { type: "error", message: `${kind} while ${doing}: ${detail}${frame ? ` at ${frame}` : ""}` };
}

/** The innermost frame in a file of the adapter's, or undefined when the kit itself threw. */
function innermostAdapterFrame(stackText) {
  const self = new URL(import.meta.url).pathname.split("/").pop();
  for (const line of String(stackText ?? "").split("\n").slice(1)) {
    const found = /\(?((?:file:\/\/)?[^\s()]+):(\d+):\d+\)?$/.exec(line.trim());
    if (!found || found[1].startsWith("node:")) continue; // native and Node's own frames
    const file = found[1].split("/").pop();
    return file === self ? undefined : `${file}:${found[2]}`;
  }
  return undefined;
}
