// The trace of every scheduler_perf workload, at a hundredth of its size, hashes as it did before
// the throughput work (bench/schedulerPerf/traceHashes.json, recorded from the engine before any
// optimisation; for a workload added later, when it was added, before any work on its speed):
// explanation details computed once per cycle or on demand must materialise into the same
// result JSON, byte for byte, every Filter verdict, detail and score included.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { traceCases, traceHash } from './traceCases';

const recorded = JSON.parse(readFileSync(new URL('./traceHashes.json', import.meta.url), 'utf8')) as Record<string, string>;

describe('scheduler_perf traces', () => {
  it.each(traceCases)('$name hashes as recorded', ({ name, text }) => {
    expect(traceHash(text)).toBe(recorded[name]);
  });
});
