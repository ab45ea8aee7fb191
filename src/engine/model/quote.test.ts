// Bounded messages: a value is quoted with at most LIMITS.quotedChars of its characters, and a
// scenario reports at most LIMITS.reportedProblems errors, then how many more there were.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits';
import { loadScenario } from './load';
import { boundedJson, clip, quote } from './quote';
import { formatValue } from './validation';

describe('quote', () => {
  it.each([
    { name: 'short strings whole', value: 'web', expected: '"web"' },
    { name: 'escapes as JSON', value: 'a"b\n', expected: '"a\\"b\\n"' },
    { name: 'long strings cut, with their length', value: 'x'.repeat(1_000_000), expected: `"${'x'.repeat(200)}"… (1,000,000 characters)` },
    { name: 'never half a surrogate pair', value: `${'x'.repeat(199)}😀${'y'.repeat(10)}`, expected: `"${'x'.repeat(199)}"… (211 characters)` },
  ])('$name', ({ value, expected }) => {
    expect(quote(value)).toBe(expected);
  });

  it('clip keeps short text and cuts long text', () => {
    expect(clip('abc')).toBe('abc');
    expect(clip('a'.repeat(300)).length).toBeLessThan(LIMITS.quotedChars + 30);
  });

  it('objects are written as JSON, cut after about 200 characters', () => {
    expect(boundedJson({ a: [1, 'b', null, true] })).toBe(JSON.stringify({ a: [1, 'b', null, true] }));
    const big = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`key${i}`, 'v'.repeat(1000)]));
    expect(formatValue(big).length).toBeLessThan(2 * LIMITS.quotedChars + 50);
    expect(formatValue(big).startsWith('{"key0":"vvv')).toBe(true);
  });
});

describe('reported problems', () => {
  it('a long label value used through 2,000 aliases: bounded messages, the first 1,000 errors and a count', () => {
    const big = 'v'.repeat(4000);
    const items = Array.from({ length: 2000 }, (_, i) => `- {apiVersion: v1, kind: Pod, metadata: {name: p${i}, labels: {app: *big}}, spec: {containers: [{name: c, image: x}]}}`);
    const text = `apiVersion: v1\nkind: List\nmetadata: {annotations: {a: &big ${big}}}\nitems:\n${items.join('\n')}\n`;
    const r = loadScenario(text, 's.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // one error per pod (too long): 2,000, of which 1,000 are listed
    expect(r.errors).toHaveLength(LIMITS.reportedProblems + 1);
    expect(r.errors.at(-1)!.message).toBe('... and 1,000 more errors (Podplay reports the first 1,000)');
    const longest = Math.max(...r.errors.map((e) => e.message.length));
    expect(longest).toBeLessThan(1000);
    expect(r.errors[0]!.message).toContain('"… (4,000 characters): must be no more than 63 bytes');
  });
});
