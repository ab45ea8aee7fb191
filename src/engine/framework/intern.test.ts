// The shared empty collections: read like any empty Set or Map, and a write, which would change
// every holder at once, throws instead.
import { describe, expect, it } from 'vitest';
import { sharedEmptyMap, sharedEmptySet } from './intern';

describe('shared empty collections', () => {
  it('a Set reads as empty and refuses add, delete and clear', () => {
    const s = sharedEmptySet<string>('the plugins');
    expect([s.size, s.has('x'), [...s]]).toEqual([0, false, []]);
    expect(() => s.add('x')).toThrow('the plugins is shared and read-only');
    expect(() => s.delete('x')).toThrow(TypeError);
    expect(() => s.clear()).toThrow(TypeError);
    expect(s.size).toBe(0);
  });

  it('a Map reads as empty and refuses set, delete and clear', () => {
    const m = sharedEmptyMap<string, number>('the request');
    expect([m.size, m.get('x'), [...m]]).toEqual([0, undefined, []]);
    expect(() => m.set('x', 1)).toThrow('the request is shared and read-only');
    expect(() => m.delete('x')).toThrow(TypeError);
    expect(() => m.clear()).toThrow(TypeError);
    expect(m.size).toBe(0);
  });
});
