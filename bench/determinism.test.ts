// The determinism check of `npm run bench`, on its smallest case, inside `npm test`: a change that
// alters any result fails here until bench/hashes.json is updated on purpose
// (`npm run bench -- --update-hashes`), so the recorded hashes cannot go stale.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startSimulation } from '../src/engine/index';
import { hashResult } from './hashJson';
import { benchCases } from './scenarios';

const SMALL_CASE = '100 nodes, 50 pending';

describe('bench determinism', () => {
  it(`"${SMALL_CASE}" hashes as bench/hashes.json records`, () => {
    const recorded = JSON.parse(readFileSync(new URL('./hashes.json', import.meta.url), 'utf8')) as Record<string, string>;
    const c = benchCases.find((b) => b.name === SMALL_CASE)!;
    const started = startSimulation(c.scenario(), { fileName: 'bench.yaml' });
    if (!started.ok) throw new Error(started.errors.map((e) => e.message).join('\n'));
    const run = started.simulation.run();
    while (!run.next().done) { /* every cycle */ }
    expect(hashResult(started.simulation.result()).hash).toBe(recorded[SMALL_CASE]);
  });
});
