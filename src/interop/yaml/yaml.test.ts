import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify, type ToStringOptions } from 'yaml';
import { commentBlock, emitDocument, emitDocuments } from './emit';
import { parseText, slowParseYaml } from './index';
import { isPlainSafe, quote, resolvePlain } from './scalars';

/** The reference: the `yaml` package configured like the scenario loader. */
function reference(text: string): unknown[] {
  const r = slowParseYaml(text);
  expect(r.errors).toEqual([]);
  return r.documents;
}

/** The app's reader (the scenario loader's source.ts: its fast path, else the yaml package). */
function ours(text: string): unknown[] {
  const r = parseText(text);
  expect(r.errors).toEqual([]);
  return r.documents;
}

const tricky = fc.constantFrom(
  '', ' ', 'a b', 'a  b', ' lead', 'trail ', 'yes', 'No', 'on', 'OFF', 'y', 'n', 'true', 'null', 'Null', '~', '0', '007', '08', '0x1F', '0b101',
  '1e3', '1.5', '.5', '.', '-', '- a', '-1', '+1', '1_000', '12:30', '2024-05-01', '100m', '256Mi', 'a: b', 'a:b', 'a #b', '#x', 'a#b',
  '"q"', "it's", 'a\nb', 'a\n\nb', 'trailing\n', '\ttab', 'x\ty', '[x]', '{x}', 'a,b', '&anchor', '*alias', '!tag', '%p', '@at', '`b`',
  '|', '>', '?', ':', 'é', '日本', 'emoji 🎉', '\u0085', '\u2028', '\u007f', 'back\\slash', 'kubernetes.io/hostname', 'registry.k8s.io/pause:3.10',
);
const str = fc.oneof(tricky, fc.string({ maxLength: 12 }), fc.string({ unit: fc.constantFrom('a', ' ', ':', '#', '-', '\n', "'", '"', '\\', ','), maxLength: 10 }));
const scalar = fc.oneof(str, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
// `<<` is left out: the loader reads it as a merge key, as kubectl (go-yaml) does
const key = fc.oneof(tricky, fc.string({ maxLength: 8 })).filter((k) => k !== '<<');
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('arr'), tie('obj')),
  arr: fc.array(tie('v'), { maxLength: 4 }),
  obj: fc.dictionary(key, tie('v'), { maxKeys: 4 }),
})).v;
const doc = fc.dictionary(key, value, { minKeys: 1, maxKeys: 5 });

/** The JSON view of a value: what both readers should agree on (-0 and 0 are the same here). */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_k, x) => (Object.is(x, -0) ? 0 : x)));

const styles: ToStringOptions[] = [
  {},
  { indentSeq: false },
  { lineWidth: 20, minContentWidth: 0 },
  { lineWidth: 20, minContentWidth: 0, indentSeq: false, defaultStringType: 'QUOTE_SINGLE' },
  { lineWidth: 24, minContentWidth: 0, defaultStringType: 'QUOTE_DOUBLE' },
  { defaultStringType: 'BLOCK_LITERAL' },
  { defaultStringType: 'BLOCK_FOLDED', lineWidth: 30, minContentWidth: 0 },
  { collectionStyle: 'flow' },
  { indent: 4 },
];

describe('the app\'s reader agrees with the yaml package', () => {
  it.each(styles.map((st, i) => [i, st] as const))('on documents the yaml package writes (style %i)', (_i, style) => {
    fc.assert(fc.property(doc, (d) => {
      const text = stringify(d, { version: '1.1', ...style });
      // the yaml package's writer can emit text it cannot read back; then both readers must refuse it alike
      const a = parseText(text), b = slowParseYaml(text);
      expect(plain(a.documents)).toEqual(plain(b.documents));
      expect(a.errors.length > 0).toBe(b.errors.length > 0);
    }), { numRuns: Number(process.env.FC_RUNS ?? 200) });
  });

  it('__proto__ is an own key and pollutes nothing', () => {
    const [d] = ours('__proto__: {polluted: true}\n') as [Record<string, unknown>];
    expect(Object.prototype.hasOwnProperty.call(d, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseText', () => {
  it.each([
    ['JSON', '{"kind": "List", "items": []}', 'json'],
    ['block YAML', 'kind: List\nitems: []\n', 'yaml'],
    ['YAML with anchors', 'a: &x 1\nb: *x\n', 'yaml'],
  ])('reads %s with the %s reader', (_name, text, reader) => {
    expect(parseText(text).reader).toBe(reader);
  });

  it('reports syntax errors with a position', () => {
    const r = parseText('a: [1, 2\nb: 3\n');
    expect(r.documents).toEqual([]);
    expect(r.errors[0]).toMatch(/^\d+:\d+: /);
  });
});

describe('emitDocument', () => {
  it('writes what the yaml package and the app\'s reader read back unchanged', () => {
    fc.assert(fc.property(doc, (d) => {
      const text = emitDocument(d);
      expect(plain(reference(text)[0])).toEqual(plain(d));
      expect(plain(ours(text)[0])).toEqual(plain(d));
    }), { numRuns: Number(process.env.FC_RUNS ?? 500) });
  });

  it('uses flow style for what fits on a line and block style for the rest', () => {
    const pod = {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', labels: { app: 'web' } },
      spec: { nodeName: 'node-1', containers: [{ name: 'web', image: 'registry.k8s.io/pause:3.10', resources: { requests: { cpu: '100m' } } }] },
    };
    expect(emitDocument(pod)).toBe([
      'apiVersion: v1',
      'kind: Pod',
      'metadata: {name: web-1, labels: {app: web}}',
      'spec:',
      '  nodeName: node-1',
      '  containers: [{name: web, image: "registry.k8s.io/pause:3.10", resources: {requests: {cpu: 100m}}}]',
      '',
    ].join('\n'));
  });

  it('puts a sequence too long for one line at its key\'s indentation, first entry on the dash line', () => {
    const long = 'x'.repeat(90);
    expect(emitDocument({ spec: { containers: [{ name: 'a', image: long }] } })).toBe(`spec:\n  containers:\n  - name: a\n    image: ${long}\n`);
  });

  it('separates documents and writes comments above them', () => {
    expect(emitDocuments([{ a: 1 }, { b: 2 }], (_d, i) => (i === 0 ? ['first'] : undefined))).toBe('# first\na: 1\n---\nb: 2\n');
  });

  it('keeps a comment on its line: a line feed starts a new comment line, other breaks are escaped', () => {
    expect(commentBlock(['a\nb', 'c\rd: x', 'e\u0085f\u2028g\u2029h'])).toBe('# a\n# b\n# c\\rd: x\n# e\\u0085f\\u2028g\\u2029h\n');
    expect(emitDocuments([{ a: 1 }], () => ['t\r---'])).toBe('# t\\r---\na: 1\n');
  });
});

describe('scalars', () => {
  it.each([
    ['yes', true], ['off', false], ['~', null], ['0755', 493], ['0x1F', 31], ['1_000', 1000], ['1e3', 1000], ['.inf', Infinity],
    ['12:30', '12:30'], ['2024-05-01', '2024-05-01'], ['100m', '100m'],
  ])('resolvePlain(%j) is %j, as the loader reads it', (s, v) => {
    expect(resolvePlain(s)).toEqual(v);
    expect(plain(reference(`v: ${s}\n`)[0])).toEqual(plain({ v }));
  });

  it.each([
    ['\u0085', '"\\u0085"'], ['a\u2028b\u2029', '"a\\u2028b\\u2029"'], ['\u202eevil', '"\\u202eevil"'], ['\u007f', '"\\u007f"'], ['\r', '"\\r"'],
  ])('quote(%j) escapes YAML 1.1 line breaks and bidirectional overrides: %s', (s, quoted) => {
    expect(quote(s)).toBe(quoted);
    expect(reference(`v: ${quoted}\n`)[0]).toEqual({ v: s });
  });

  it.each(['8', 'yes', 'null', '2024-05-01', 'a: b', ' x', 'x ', '-x', '#x', 'a,b', ''])('quotes %j', (s) => {
    expect(isPlainSafe(s)).toBe(false);
  });
});

describe('parseText refuses what nothing after it could read', () => {
  it('JSON nested 5,000 levels deep: an error, not a stack overflow', () => {
    const text = `{"items":[{"metadata":{"labels":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}}]}`;
    expect(parseText(text)).toEqual({ documents: [], errors: ['1:1: document is nested more than 100 levels deep'], reader: 'json' });
  });

  it('JSON within the nesting limit is read', () => {
    const text = `{"a":${'['.repeat(90)}${']'.repeat(90)}}`;
    expect(parseText(text).errors).toEqual([]);
  });
});
