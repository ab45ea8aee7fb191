import { parseAllDocuments, visit } from 'yaml';
import { describe, expect, it } from 'vitest';
import { countAliases, hintsOff, MAX_HINTED_ALIASES, MAX_HINTED_ALIAS_WORK } from './hintBudget';

const bomb = (aliases: number) => `a: &x v\nb: [${Array.from({ length: aliases }, () => '*x').join(', ')}]\n`;

/** The aliases the yaml library itself finds: the count must not miss any. */
function parsedAliases(text: string): number {
  let n = 0;
  for (const doc of parseAllDocuments(text)) visit(doc, { Alias: () => void n++ });
  return n;
}

describe('the editor hint budget', () => {
  it.each([
    ['a flow sequence', bomb(7)],
    ['block sequences, mappings and merge keys', 'base: &b {cpu: "1"}\nlist:\n- *b\n-  *b\nmap: {k: *b, j: *b}\nm:\n  <<: *b\n  x: *b\n'],
    ['several documents', 'a: &a 1\nb: *a\n---\nc: &c 2\nd: [*c,*c]\n'],
  ])('counts every alias of %s', (_what, text) => {
    expect(countAliases(text, Infinity)).toBe(parsedAliases(text));
  });

  it('does not count multiplication, globs or a bare star', () => {
    expect(countAliases('cmd: "a*b"\nglob: x*\nexpr: 2 * 3\nstar: *\n', Infinity)).toBe(0);
  });

  it('stops counting at the limit (the text may be megabytes)', () => {
    expect(countAliases(bomb(50_000), 10)).toBe(10);
  });

  it('keeps hints for ordinary scenarios and a few aliases', () => {
    expect(hintsOff(bomb(20))).toBeUndefined();
    expect(hintsOff('apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n')).toBeUndefined();
  });

  it(`turns them off past ${MAX_HINTED_ALIASES} aliases, or fewer in a larger text`, () => {
    expect(hintsOff(bomb(MAX_HINTED_ALIASES + 1))?.limit).toBe(MAX_HINTED_ALIASES);
    expect(hintsOff(bomb(MAX_HINTED_ALIASES))).toBeUndefined();
    const large = `${'# padding line to make the text large\n'.repeat(20_000)}${bomb(200)}`;
    expect(200 * large.length).toBeGreaterThan(MAX_HINTED_ALIAS_WORK);
    expect(hintsOff(large)?.limit).toBe(Math.floor(MAX_HINTED_ALIAS_WORK / large.length));
    expect(hintsOff(`${'# padding\n'.repeat(100)}${bomb(200)}`)).toBeUndefined();
  });
});
