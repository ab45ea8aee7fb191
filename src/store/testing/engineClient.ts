// The real engine behind the worker protocol, in this thread, for store tests that need true
// cycles (lessons, links) rather than hand-written ones.

import { simulate } from '../../engine/index';
import { createInProcessClient, type EngineClient } from '../../worker/client';
import { runOfResult } from '../../worker/host';

export function engineClient(): EngineClient & { loads: { text: string; seed?: number }[] } {
  const loads: { text: string; seed?: number }[] = [];
  const client = createInProcessClient((text, options) => {
    loads.push(options.seed === undefined ? { text } : { text, seed: options.seed });
    const outcome = simulate(text, options);
    return outcome.ok ? { ok: true, run: runOfResult(outcome.result) } : { ok: false, errors: outcome.errors };
  });
  return Object.assign(client, { loads });
}
