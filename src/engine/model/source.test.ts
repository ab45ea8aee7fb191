// The YAML reader's limits: alias expansion is bounded ("billion laughs"); plain size is not,
// since a `kubectl get -o yaml` List of thousands of objects is one document.
import { describe, expect, it } from 'vitest';
import { parseYaml } from './source';

function laughs(levels: number): string {
  const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < levels; i++) {
    const name = String.fromCharCode(97 + i), prev = String.fromCharCode(96 + i);
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
  }
  return `${lines.join('\n')}\n`;
}

describe('parseYaml size limits', () => {
  it.each([
    { name: '9^6 nodes through aliases', text: laughs(6), error: 'document is too large (too many nodes after alias expansion)' },
    { name: '9^5 nodes through aliases (under the budget)', text: laughs(5), error: undefined },
    { name: '210,000 plain scalars in one document', text: `items: [${Array(210_000).fill('1').join(',')}]\n`, error: undefined },
  ])('$name', ({ text, error }) => {
    const parsed = parseYaml(text);
    expect(parsed.errors.map((e) => e.message)).toEqual(error ? [error] : []);
    expect(parsed.documents).toHaveLength(1);
  }, 60_000);
});
