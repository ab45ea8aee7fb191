// The YAML reader: the fast reader (yamlFast.ts) must give exactly what the yaml package gives
// (same nodes, values, positions) whenever it answers, and leave everything else to the package.
// Alias expansion is bounded ("billion laughs"); plain size is not, since a `kubectl get -o yaml`
// List of thousands of objects is one document.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { Alias, stringify } from 'yaml';
import { parseYaml, parseYamlFast, parseYamlWithPackage, type ParsedSource, type Pos, type SrcNode } from './source';

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
    { name: '9^6 nodes through aliases', text: laughs(6), error: "the scenario is too large once its aliases are expanded: Podplay's limit is 200,000 YAML nodes and 10,000,000 characters reached through aliases, all documents together" },
    { name: '9^5 nodes through aliases (under the budget)', text: laughs(5), error: undefined },
    { name: '210,000 plain scalars in one document', text: `items: [${Array(210_000).fill('1').join(',')}]\n`, error: undefined },
  ])('$name', ({ text, error }) => {
    const parsed = parseYamlWithPackage(text);
    expect(parsed.errors.map((e) => e.message)).toEqual(error ? [error] : []);
    expect(parsed.documents).toHaveLength(1);
  }, 60_000);
});

describe('parseYaml budgets across the whole scenario, in linear time', () => {
  const budgetError = "the scenario is too large once its aliases are expanded: Podplay's limit is 200,000 YAML nodes and 10,000,000 characters reached through aliases, all documents together";

  it('200 documents with a 9^5 alias bomb each: one budget for all of them, one error', () => {
    const text = Array.from({ length: 200 }, () => laughs(5)).join('---\n');
    const parsed = parseYamlWithPackage(text);
    expect(parsed.errors.map((e) => e.message)).toEqual([budgetError]);
    // 59,049 nodes each: the fourth document is the one that crosses 200,000
    expect(parsed.errors[0]!.pos.line).toBeGreaterThan(3 * 5);
    expect(parsed.errors[0]!.pos.line).toBeLessThanOrEqual(4 * 6);
  }, 60_000);

  it('a long value through many aliases counts its characters', () => {
    const text = `a: &v ${'x'.repeat(100_000)}\nb: [${Array(101).fill('*v').join(', ')}]\n`;
    expect(parseYamlWithPackage(text).errors.map((e) => e.message)).toEqual([budgetError]);
    const fits = `a: &v ${'x'.repeat(100_000)}\nb: [${Array(99).fill('*v').join(', ')}]\n`;
    expect(parseYamlWithPackage(fits).errors).toEqual([]);
  });

  it('20,000 aliases to one anchor are resolved from one index, not by walking the document for each', () => {
    const resolve = vi.spyOn(Alias.prototype, 'resolve');
    const text = `a: &a {k: v}\nb:\n${'- *a\n'.repeat(20_000)}`;
    const parsed = parseYamlWithPackage(text);
    expect(resolve).not.toHaveBeenCalled();
    resolve.mockRestore();
    const b = parsed.documents[0]!.root!.kind === 'map' ? parsed.documents[0]!.root!.entries.get('b')!.value : undefined;
    expect(b?.kind === 'seq' && b.items.length).toBe(20_000);
    // each alias is reported where it is used
    expect(b?.kind === 'seq' && b.items[19_999]!.pos).toEqual({ line: 20_002, column: 3 });
  });

  it('an alias refers to the last anchor of its name before it', () => {
    const parsed = parseYamlWithPackage('a: &x 1\nb: *x\nc: &x 2\nd: *x\n');
    const root = parsed.documents[0]!.root!;
    const value = (k: string) => (root.kind === 'map' ? root.entries.get(k)!.value : undefined);
    expect([value('b'), value('d')].map((n) => n?.kind === 'scalar' && n.value)).toEqual([1, 2]);
  });

  it.each([
    { name: 'a 60,000-key mapping with one duplicate (and a tab, so the yaml package reads it)', text: `m:\n${Array.from({ length: 60_000 }, (_, i) => `  k${i}: v`).join('\n')}\n  k59999: again\nt: "\t"\n`, lines: [60_002] },
    { name: 'equal values are equal keys (yes and true)', text: 'yes: 1\ntrue: 2\n', lines: [2] },
    { name: 'a string and a number are different keys', text: '1: a\n"1": b\n', lines: [] },
  ])('duplicate keys: $name', ({ text, lines }) => {
    const parsed = parseYamlWithPackage(text);
    expect(parsed.errors.map((e) => [e.pos.line, e.message])).toEqual(lines.map((l) => [l, 'Map keys must be unique']));
  });

  it('5,000 levels of nesting: one clear error, no stack overflow', () => {
    for (const text of [`a: ${'['.repeat(5000)}${']'.repeat(5000)}`, Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n')]) {
      const messages = parseYamlWithPackage(text).errors.map((e) => e.message);
      expect(messages).toEqual(['document is nested more than 100 levels deep']);
    }
  });
});

/** Plain data with every position read out (the fast reader's nodes compute them), maps as entry lists, NaN as a string. */
function comparable(p: ParsedSource): unknown {
  const pos = (at: Pos) => ({ line: at.line, column: at.column });
  const node = (n: SrcNode | undefined): unknown => {
    if (n === undefined) return undefined;
    if (n.kind === 'scalar') return { kind: n.kind, pos: pos(n.pos), value: Number.isNaN(n.value) ? 'NaN' : n.value, quoted: n.quoted, raw: n.raw };
    if (n.kind === 'seq') return { kind: n.kind, pos: pos(n.pos), items: n.items.map(node) };
    return { kind: n.kind, pos: pos(n.pos), entries: [...n.entries].map(([k, e]) => [k, e.key, pos(e.keyPos), node(e.value)]) };
  };
  return {
    documents: p.documents.map((d) => ({ index: d.index, pos: pos(d.pos), root: node(d.root) })),
    errors: p.errors, warnings: p.warnings,
  };
}

/** The property: when the fast reader answers, the yaml package agrees and has nothing to report. */
function agrees(text: string): boolean {
  const fast = parseYamlFast(text);
  if (fast === undefined) return false;
  const slow = parseYamlWithPackage(text);
  expect(slow.errors).toEqual([]);
  expect(slow.warnings).toEqual([]);
  expect(comparable(fast)).toEqual(comparable(slow));
  return true;
}

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('the fast reader gives what the yaml package gives', () => {

  it.each([
    { name: 'empty text', text: '' },
    { name: 'comments only', text: '# a\n  # b\n' },
    { name: 'a mapping', text: 'a: 1\nb: two\n' },
    { name: 'no newline at the end', text: 'a: 1' },
    { name: 'indented root', text: '  a: 1\n  b: 2\n' },
    { name: 'documents, an empty one at the end', text: 'a: 1\n---\n' },
    { name: 'empty documents between', text: '\n\n---\n\n---\na: 1' },
    { name: 'comment before the first marker', text: '# c\n---\na: 1\n' },
    { name: 'marker with a comment', text: '---   # x\na:\n' },
    { name: 'null values and their positions', text: 'a:\nb:   \nc:  # x\nd:\n\n  # q\n' },
    { name: 'null items', text: '- \n-\n- # c\n-   x\n' },
    { name: 'sequence at the key\'s indentation', text: 'a:\n- 1\n- 2\nb: x #c\n' },
    { name: 'compact mappings in a sequence', text: lines('containers:', '- name: a', '  ports:', '  - containerPort: 80', '    protocol: TCP', '  image: x', '-   name: b') },
    { name: 'nested blocks', text: lines('spec:', '  template:', '    metadata:', '      labels: {app: web}', '    spec:', '      containers:', '        - {name: c, image: "nginx:1.2"}') },
    { name: 'flow collections', text: 'k: {a: 1, b: [x, "y"], c: {}, d: [], e: [a,b,], f: {"g":1}}\n' },
    { name: 'root flow collection', text: '[a, b]\n' },
    { name: 'YAML 1.1 scalars', text: lines('a: yes', 'b: Off', 'c: ~', 'd: 0755', 'e: 0x1F', 'f: 1_000', 'g: .inf', 'h: -.Inf', 'i: .NaN', 'j: 1e3', 'k: 2024-05-01', 'l: 1:20', 'm: 0b101', 'n: +12', 'o: e5', 'p: 1.50', 'q: Null', 'r: y') },
    { name: 'YAML 1.1 keys become strings', text: lines('yes: 1', '0x10: 2', '~: 3', '1.0: 4', 'null2: 5') },
    { name: 'quoted scalars and escapes', text: lines('a: "x\\"y\\u00e9\\n\\t\\x41\\U0001F600"', "b: 'it''s'", 'c: "a: b # c"', "'d e': 1", '"f": 2', 'g: "  spaced  "') },
    { name: 'plain scalars with indicators inside', text: lines('image: nginx:1.2', 'url: http://x/y?z=1#frag', 'args: a,b,[c]', 'dash: -1', 'neg: -x', 'pct: 50%', 'v: a #comment', 'w: a#b') },
    { name: 'unicode', text: lines('name: café', 'emoji: "😀"', 'k: 日本: x'.replace(': x', ''), 'z: ok') },
    { name: 'quoted merge key is a plain key', text: '"<<": 1\n' },
    { name: 'root scalars', text: 'plain\n---\n"quoted"\n---\n~\n' },
    { name: 'sequences in sequences', text: lines('- - a', '  - - b', '    -', '      c', '- -', '    d') },
    { name: 'a mapping with many keys (looked up through an index)', text: `${Array.from({ length: 40 }, (_, i) => `k${i}: ${i}`).join('\n')}\nflow: {${Array.from({ length: 20 }, (_, i) => `f${i}: ${i}`).join(', ')}}\n` },
    { name: 'keys with dots and slashes', text: lines('labels:', '  kubernetes.io/hostname: n1', '  topology.kubernetes.io/zone: a', '  a[0]: x') },
    { name: 'a comment at the key\'s indentation before a nested block', text: lines('spec:', '# c', '  containers: []', '  a:', '  # d', '    - x', 'b: 1') },
    { name: 'a more indented comment before a scalar', text: lines('a:', ' # c', '  A', 'b: 1') },
  ])('$name', ({ text }) => {
    expect(agrees(text)).toBe(true);
  });

  it.each([5, 40])('looks keys up in a mapping of %i keys as a Map does', (n) => {
    const text = `${Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join('\n')}\n`;
    const fast = parseYamlFast(text)!.documents[0]!.root!;
    const slow = parseYamlWithPackage(text).documents[0]!.root!;
    if (fast.kind !== 'map' || slow.kind !== 'map') throw new Error('expected mappings');
    expect(fast.entries.size).toBe(n);
    for (const key of [...Array.from({ length: n }, (_, i) => `k${i}`), 'missing', 'k']) {
      expect(fast.entries.has(key)).toBe(slow.entries.has(key));
      const f = fast.entries.get(key), s = slow.entries.get(key);
      expect(f && { key: f.key, keyPos: { ...f.keyPos }, value: f.value.kind === 'scalar' ? f.value.value : undefined })
        .toEqual(s && { key: s.key, keyPos: s.keyPos, value: s.value.kind === 'scalar' ? s.value.value : undefined });
    }
  });

  it.each([
    { name: 'anchors and aliases', text: 'a: &x 1\nb: *x\n' },
    { name: 'merge keys', text: 'a: {x: 1}\nb:\n  <<: {y: 2}\n' },
    { name: 'tags', text: 'a: !!str 1\n' },
    { name: 'literal block scalar', text: 'a: |\n  text\n' },
    { name: 'folded block scalar', text: 'a: >-\n  text\n' },
    { name: 'multi-line plain scalar', text: 'a: one\n  two\n' },
    { name: 'multi-line quoted scalar', text: 'a: "one\n  two"\n' },
    { name: 'multi-line flow collection', text: 'a: [1,\n  2]\n' },
    { name: 'tabs', text: 'a:\t1\n' },
    { name: 'CRLF', text: 'a: 1\r\nb: 2\r\n' },
    { name: 'directives', text: '%YAML 1.1\n---\na: 1\n' },
    { name: 'document end marker', text: 'a: 1\n...\n' },
    { name: 'duplicate keys', text: 'a: 1\na: 2\n' },
    { name: 'keys equal as strings only', text: '1: x\n"1": y\n' },
    { name: 'a duplicate key after many keys', text: `${Array.from({ length: 30 }, (_, i) => `k${i}: ${i}`).join('\n')}\nk3: again\n` },
    { name: 'nested mapping in a compact one', text: 'a: b: c\n' },
    { name: 'bad indentation', text: 'a:\n  b: 1\n c: 2\n' },
    { name: 'more indented key', text: 'a: 1\n  b: 2\n' },
    { name: 'a null document without a marker (its position is the package\'s document range)', text: '~\n' },
    { name: 'explicit key', text: '? a\n: b\n' },
    { name: 'flow key without a value', text: '{a, b: 1}\n' },
    { name: 'pair in a flow sequence', text: '[a: 1]\n' },
    { name: 'unclosed quote', text: 'a: "x\n' },
    { name: 'invalid escape', text: 'a: "\\q"\n' },
    { name: 'text after a flow collection', text: 'a: [1] x\n' },
    { name: 'item at a mapping\'s indentation', text: 'a: 1\n- b\n' },
    { name: 'byte order mark', text: '\ufeffa: 1\n' },
    // the package reads the scalar on as a multi-line one: the key "A b" here, the item "A - b" below
    { name: 'a comment at the key\'s indentation before its scalar', text: 'x:\n  a:\n  #c\n    A\n  b: 1\n' },
    { name: 'a comment at the item\'s indentation before its scalar', text: '-\n#c\n  A\n- b\n' },
  ])('leaves $name to the yaml package', ({ text }) => {
    expect(parseYamlFast(text)).toBeUndefined();
    // and parseYaml still answers, as the package does
    expect(comparable(parseYaml(text))).toEqual(comparable(parseYamlWithPackage(text)));
  });

  const key = fc.oneof(
    fc.constantFrom('apiVersion', 'kind', 'metadata', 'name', 'labels', 'spec', 'containers', 'cpu', 'kubernetes.io/hostname', 'a b', 'yes', '1', '0x1F', '~', 'on', '', '-x', 'a:b', 'a #b', '#', '"q"', "it's", '<<', 'é'),
    fc.string({ maxLength: 6 }),
  );
  const scalar = fc.oneof(
    fc.string({ maxLength: 10 }),
    fc.constantFrom('100m', '1Gi', 'yes', 'No', 'null', '~', '0755', '0x1F', '1e3', '.inf', '.NaN', '1_000', '2024-05-01T10:00:00Z', '1:20', 'nginx:1.2', 'a: b', '- a', '#x', 'a #b', ' lead', 'trail ', '"', "'", '\\', '\n', 'é😀', ''),
    fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    ),
  }));
  const options = fc.record({
    indent: fc.constantFrom(2, 4),
    indentSeq: fc.boolean(),
    flowCollectionPadding: fc.boolean(),
    defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE') as fc.Arbitrary<'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE'>,
    defaultKeyType: fc.constantFrom(null, 'PLAIN', 'QUOTE_DOUBLE') as fc.Arbitrary<null | 'PLAIN' | 'QUOTE_DOUBLE'>,
    collectionStyle: fc.constantFrom('any', 'block', 'flow') as fc.Arbitrary<'any' | 'block' | 'flow'>,
    lineWidth: fc.constantFrom(0, 80),
  });

  it('on generated documents in the styles the yaml package writes', () => {
    let answered = 0;
    fc.assert(fc.property(fc.array(value, { minLength: 1, maxLength: 3 }), options, (docs, opts) => {
      const text = docs.map((d) => stringify(d, { ...opts, version: '1.1' })).join('---\n');
      if (agrees(text)) answered++;
    }), { numRuns: 1500 });
    // most of them are in the fast reader's subset (it must not give up on everything)
    expect(answered).toBeGreaterThan(500);
  }, 60_000);

  it('on small edits of generated documents', () => {
    const edit = fc.record({
      at: fc.nat(), length: fc.nat({ max: 4 }),
      text: fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom(':', ': ', '-', '- ', '{', '}', '[', ']', ',', '"', "'", '\n', '\n  ', '  ', ' ', '#', ' #', '---\n', '...', '&a ', '*a', '? ', '|', '>', '!', '%', '\\', '<<: ')),
    });
    fc.assert(fc.property(value, options, fc.array(edit, { minLength: 1, maxLength: 4 }), (doc, opts, edits) => {
      let text = stringify(doc, { ...opts, version: '1.1' });
      for (const e of edits) {
        const at = e.at % (text.length + 1);
        text = text.slice(0, at) + e.text + text.slice(at + e.length);
      }
      agrees(text);
    }), { numRuns: 4000 });
  }, 60_000);
});
