// jsonPieces must produce byte for byte what JSON.stringify(value, null, 2) returns.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boundedResult, simulate } from '../engine/index';
import { jsonPieces } from './json';

function written(value: unknown, splitDepth?: number): string {
  return [...jsonPieces(value, 0, splitDepth)].join('');
}

describe('jsonPieces', () => {
  it.each([
    { name: 'scalars', value: [1, 'a\nb', true, null, 1.5e300, -0] },
    { name: 'empty containers at every depth', value: { a: [], b: {}, c: [[], {}], d: { e: { f: [] } } } },
    { name: 'undefined, functions and non-finite numbers', value: { a: undefined, b: () => 1, c: [undefined, () => 1, Number.NaN, Infinity], d: 1 } },
    { name: 'an object with only undefined values', value: { x: { a: undefined } } },
    { name: 'keys that need escaping', value: { 'a"b': 1, 'line\nbreak': { 'é': ['x'] } } },
    { name: 'toJSON is honoured', value: { when: { toJSON: () => 'then' }, list: [{ toJSON: () => 42 }] } },
  ])('$name', ({ value }) => {
    for (const depth of [0, 1, 2, 3]) expect(written(value, depth)).toBe(JSON.stringify(value, null, 2));
  });

  it('a whole SimulationResult', () => {
    const outcome = simulate(readFileSync(new URL('../../scenarios/priority-preemption.yaml', import.meta.url), 'utf8'));
    if (!outcome.ok) throw new Error('scenario failed');
    expect(written(outcome.result)).toBe(JSON.stringify(outcome.result, null, 2));
  });

  it('a result past the cap of node outcomes (--json): its summarised cycles are written as JSON.stringify writes them', () => {
    const outcome = simulate(readFileSync(new URL('../../scenarios/priority-preemption.yaml', import.meta.url), 'utf8'));
    if (!outcome.ok) throw new Error('scenario failed');
    const bounded = boundedResult(outcome.result, 0);
    expect(bounded.traceSummary?.fromCycle).toBe(1);
    expect(written(bounded)).toBe(JSON.stringify(bounded, null, 2));
  });
});
