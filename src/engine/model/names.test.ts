// Generated names: the same names as trying attempts 0, 1, 2, … for every pod, but each prefix
// resumes where it stopped, so n pods cost n attempts, not n²/2.
import { describe, expect, it } from 'vitest';
import { NameGenerator } from './names';

/** The names of attempts 0, 1, 2, … for a prefix: what a fresh generator hands out in order. */
const attemptNames = (prefix: string, n: number): string[] => {
  const fresh = new NameGenerator();
  return Array.from({ length: n }, () => fresh.generate('default', prefix));
};

/** The slow way: the first attempt, from 0, whose name is not taken. */
function fromScratch(taken: Set<string>, sequence: readonly string[]): string {
  const name = sequence.find((n) => !taken.has(n))!;
  taken.add(name);
  return name;
}

describe('NameGenerator', () => {
  it('10,000 names of one prefix take 10,000 attempts (plus collisions)', () => {
    const names = new NameGenerator();
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) seen.add(names.generate('default', 'web-'));
    expect(seen.size).toBe(10_000);
    expect(names.attempts).toBeLessThan(10_050);
  });

  it('gives the names trying from attempt 0 would give, around declared and released names', () => {
    const names = new NameGenerator();
    const sequence = attemptNames('web-', 10);
    // a declared pod holds the name attempt 1 gives
    const taken = new Set([sequence[1]!]);
    names.reserve('default', sequence[1]!);
    const got = Array.from({ length: 4 }, () => names.generate('default', 'web-'));
    const expected = Array.from({ length: 4 }, () => fromScratch(taken, sequence));
    expect(got).toEqual(expected);
    // released, the first name is handed out again before any new one
    names.release('default', got[0]!);
    expect(names.generate('default', 'web-')).toBe(got[0]);
  });
});
