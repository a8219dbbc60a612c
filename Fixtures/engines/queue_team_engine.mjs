#!/usr/bin/env node
// A team's engine built on a display queue, as OneSignal's Android SDK keeps one, on the Node kit.
//
// Written as another team might: on the example engine (example_engine.mjs), changed where
// OneSignal's in-app message controller (OneSignal/OneSignal-Android-SDK@0088741e9224ac4f110b01c7286ce09953a47126,
// OneSignalSDK/onesignal/src/main/java/com/onesignal/OSInAppMessageController.java) does otherwise,
// and with a click that closes the message as the Braze Web SDK's does. Its mechanisms, each a
// behaviour of iamspec's catalogue (Fixtures/engines/mechanisms.json lists them for the measurement
// scripts/test-support/measure_explanations.py):
//
// - stack-fifo: waiting messages leave first in, first out (`queueMessageForDisplay` appends to
//   `messageDisplayQueue`, `attemptToShowInAppMessage` shows its first entry);
// - dismiss-offers-next: a dismissal shows the next waiting message at once (`dismissCurrentMessage`
//   removes the dismissed one and displays the queue's first);
// - click-closes-message: a click closes the message at once, then logs the click (Braze Web SDK
//   4.8.0, mparticle-integrations/mparticle-javascript-integration-braze@8080981b0ae3:
//   dist/BrazeKit.common.js#ce).
//
// It declares the example's capabilities less display_next (a queue shows itself) and the
// no-matching-trigger callback (OneSignal has none), and the `dismissed` observation.
//
//   iamspec run --engine-command "node Fixtures/engines/queue_team_engine.mjs"

import * as kit from "../../Kits/node/iamspec-kit.mjs";
import { CAPABILITIES, Engine } from "./example_engine.mjs";

class QueueEngine extends Engine {
  // OneSignal has no callback for an event that triggers nothing: the engine reports none.
  trigger(event, makesEligible = false) {
    this.out = super.trigger(event, makesEligible).filter((observation) => observation.kind !== "no_matching_trigger");
    return this.out;
  }

  // First in, first out: the message that waited longest leaves first (otherwise as the example).
  offer(takenByApp = false) {
    if (takenByApp && this.profile === "braze-swift" && this.visible !== null) return;
    const first = this.stack.shift();
    if (first !== undefined) this.attemptDisplay(first.message, first.triggeredAt);
  }

  onDismiss({ message }) {
    if (this.visible?.message.id !== message) return [];
    this.visible = null;
    this.out = [kit.dismissed(message)];
    this.offer();
    return this.out;
  }

  onClick({ message }) {
    if (this.visible?.message.id !== message) return [];
    const logged = this.visible.clicked ? [] : [kit.clickLogged(message)];
    return [...this.onDismiss({ message }), ...logged];
  }

  onChangeUser(change) {
    const leaving = change.user !== this.user && this.visible !== null ? [kit.dismissed(this.visible.message.id)] : [];
    super.onChangeUser(change);
    return leaving;
  }
}

kit.serve((kase) => new QueueEngine(kase), {
  name: "queue-team",
  version: "1.0.0",
  profiles: ["braze-swift", "appboy-legacy"],
  capabilities: [
    ...CAPABILITIES.filter((capability) => !["display-next", "no-matching-trigger"].includes(capability)),
    "dismissals",
  ],
});
