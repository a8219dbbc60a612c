// The suite against an engine, as node:test tests: `IAMSPEC_ENGINE_COMMAND="node my-engine.mjs"
// node --test Kits/node/samples/engine-suite.mjs` (or IAMSPEC_RESULTS=results.jsonl to read a run).
import { suiteTests } from "../iamspec-node-runner.mjs";

suiteTests();
