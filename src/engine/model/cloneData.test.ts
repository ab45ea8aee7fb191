// cloneData copies what a simulation may change, exactly as structuredClone did for copyScenario.

import { describe, expect, it } from 'vitest';
import { cloneData } from './cloneData';

describe('cloneData', () => {
  const shared = { key: 'a' };
  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic.self = cyclic;
  const locate = () => 1;
  const cases: { name: string; value: unknown }[] = [
    { name: 'scalars', value: ['x', 1, true, null, undefined] },
    { name: 'a key whose value is undefined stays a key', value: { spec: { nodeName: undefined } } },
    { name: 'nested objects and arrays', value: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', ports: [{ containerPort: 80 }] }] } } },
    { name: 'a Map and a Date go through structuredClone', value: { m: new Map([['k', { v: 1 }]]), d: new Date(0) } },
  ];
  it.each(cases)('$name: equal to structuredClone, and a copy', ({ value }) => {
    const copy = cloneData(value);
    expect(copy).toStrictEqual(structuredClone(value));
    if (typeof value === 'object' && value !== null) expect(copy).not.toBe(value);
  });

  it('changing the copy leaves the original as it was', () => {
    const pod = { status: { phase: 'Pending' }, spec: { tolerations: [{ key: 't' }] } };
    const copy = cloneData(pod);
    copy.status.phase = 'Running';
    copy.spec.tolerations.push({ key: 'u' });
    expect(pod).toEqual({ status: { phase: 'Pending' }, spec: { tolerations: [{ key: 't' }] } });
  });

  it('an object reached twice (a YAML alias) is one object in the copy, and a cycle is copied', () => {
    const copy = cloneData({ a: shared, b: shared, cyclic });
    expect(copy.a).toBe(copy.b);
    expect(copy.a).not.toBe(shared);
    expect(copy.cyclic.self).toBe(copy.cyclic);
  });

  it('a function (a timeline step\'s locate) is shared', () => {
    expect(cloneData({ action: 'apply', locate }).locate).toBe(locate);
  });
});
