import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify, type ToStringOptions } from 'yaml';
import { emitDocument, emitDocuments } from './emit';
import { fastParseYaml, Unsupported } from './fastParse';
import { parseText, slowParseYaml } from './index';
import { isPlainSafe, resolvePlain } from './scalars';

/** The reference: the `yaml` package configured like the scenario loader. */
function reference(text: string): unknown[] {
  const r = slowParseYaml(text);
  expect(r.errors).toEqual([]);
  return r.documents;
}

function fast(text: string): unknown[] | 'unsupported' {
  try {
    return fastParseYaml(text);
  } catch (e) {
    if (e instanceof Unsupported) return 'unsupported';
    throw e;
  }
}

const tricky = fc.constantFrom(
  '', ' ', 'a b', 'a  b', ' lead', 'trail ', 'yes', 'No', 'on', 'OFF', 'y', 'n', 'true', 'null', 'Null', '~', '0', '007', '08', '0x1F', '0b101',
  '1e3', '1.5', '.5', '.', '-', '- a', '-1', '+1', '1_000', '12:30', '2024-05-01', '100m', '256Mi', 'a: b', 'a:b', 'a #b', '#x', 'a#b',
  '"q"', "it's", 'a\nb', 'a\n\nb', 'trailing\n', '\ttab', 'x\ty', '[x]', '{x}', 'a,b', '&anchor', '*alias', '!tag', '%p', '@at', '`b`',
  '|', '>', '?', ':', '<<', 'é', '日本', 'emoji 🎉', '\u0085', '\u2028', '\u007f', 'back\\slash', 'kubernetes.io/hostname', 'registry.k8s.io/pause:3.10',
);
const str = fc.oneof(tricky, fc.string({ maxLength: 12 }), fc.string({ unit: fc.constantFrom('a', ' ', ':', '#', '-', '\n', "'", '"', '\\', ','), maxLength: 10 }));
const scalar = fc.oneof(str, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const key = fc.oneof(tricky, fc.string({ maxLength: 8 }));
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

describe('fastParseYaml agrees with the yaml package', () => {
  it.each(styles.map((s, i) => [i, s] as const))('on documents the yaml package writes (style %i)', (_i, style) => {
    fc.assert(fc.property(doc, (d) => {
      const text = stringify(d, { version: '1.1', ...style });
      const ours = fast(text);
      if (ours === 'unsupported') return;
      expect(plain(ours)).toEqual(plain(reference(text)));
    }), { numRuns: Number(process.env.FC_RUNS ?? 300) });
  });

  it('reads most of what the yaml package writes in block style without falling back', () => {
    let unsupported = 0;
    fc.assert(fc.property(doc, (d) => {
      if (fast(stringify(d, { version: '1.1', indentSeq: false })) === 'unsupported') unsupported++;
    }), { numRuns: 200 });
    expect(unsupported).toBeLessThan(60);
  });

  it.each([
    ['kubectl single-quoted message folded over lines', "message: '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane:\n  }, 2 Insufficient cpu.'\n"],
    ['plain scalar folded over lines', 'a:\n  b: one two\n    three\n\n    four\n'],
    ['double-quoted with an escaped line break', 'a: "one \\\n  two\\tthree"\n'],
    ['literal block with keep and strip', 'a: |+\n  x\n\n---\nb: |-\n  y\n  z\n'],
    ['folded block', 'a: >\n  one\n  two\n\n  three\n'],
    ['last-applied-configuration', 'metadata:\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: |\n      {"apiVersion":"v1","kind":"Pod"}\n  name: p\n'],
    ['compact nested sequences', '- - a\n  - b\n- - c\n'],
    ['sequence of maps at the key indentation', 'items:\n- name: a\n  ports:\n  - containerPort: 80\n- name: b\nnext: 1\n'],
    ['comments everywhere', '# head\na: 1 # one\n# between\nb: # nothing\n  c: "x" # quoted\n'],
    ['flow collections', 'metadata: {name: n, labels: {app: web, tier: "1"}}\nspec: {containers: [{name: c, image: "r/p:1"}], x: [], z: {}}\n'],
    ['documents and markers', '---\na: 1\n...\n---\nb: 2\n---\n'],
    ['CRLF line ends', 'a: 1\r\nb:\r\n- x\r\n'],
    ['keys that resolve to other types, as the yaml package names them', 'f:labels:\n  .: {}\n  1: a\n  yes: b\n  ~: c\n'],
    ['__proto__ as a key', '__proto__: {polluted: true}\n'],
  ])('%s', (_name, text) => {
    const ours = fast(text);
    expect(ours).not.toBe('unsupported');
    expect(plain(ours)).toEqual(plain(reference(text)));
  });

  it('__proto__ is an own key and pollutes nothing', () => {
    const [d] = fastParseYaml('__proto__: {polluted: true}\n') as [Record<string, unknown>];
    expect(Object.prototype.hasOwnProperty.call(d, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['anchors and aliases', 'a: &x 1\nb: *x\n'],
    ['merge keys', 'a: {x: 1}\nb:\n  <<: {y: 2}\n'],
    ['tags', 'a: !!str 1\n'],
    ['duplicate keys', 'a: 1\na: 2\n'],
    ['multi-line flow collections', 'a: {x: 1,\n  y: 2}\n'],
    ['a tab in the indentation', 'a:\n\tb: 1\n'],
    ['a bad indentation', 'a: 1\n  b: 2\n'],
  ])('leaves %s to the yaml package', (_name, text) => {
    expect(fast(text)).toBe('unsupported');
  });
});

describe('parseText', () => {
  it.each([
    ['JSON', '{"kind": "List", "items": []}', 'json'],
    ['block YAML', 'kind: List\nitems: []\n', 'fast'],
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
  it('writes what the yaml package and the fast reader read back unchanged', () => {
    fc.assert(fc.property(doc, (d) => {
      const text = emitDocument(d);
      expect(plain(reference(text)[0])).toEqual(plain(d));
      const ours = fast(text);
      expect(ours).not.toBe('unsupported');
      expect(plain((ours as unknown[])[0])).toEqual(plain(d));
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
});

describe('scalars', () => {
  it.each([
    ['yes', true], ['off', false], ['~', null], ['0755', 493], ['0x1F', 31], ['1_000', 1000], ['1e3', 1000], ['.inf', Infinity],
    ['12:30', '12:30'], ['2024-05-01', '2024-05-01'], ['100m', '100m'],
  ])('resolvePlain(%j) is %j, as the loader reads it', (s, v) => {
    expect(resolvePlain(s)).toEqual(v);
    expect(plain(reference(`v: ${s}\n`)[0])).toEqual(plain({ v }));
  });

  it.each(['8', 'yes', 'null', '2024-05-01', 'a: b', ' x', 'x ', '-x', '#x', 'a,b', ''])('quotes %j', (s) => {
    expect(isPlainSafe(s)).toBe(false);
  });
});
