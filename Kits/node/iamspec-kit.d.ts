// The types of iamspec-kit.mjs (`import ... from "iamspec-kit"`), for an adapter written in
// TypeScript or checked with `// @ts-check`. The protocol is Specs/PROTOCOL.md; these types follow
// its tables and name nothing the kit does not do.

/** The protocol versions the kit speaks. */
export declare const PROTOCOLS: readonly number[];

/** The longest request line the protocol allows, its line end left out, in bytes. */
export declare const LINE_LIMIT: number;

/**
 * Thrown while making the engine, the case is answered `skipped`; thrown while handling a
 * stimulus, the stimulus is answered `unsupported` (an `error` in protocol 1).
 */
export declare class Unsupported extends Error {
  constructor(reason?: unknown);
  readonly name: "Unsupported";
  /** The reason iamspec's report shows: the message, trimmed, or "unsupported by this engine". */
  readonly reason: string;
}

/** A case as the factory receives it: the `case` request of the protocol. */
export interface Case {
  caseId: string;
  profile: string;
  /** The case's `config` object, as the protocol sends it (Specs/PROTOCOL.md, "Cases"). */
  config: Record<string, unknown>;
  /** The case's messages, as the protocol sends them. */
  messages: Array<Record<string, unknown>>;
  /** The protocol version agreed in the handshake. */
  protocol: number;
}

/** A stimulus as the protocol sends it: its `kind` and that kind's keys (Specs/PROTOCOL.md, "Stimuli"). */
export interface Stimulus {
  kind: string;
  [key: string]: unknown;
}

/** The trigger event a `no_matching_trigger` observation names. */
export type TriggerEvent =
  | { kind: "session_start" }
  | { kind: "custom_event"; name: unknown }
  | { kind: "purchase"; product: unknown }
  | { kind: "push_click"; campaign: unknown }
  | { kind: string };

/** One observation of an answer (Specs/PROTOCOL.md, "Observations"). */
export type Observation =
  | { kind: "displayed"; message: string; extras?: Record<string, string> }
  | { kind: "stacked"; message: string; reason: StackReason }
  | { kind: "discarded"; message: string; reason: DiscardReason }
  | { kind: "rolled_back"; message: string }
  | { kind: "dismissed"; message: string }
  | { kind: "no_matching_trigger"; event: TriggerEvent }
  | { kind: "impression_logged"; message: string }
  | { kind: "click_logged"; message: string }
  | { kind: "stack"; messages: string[] };

/** Why a message was stacked. */
export type StackReason = "background" | "message_visible" | "delegate_later" | "keyboard";

/** Why a message was discarded. */
export type DiscardReason = "delegate" | "asset_failed" | "timeout" | "orientation" | "missing_image";

/** What a stimulus handler returns: the observations, none (undefined or null), or a promise of either. */
export type HandlerResult =
  | Iterable<Observation>
  | undefined
  | null
  | PromiseLike<Iterable<Observation> | undefined | null>;

/**
 * The adapter of one case: any object. The kit calls its `on<Kind>(stimulus)` (`session_start` ->
 * `onSessionStart`) when it has one, else its `handle(stimulus)`, else declines the stimulus; each
 * returns a `HandlerResult`. Its `close()`, if any, is called when the case ends. The methods are
 * found by name at run time, so the type asks for no particular one.
 */
export type Adapter = object;

/** What `serve` writes answers to: process.stdout, or any writable stream. */
export interface AnswerSink {
  write(chunk: string, callback?: () => void): unknown;
  on?(event: "error", listener: (error: unknown) => void): unknown;
  readonly destroyed?: boolean;
}

/** The engine's identity and options of `serve`. */
export interface ServeOptions {
  name: string;
  version: string;
  profiles: Iterable<string>;
  capabilities?: Iterable<string>;
  /** Where requests are read (default process.stdin). */
  input?: AsyncIterable<Uint8Array | string>;
  /** Where answers are written (default process.stdout): a writable stream. */
  output?: AnswerSink;
  /** Exit the process with status 0 once the output is flushed (default true). */
  exit?: boolean;
}

/**
 * Runs the protocol until `shutdown` or the end of input; `makeEngine(kase)` makes the adapter for
 * one case (or a promise of it). Resolves to 0 when `exit` is false.
 */
export declare function serve(
  makeEngine: (kase: Case) => Adapter | PromiseLike<Adapter>,
  options: ServeOptions,
): Promise<number>;

export declare function displayed(message: string, extras?: Record<string, string>): Observation;
export declare function stacked(message: string, reason: StackReason): Observation;
export declare function discarded(message: string, reason: DiscardReason): Observation;
export declare function rolledBack(message: string): Observation;
/** Protocol 2: the visible message left the screen; for an engine that declares `dismissals`. */
export declare function dismissed(message: string): Observation;
/** `event` is a trigger event (see `triggerEvent`). */
export declare function noMatchingTrigger(event: TriggerEvent): Observation;
export declare function impressionLogged(message: string): Observation;
export declare function clickLogged(message: string): Observation;
/** The answer to `inspect_stack`: the stack's message ids, top first. */
export declare function stack(messageIds: Iterable<string>): Observation;

/** The trigger event a `session_start`, `custom_event`, `purchase` or `push_click` stimulus is. */
export declare function triggerEvent(stimulus: Stimulus): TriggerEvent;

/** `session_start` -> `onSessionStart`: the adapter method the kit calls for a stimulus kind. */
export declare function handlerName(kind: string): string;
