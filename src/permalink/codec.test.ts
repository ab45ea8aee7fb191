// Permalink format: round trips, frozen links of every published version, hostile input.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodePermalink, encodePermalink, linkSizeAdvice, MAX_DECOMPRESSED_BYTES } from './codec';
import { frozenLinks as fixtures } from './fixtures';
import type { PermalinkState } from './migrations';

/** what a link made before the version axis gains in its scenario text: it ran as v1.35 */
const V135 = 'apiVersion: podplay/v1alpha1\nkind: Scenario\nspec:\n  kubernetesVersion: "1.35"\n---\n';
const link = (json: unknown) => `p1.${deflateSync(Buffer.from(JSON.stringify(json))).toString('base64url')}`;

describe('permalink codec', () => {
  it.each(fixtures)('decodes the frozen link: $name', async ({ link: l, state }) => {
    expect(await decodePermalink(l)).toEqual({ ok: true, state, version: Number(/^#p(\d+)\./.exec(l)![1]) });
  });

  it('round-trips every field, including names that look like markup', async () => {
    const state: PermalinkState = {
      scenario: 'kind: Pod\nmetadata: {name: "<img src=x onerror=alert(1)>"}\n# ünïcode ✓\n', seed: 42, cycle: 7, phase: 'score',
      pod: 'default/<img src=x onerror=alert(1)>', view: { presenter: true, showTaints: false }, lesson: 'taints-1',
      compare: { config: 'kind: KubeSchedulerConfiguration\n# <script>\n' }, compareVersions: { from: '1.36', to: '1.35' },
    };
    const encoded = await encodePermalink(state);
    expect(encoded).toMatch(/^p4\.[A-Za-z0-9_-]+$/);
    expect(await decodePermalink(`#${encoded}`)).toEqual({ ok: true, state, version: 4 });
  });

  // the upgrade preview's versions: only versions Podplay simulates; anything else is dropped, the rest kept
  const v4 = (json: Record<string, unknown>) => `p4.${deflateSync(Buffer.from(JSON.stringify({ v: 4, scenario: 's', ...json }))).toString('base64url')}`;
  it.each([
    { name: 'a pair of simulated versions is kept', compareVersions: { from: '1.35', to: '1.37' }, want: { from: '1.35', to: '1.37' } },
    { name: 'a version Podplay does not simulate drops the pair', compareVersions: { from: '1.34', to: '1.37' }, want: undefined },
    { name: 'a number instead of a version string drops the pair', compareVersions: { from: 1.35, to: '1.37' }, want: undefined },
    { name: 'a missing side drops the pair', compareVersions: { from: '1.35' }, want: undefined },
    { name: 'markup instead of a version drops the pair', compareVersions: { from: '<b>1.35</b>', to: '1.37' }, want: undefined },
  ])('format 4: $name', async ({ compareVersions, want }) => {
    expect(await decodePermalink(v4({ seed: 5, compareVersions }))).toEqual({ ok: true, version: 4, state: { scenario: 's', seed: 5, ...(want ? { compareVersions: want } : {}) } });
  });

  it('format 3 has no upgrade preview: a compareVersions field in a format-3 link is dropped', async () => {
    const p3 = `p3.${deflateSync(Buffer.from(JSON.stringify({ v: 3, scenario: 's', compareVersions: { from: '1.35', to: '1.37' } }))).toString('base64url')}`;
    expect(await decodePermalink(p3)).toEqual({ ok: true, version: 3, state: { scenario: 's' } });
  });

  it('compresses a typical scenario well under 2,000 characters', async () => {
    const nodes = Array.from({ length: 6 }, (_, i) => `apiVersion: v1\nkind: Node\nmetadata: {name: node-${i}, labels: {topology.kubernetes.io/zone: zone-${i % 3}}}\nstatus: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}`);
    const pods = Array.from({ length: 12 }, (_, i) => `apiVersion: v1\nkind: Pod\nmetadata: {name: web-${i}, namespace: default, labels: {app: web}}\nspec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: 500m}}}]}`);
    const encoded = await encodePermalink({ scenario: [...nodes, ...pods].join('\n---\n') });
    expect(encoded.length).toBeLessThan(2000);
    expect(linkSizeAdvice(encoded.length)).toBe('ok');
  });

  it.each([
    { name: 'no version prefix', link: '#hello', error: /no version prefix/ },
    { name: 'a newer format', link: '#p9.eJw', error: /newer Podplay \(format 9\)/ },
    { name: 'format 0, which never existed', link: '#p0.eJw', error: /"p0" is not a Podplay link format/ },
    { name: 'a format number with a leading zero', link: '#p01.eJw', error: /"p01" is not a Podplay link format/ },
    { name: 'complete deflate data that is not UTF-8', link: `#p1.${deflateSync(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])).toString('base64url')}`, error: /not valid UTF-8 text/ },
    { name: 'characters outside base64url', link: '#p1.abc$def', error: /not valid base64url/ },
    { name: 'an empty payload', link: '#p1.', error: /not valid base64url/ },
    { name: 'not deflate data', link: '#p1.aGVsbG8gd29ybGQ', error: /damaged or truncated/ },
    { name: 'valid deflate but not JSON', link: `#p1.${deflateSync(Buffer.from('{nope')).toString('base64url')}`, error: /not valid JSON/ },
    { name: 'JSON without a scenario', link: `#${link({ v: 1, seed: 1 })}`, error: /scenario text is missing/ },
    { name: 'a JSON array', link: `#${link([1, 2])}`, error: /not an object/ },
  ])('rejects $name with a clear message', async ({ link: l, error }) => {
    const r = await decodePermalink(l);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(error);
  });

  it.each([4, 5, 6, 7, 40])('rejects a link with its last %i characters cut off', async (cut) => {
    const encoded = await encodePermalink(fixtures[0]!.state);
    const r = await decodePermalink(encoded.slice(0, encoded.length - cut));
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/damaged or truncated/) });
  });

  it('refuses a small link that inflates past the cap', async () => {
    const bomb = `p1.${deflateSync(Buffer.alloc(MAX_DECOMPRESSED_BYTES + 1024, 32)).toString('base64url')}`;
    expect(bomb.length).toBeLessThan(10_000);
    const r = await decodePermalink(bomb);
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/expands to more than 4 MB/) });
  });

  it('drops fields of the wrong type instead of trusting them', async () => {
    const r = await decodePermalink(link({ v: 1, scenario: 'x', seed: 'NaN', cycle: -1, phase: 'explode', pod: 5, view: { topologyKey: 7, presenter: 'yes' }, __proto__: { polluted: true } }));
    expect(r).toEqual({ ok: true, state: { scenario: V135 + 'x', view: {} }, version: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('format 1 has no Compare view: a compare field in a format-1 link is dropped', async () => {
    expect(await decodePermalink(link({ v: 1, scenario: 'x', compare: { config: 'y' } }))).toEqual({ ok: true, state: { scenario: V135 + 'x' }, version: 1 });
  });

  it('format 2 refuses configuration B of the wrong type or too long, keeping the rest', async () => {
    const link2 = (json: unknown) => `p2.${deflateSync(Buffer.from(JSON.stringify(json))).toString('base64url')}`;
    expect(await decodePermalink(link2({ v: 2, scenario: 'x', compare: { config: 7 } }))).toEqual({ ok: true, state: { scenario: V135 + 'x' }, version: 2 });
    expect(await decodePermalink(link2({ v: 2, scenario: 'x', compare: { config: 'a'.repeat(64 * 1024 + 1) } }))).toEqual({ ok: true, state: { scenario: V135 + 'x' }, version: 2 });
  });

  it.each([
    ['format 1, a Scenario document without a version', 1, 'kind: Scenario\nmetadata: {name: s}\n', 'kind: Scenario\nmetadata: { name: s }\nspec:\n  kubernetesVersion: "1.35"\n'],
    ['format 2, no Scenario document', 2, 'kind: Node\n', `${V135}kind: Node\n`],
    ['format 3 is read as written: no version means the newest', 3, 'kind: Node\n', 'kind: Node\n'],
  ])('pins links made before the version axis to v1.35: %s', async (_name, version, scenario, expected) => {
    const l = `p${version}.${deflateSync(Buffer.from(JSON.stringify({ v: version, scenario }))).toString('base64url')}`;
    expect(await decodePermalink(l)).toEqual({ ok: true, state: { scenario: expected }, version });
  });

  it('advises a warning above 2,000 characters and a download above 8,000', () => {
    expect([linkSizeAdvice(1999), linkSizeAdvice(2001), linkSizeAdvice(8001)]).toEqual(['ok', 'warn', 'download']);
  });
});
