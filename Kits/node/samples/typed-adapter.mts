// An adapter in TypeScript, checked by scripts/test with `tsc --strict` against the installed
// package's types (iamspec-kit.d.ts, iamspec-node-runner.d.ts); `.mts`, an ES module in any
// project. Each `@ts-expect-error` is a mistake the types must catch: were the types missing, tsc
// would report the directive unused.
import { serve, Unsupported, displayed, stacked, impressionLogged } from "iamspec-kit";
import type { Case, Observation, Stimulus } from "iamspec-kit";
import { suiteTests, readRecords } from "iamspec-kit/runner";

class Adapter {
  private readonly shown: string[] = [];

  constructor(kase: Case) {
    if (kase.config.delegate !== "absent") throw new Unsupported("this engine has no display delegate");
  }

  onSessionStart(_stimulus: Stimulus): Observation[] {
    this.shown.push("welcome");
    return [displayed("welcome", { screen: "home" }), impressionLogged("welcome")];
  }

  async onCustomEvent(stimulus: Stimulus): Promise<Observation[]> {
    return stimulus.name === "later" ? [stacked("promo", "message_visible")] : [];
  }
}

const status: Promise<number> = serve((kase) => new Adapter(kase), {
  name: "typed-engine",
  version: "1.0",
  profiles: ["braze-swift"],
  exit: false,
});

// @ts-expect-error: a stack reason the protocol does not define
stacked("promo", "shelved");
// @ts-expect-error: serve needs the engine's name, version and profiles
serve((kase) => new Adapter(kase), { name: "typed-engine" });
// @ts-expect-error: suiteTests takes the engine's command as a string
suiteTests({ engineCommand: ["node", "engine.mjs"] });

const { tests, verdict } = readRecords("records.jsonl");
const failed: string[] = tests.flatMap((record) => (record.record === "run" && record.status === "failed" ? [record.id] : []));
export { status, failed, verdict };
