import { describe, expect, it } from 'vitest';
import { Heap } from './heap';

describe('Heap', () => {
  it('pops in order, updates and deletes by key', () => {
    const h = new Heap<{ k: string; v: number }>((x) => x.k, (a, b) => a.v < b.v);
    for (const [k, v] of [['a', 5], ['b', 1], ['c', 3], ['d', 4], ['e', 2]] as const) h.addOrUpdate({ k, v });
    h.addOrUpdate({ k: 'a', v: 0 });
    expect(h.delete('c')?.v).toBe(3);
    const out: string[] = [];
    for (let x = h.pop(); x; x = h.pop()) out.push(x.k);
    expect(out).toEqual(['a', 'b', 'e', 'd']);
    expect(h.length).toBe(0);
  });
});
