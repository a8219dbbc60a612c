#!/usr/bin/env node
// An example iamspec engine in JavaScript, on the Node adapter kit (Kits/node/iamspec-kit.mjs).
//
// Run the suite against it:
//
//   iamspec run --engine-command "node Fixtures/engines/example_engine.mjs"
//
// The kit speaks iamspec's stdio protocol (Specs/PROTOCOL.md); this file is only the engine: the
// kit makes one `Engine` per case and calls its on<Kind> method for each stimulus
// (`custom_event` -> `onCustomEvent`), and answers with the observations it returns.
//
// It implements a real part of the delivery rules: every trigger kind and property filter,
// priority with ties to the later message, the minimum trigger interval (checked at trigger time
// and again when the message is ready), delays and timeouts, re-eligibility, the LIFO stack,
// display_next, dismiss, click, the app in the background, relaunch, change_user, the legacy
// image rule, and impressions and clicks. It declares the capabilities it implements; iamspec
// skips the cases that need others (keyboard, orientation, assets, the display delegate, local
// messages, session sync). What it cannot do it declines with
// `Unsupported`: a case whose app implements the display delegate (skipped), a session whose
// sync stays pending (the stimulus is unsupported).

import { fileURLToPath } from "node:url";
import * as kit from "../../Kits/node/iamspec-kit.mjs";

export class Engine {
  /** One run of one case. All times are virtual milliseconds. */
  constructor({ profile, config, messages }) {
    if (config.delegate !== "absent") throw new kit.Unsupported("this engine does not model the in-app message delegate");
    this.profile = profile;
    this.config = config;
    this.given = messages; // delivered at each session start
    this.now = 0;
    this.foreground = true;
    this.delivered = [];
    this.stack = []; // {message, triggeredAt}; the top is the end of the array
    this.waiting = []; // {readyAt, order, message, triggeredAt}, for delays
    this.visible = null; // {message, clicked}
    this.lastDisplay = new Map(); // message id -> time of its last display
    this.lastDisplayOverall = null;
    this.user = null; // the anonymous user a case starts with
    this.order = 0;
    this.out = [];
  }

  // -- stimuli: the kit calls on<Kind>; each returns the observations it caused --------------

  onSessionStart({ sync }) {
    if (sync !== "complete") throw new kit.Unsupported("session sync is not implemented");
    this.delivered = [...this.given];
    return this.trigger({ kind: "session_start" }, true);
  }

  onCustomEvent(event) {
    return event.source === "sdk" ? this.trigger(event) : []; // REST API events never trigger
  }

  onPurchase(event) {
    return this.onCustomEvent(event);
  }

  onPushClick(event) {
    // Opening the app from a push brings it to the foreground (rule triggers.push-foregrounds-the-app).
    this.foreground = true;
    return this.trigger(event, true);
  }

  onAdvance({ by_ms }) {
    this.out = [];
    const end = this.now + by_ms;
    // JSON numbers are doubles here: past 2^53 - 1 ms, virtual time is no longer exact.
    if (!Number.isSafeInteger(end)) {
      throw new kit.Unsupported("virtual time past 2^53 - 1 ms is not exact in a JavaScript number");
    }
    for (;;) {
      const due = this.waiting.filter((entry) => entry.readyAt <= end);
      if (due.length === 0) break;
      due.sort((a, b) => a.readyAt - b.readyAt || a.order - b.order);
      this.waiting.splice(this.waiting.indexOf(due[0]), 1);
      this.now = due[0].readyAt;
      this.becomeReady(due[0].message, due[0].triggeredAt);
    }
    this.now = end;
    return this.out;
  }

  onDisplayNext() {
    this.out = [];
    this.offer(true);
    return this.out;
  }

  onDismiss({ message }) {
    if (this.visible?.message.id === message) this.visible = null;
  }

  onClick({ message }) {
    if (this.visible?.message.id !== message || this.visible.clicked) return [];
    this.visible.clicked = true;
    return [kit.clickLogged(message)];
  }

  onBackground() {
    this.foreground = false;
  }

  onForeground() {
    this.foreground = true;
  }

  onRelaunch() {
    [this.stack, this.waiting, this.visible, this.foreground] = [[], [], null, true];
  }

  onChangeUser({ user }) {
    // Changing to the current user does nothing; a change away from an identified user also
    // starts the new one afresh: no display seen, no interval running.
    if (user === this.user) return;
    if (this.user !== null) [this.lastDisplay, this.lastDisplayOverall] = [new Map(), null];
    this.user = user;
    [this.stack, this.waiting, this.visible, this.delivered] = [[], [], null, []];
  }

  onSessionEnd() {}

  onInspectStack() {
    return [kit.stack(this.stack.map((entry) => entry.message.id).reverse())];
  }

  // -- triggers ------------------------------------------------------------------------------

  /** Evaluates one trigger event at the current time; returns the observations. */
  trigger(event, makesEligible = false) {
    this.out = [];
    const t = this.now;
    const matching = this.delivered.filter((m) => m.triggers.some((trigger) => matches(trigger, event, t)));
    let offered = false;
    if (matching.length === 0) {
      this.out.push(kit.noMatchingTrigger(kit.triggerEvent(event)));
    } else {
      // A message waiting (on the stack, on its delay) has not been displayed: still a candidate.
      // Re-eligibility is judged at the ready time, trigger time + delay, as the interval is.
      const candidates = matching.filter((m) => this.eligible(m, t + m.delay_ms));
      // Every match was displayed and is not re-eligible: no message may be triggered.
      if (candidates.length === 0) this.out.push(kit.noMatchingTrigger(kit.triggerEvent(event)));
      // The minimum interval is checked before priority: a trigger inside it is dropped.
      const passing = candidates.filter((m) => m.test_send || this.intervalPassed(t + m.delay_ms));
      // The highest priority wins; a tie goes to the later message.
      const winner = passing.reduce((best, m) => (best === null || m.priority >= best.priority ? m : best), null);
      if (winner !== null && winner.delay_ms === 0) {
        offered = this.becomeReady(winner, t);
      } else if (winner !== null) {
        this.waiting.push({ readyAt: t + winner.delay_ms, order: ++this.order, message: winner, triggeredAt: t });
      }
    }
    if (makesEligible && !offered) this.offer();
    return this.out;
  }

  eligible(message, t) {
    const last = this.lastDisplay.get(message.id);
    if (last === undefined) return true;
    return message.reeligibility_ms !== null && t >= last + message.reeligibility_ms;
  }

  intervalPassed(t) {
    return this.lastDisplayOverall === null || t - this.lastDisplayOverall >= this.config.minimum_trigger_interval_ms;
  }

  /**
   * A triggered message is ready: unless it is past its timeout (judged first, and then by its
   * display attempt), its eligibility (another firing may have displayed it) and the interval are
   * checked again; then it is stacked and offered.
   */
  becomeReady(message, triggeredAt) {
    if (!this.pastTimeout(message, triggeredAt)) {
      if (!this.eligible(message, this.now)) return false;
      if (!message.test_send && !this.intervalPassed(this.now)) return false;
    }
    this.push(message, triggeredAt);
    this.offer();
    return true;
  }

  /** Whether a display now comes at or after the trigger time + the timeout (the delay + 30 s by default). */
  pastTimeout(message, triggeredAt) {
    return this.now >= triggeredAt + (message.timeout_ms ?? message.delay_ms + 30_000);
  }

  // -- the stack and displays ----------------------------------------------------------------

  push(message, triggeredAt) {
    this.stack = this.stack.filter((entry) => entry.message.id !== message.id);
    this.stack.push({ message, triggeredAt });
  }

  offer(takenByApp = false) {
    // presentNext() with a message visible: the top stays where it was, unobserved, whatever its
    // timeout or the app's state (validateNoMessagePresented comes first).
    if (takenByApp && this.profile === "braze-swift" && this.visible !== null) return;
    const top = this.stack.pop();
    if (top !== undefined) this.attemptDisplay(top.message, top.triggeredAt);
  }

  attemptDisplay(message, triggeredAt) {
    const { id } = message;
    const { device, orientation } = this.config;
    if (this.pastTimeout(message, triggeredAt)) return this.out.push(kit.discarded(id, "timeout"));
    if (!this.foreground) return this.stacked(message, triggeredAt, "background");
    if (this.visible !== null) return this.stacked(message, triggeredAt, "message_visible");
    if (device === "phone" && message.orientation !== "any" && message.orientation !== orientation) {
      return this.out.push(kit.discarded(id, "orientation"));
    }
    if (this.profile === "appboy-legacy" && ["full", "modal_image"].includes(message.type) && message.image === null) {
      return this.out.push(kit.discarded(id, "missing_image"));
    }
    if (message.image === "fails" || message.zip === "fails") return this.out.push(kit.discarded(id, "asset_failed"));
    this.out.push(kit.displayed(id, message.extras), kit.impressionLogged(id));
    this.visible = { message, clicked: false };
    this.stack = this.stack.filter((entry) => entry.message.id !== id);
    this.lastDisplay.set(id, this.now);
    this.lastDisplayOverall = this.now;
  }

  stacked(message, triggeredAt, reason) {
    this.push(message, triggeredAt);
    this.out.push(kit.stacked(message.id, reason));
  }
}

// -- matching triggers and property filters ------------------------------------------------------

function matches(trigger, event, now) {
  switch (trigger.kind) {
    case "session_start":
      return event.kind === "session_start";
    case "any_purchase":
      return event.kind === "purchase";
    case "purchase":
      return event.kind === "purchase" && event.product === trigger.product && filtersHold(trigger.filters, event.properties, now);
    case "custom_event":
      return event.kind === "custom_event" && event.name === trigger.name && filtersHold(trigger.filters, event.properties, now);
    case "push_click":
      return event.kind === "push_click" && (trigger.campaign === null || trigger.campaign === event.campaign);
    default:
      return false;
  }
}

/** Every group holds, and a group holds when any of its conditions does. */
function filtersHold(groups, properties, now) {
  return groups.every((group) => group.some((condition) => conditionHolds(condition, properties, now)));
}

function valueType(value) {
  if (typeof value === "object" && value !== null) return "time"; // {time_ms: N}
  return typeof value; // "boolean", "number" or "string"
}

/** Same type and value; integers and reals compare as numbers. */
function same(left, right) {
  if (valueType(left) !== valueType(right)) return false;
  return valueType(left) === "time" ? left.time_ms === right.time_ms : left === right;
}

function conditionHolds({ property, operator, value: operand, span_ms: span }, properties, now) {
  const present = Object.hasOwn(properties, property);
  const value = properties[property];
  if (operator === "does_not_exist") return !present;
  if (operator === "exists") return present;
  if (operator === "not_equals") return !present || !same(value, operand);
  // Holds unless the property is a string in which the expression finds a match.
  if (operator === "does_not_match") {
    return !present || valueType(value) !== "string" || !new RegExp(operand, "u").test(value);
  }
  if (!present) return false;
  switch (operator) {
    case "equals":
      return same(value, operand);
    case "greater_than":
      return valueType(value) === "number" && value > operand;
    case "less_than":
      return valueType(value) === "number" && value < operand;
    case "at_least":
      return valueType(value) === "number" && value >= operand;
    case "at_most":
      return valueType(value) === "number" && value <= operand;
    case "matches":
      return valueType(value) === "string" && new RegExp(operand, "u").test(value);
  }
  if (valueType(value) !== "time") return false;
  const t = value.time_ms;
  switch (operator) {
    // Seconds ago (or in the future) compared with the span, once: no second bound.
    case "within_last":
      return now - t <= span;
    case "more_than_ago":
      return now - t >= span;
    case "less_than_in_future":
      return t - now < span;
    case "more_than_in_future":
      return t > now + span;
    default:
      return false;
  }
}

// Exactly what the engine implements (Specs/README.md, "Capabilities"); iamspec skips, without
// asking, every case that needs another.
export const CAPABILITIES = [
  "trigger-session-start", "trigger-any-purchase", "trigger-purchase", "trigger-custom-event", "trigger-push-click",
  "property-filters", "priority", "minimum-interval", "delay", "timeout", "reeligibility", "test-sends",
  "display-next", "no-matching-trigger", "app-lifecycle", "user-change", "analytics", "stack-inspection",
  "extras", "push-click",
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  kit.serve((kase) => new Engine(kase), {
    name: "node-example",
    version: "1.0.0",
    profiles: ["braze-swift", "appboy-legacy"],
    capabilities: CAPABILITIES,
  });
}
