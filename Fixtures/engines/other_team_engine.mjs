// A fixture: a partial engine written by "another team" from the rule documents alone (the seeds,
// the semantics notes, Specs/README.md, Specs/PROTOCOL.md, Specs/rules.yaml, docs/ENGINES.md),
// without reading the reference engine or the other engines, on the Node kit as its README says.
// It lacks many capabilities, declares exactly what it has, reads numbers as doubles (so not
// large-integers), and does three things differently on purpose (D1 to D3 below).
// OtherTeamEngineTests checks its whole verdict: each skip names only what it lacks, and each
// difference is named once by the behaviour that reproduces it (D3 by stacking-starts-interval,
// which the catalogue gained after this engine showed it; before, D3 was listed as unexplained).
//
// "Banner", the other team's in-app message engine, first version, with its iamspec adapter.
//
// Profile: braze-swift.
//
// Implements: delivery at session start; triggers on session start, custom events (with
// property filters), any purchase and specific purchases (with filters); events from the REST
// API never trigger; priority; the minimum trigger interval, checked at trigger time; test sends
// exempt; re-eligibility (default never); the stack (a message meeting a visible one is stacked
// with `message_visible`, a message already there is moved, never duplicated); display_next;
// the timeout discard at a display attempt; impressions and one click per display; extras.
//
// Lacks (declared: not in the capability list): keyboard, orientation, assets, delegate,
// local messages, session sync, delays, push clicks, app lifecycle, user changes, per-message
// intervals, campaign windows, control messages, dismissal observations, data wipe, app
// dismissal, the click follow-up, the no-matching-trigger callback, large integers.
//
// DELIBERATE DIFFERENCES (what our team's engine does on purpose, or by mistake, in v1):
//  D1. Waiting messages leave the stack first in, first out: `display_next` (and the offer at a
//      session start) takes the OLDEST waiting message, not the newest. (rule stack.lifo)
//  D2. Priority ties go to the message delivered FIRST (we scan with a strict `>`), not to the
//      later one. (rule priority.ties-to-later)
//  D3. The minimum interval is measured from the last TRIGGER that picked a message (displayed
//      or stacked), not from the last display. (rule interval.from-last-display)
import { serve, Unsupported, displayed, stacked, discarded, impressionLogged, clickLogged, stack } from "../../Kits/node/iamspec-kit.mjs";

class BannerEngine {
  constructor(config, messages) {
    this.intervalMs = config.minimum_trigger_interval_ms;
    this.catalogue = messages;
    this.delivered = [];
    this.now = 0;
    this.visible = null;          // {id, clicked}
    this.waiting = [];            // oldest first; each {message, triggeredAt}
    this.lastDisplayedAt = new Map();
    this.intervalStart = null;    // D3: set by a trigger, not by a display
  }

  deliver() { this.delivered = this.catalogue.slice(); }

  eligible(m) {
    if (!this.lastDisplayedAt.has(m.id)) return true;
    if (m.reeligibility_ms === null) return false;
    return this.now - this.lastDisplayedAt.get(m.id) >= m.reeligibility_ms;
  }

  intervalAllows(m) {
    if (m.test_send) return true;
    if (this.intervalStart === null) return true;
    return this.now - this.intervalStart >= this.intervalMs;
  }

  /** Picks the message an event triggers, or null. */
  pick(matches) {
    let best = null;
    for (const m of this.delivered) {
      if (!m.triggers.some(matches)) continue;
      if (!this.eligible(m) || !this.intervalAllows(m)) continue;
      if (best === null || m.priority > best.priority) best = m; // D2: strict >, first wins a tie
    }
    return best;
  }

  attempt(entry, out) {
    const m = entry.message;
    const timeout = m.timeout_ms ?? m.delay_ms + 30000;
    if (this.now >= entry.triggeredAt + timeout) {
      out.push(discarded(m.id, "timeout"));
      return;
    }
    if (this.visible !== null) {
      this.waiting = this.waiting.filter((w) => w.message.id !== m.id);
      this.waiting.push(entry);
      out.push(stacked(m.id, "message_visible"));
      return;
    }
    this.waiting = this.waiting.filter((w) => w.message.id !== m.id);
    this.visible = { id: m.id, clicked: false };
    this.lastDisplayedAt.set(m.id, this.now);
    out.push(displayed(m.id, m.extras));
    out.push(impressionLogged(m.id));
  }

  /** D1: the oldest waiting message. */
  takeNext() { return this.waiting.shift() ?? null; }

  trigger(matches, out) {
    const m = this.pick(matches);
    if (m === null) return;
    this.intervalStart = this.now; // D3
    this.attempt({ message: m, triggeredAt: this.now }, out);
  }
}

function passes(filters, props, now) {
  return filters.every((group) => group.some((c) => condition(c, props, now)));
}

function sameValue(a, b) {
  if (a !== null && typeof a === "object") return b !== null && typeof b === "object" && a.time_ms === b.time_ms;
  return typeof a === typeof b && a === b;
}

function condition(c, props, now) {
  const has = Object.prototype.hasOwnProperty.call(props, c.property);
  const v = props[c.property];
  switch (c.operator) {
    case "equals": return has && sameValue(v, c.value);
    case "not_equals": return !has || !sameValue(v, c.value);
    case "greater_than": return has && typeof v === "number" && v > c.value;
    case "less_than": return has && typeof v === "number" && v < c.value;
    case "at_least": return has && typeof v === "number" && v >= c.value;
    case "at_most": return has && typeof v === "number" && v <= c.value;
    case "matches": return has && typeof v === "string" && new RegExp(c.value, "u").test(v);
    case "does_not_match": return !(has && typeof v === "string" && new RegExp(c.value, "u").test(v));
    case "exists": return has;
    case "does_not_exist": return !has;
  }
  const t = has && v !== null && typeof v === "object" ? v.time_ms : undefined;
  if (t === undefined) return false;
  switch (c.operator) {
    case "within_last": return t >= now - c.span_ms;
    case "more_than_ago": return t <= now - c.span_ms;
    case "less_than_in_future": return t < now + c.span_ms;
    case "more_than_in_future": return t > now + c.span_ms;
  }
  throw new Error(`unknown operator ${c.operator}`);
}

class Adapter {
  constructor({ config, messages }) {
    this.engine = new BannerEngine(config, messages);
  }

  onSessionStart() {
    const e = this.engine, out = [];
    e.deliver();
    const next = e.takeNext();
    if (next) e.attempt(next, out);
    e.trigger((t) => t.kind === "session_start", out);
    return out;
  }

  onSessionEnd() { return []; }

  onCustomEvent({ name, properties, source }) {
    if (source !== "sdk") return [];
    const out = [];
    this.engine.trigger((t) => t.kind === "custom_event" && t.name === name && passes(t.filters, properties, this.engine.now), out);
    return out;
  }

  onPurchase({ product, properties, source }) {
    if (source !== "sdk") return [];
    const out = [];
    this.engine.trigger(
      (t) => t.kind === "any_purchase" || (t.kind === "purchase" && t.product === product && passes(t.filters, properties, this.engine.now)),
      out,
    );
    return out;
  }

  onAdvance({ by_ms }) {
    this.engine.now += by_ms;
    return [];
  }

  onDismiss({ message }) {
    if (this.engine.visible?.id === message) this.engine.visible = null;
    return [];
  }

  onClick({ message }) {
    const v = this.engine.visible;
    if (v?.id !== message || v.clicked) return [];
    v.clicked = true;
    return [clickLogged(message)];
  }

  onDisplayNext() {
    const e = this.engine, out = [];
    if (e.visible !== null) return out;
    const next = e.takeNext();
    if (next) e.attempt(next, out);
    return out;
  }

  onInspectStack() {
    // top first: with our FIFO the next to leave is the oldest
    return [stack(this.engine.waiting.map((w) => w.message.id))];
  }

  handle(stimulus) {
    throw new Unsupported(`Banner v1 does not handle ${stimulus.kind}`);
  }
}

serve((kase) => new Adapter(kase), {
  name: "banner",
  version: "0.1.0",
  profiles: ["braze-swift"],
  capabilities: [
    "analytics", "stack-inspection", "trigger-session-start", "trigger-any-purchase",
    "trigger-purchase", "trigger-custom-event", "property-filters", "priority",
    "minimum-interval", "timeout", "reeligibility", "test-sends", "display-next", "extras",
  ],
});
