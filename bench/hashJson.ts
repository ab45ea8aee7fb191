// The determinism check's hash of a SimulationResult (npm run bench and bench/determinism.test.ts).

import { createHash } from 'node:crypto';
import type { SimulationResult } from '../src/engine/api';

/**
 * sha256 of JSON.stringify(value), written piece by piece: big traces exceed the longest string
 * V8 can build. Arrays and the result's top level are split; each element is stringified alone.
 */
export function hashJson(value: unknown): { hash: string; bytes: number } {
  const h = createHash('sha256');
  let bytes = 0;
  const put = (s: string) => { h.update(s); bytes += s.length; };
  const write = (v: unknown, depth: number): void => {
    if (depth < 2 && Array.isArray(v)) {
      put('[');
      v.forEach((item, i) => { if (i) put(','); write(item ?? null, depth + 1); });
      put(']');
    } else if (depth < 1 && v !== null && typeof v === 'object') {
      put('{');
      let first = true;
      for (const [k, item] of Object.entries(v)) {
        if (item === undefined) continue;
        put(`${first ? '' : ','}${JSON.stringify(k)}:`);
        first = false;
        write(item, depth + 1);
      }
      put('}');
    } else {
      put(JSON.stringify(v));
    }
  };
  write(value, 0);
  return { hash: h.digest('hex').slice(0, 16), bytes };
}

/**
 * The hash of a run's result. Its kubernetesVersion (which version ran, and why) is left out: it
 * restates the input, and every bench scenario pins "1.35", so the hashes stay comparable with
 * those recorded before the version axis existed (issue 17: v1.35 results unchanged).
 */
export function hashResult(result: SimulationResult): { hash: string; bytes: number } {
  const rest: Partial<SimulationResult> = { ...result };
  delete rest.kubernetesVersion;
  return hashJson(rest);
}
