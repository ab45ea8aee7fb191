// The version a kubectl dump shows: the API server's (kubectl version) wins, else the most common
// kubelet minor, said to be a guess; outside 1.35–1.37 the nearest, with a note. The imported
// scenario carries it, and the engine's run says it came from the dump.
import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/index';
import { inferDumpVersion, INFERRED_VERSION_ANNOTATION } from './dumpVersion';
import { normalizeKubectlDump } from './kubectl';
import type { Obj } from './objects';

const node = (name: string, kubeletVersion?: string): Obj => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, ...(kubeletVersion !== undefined ? { nodeInfo: { kubeletVersion, osImage: 'x' } } : {}) },
});
const nodes = (n: number, kubeletVersion: string, prefix = kubeletVersion): Obj[] => Array.from({ length: n }, (_, i) => node(`${prefix}-${i}`, kubeletVersion));
const versionDoc = (server?: string, client = 'v1.37.0'): Obj => ({ clientVersion: { gitVersion: client, major: '1', minor: client.split('.')[1] }, ...(server ? { serverVersion: { gitVersion: server, major: '1', minor: server.split('.')[1] } } : {}) });

describe('inferDumpVersion', () => {
  it.each<[string, Obj[], { version: string; shown: string; detail: RegExp } | undefined]>([
    ['every kubelet on one version', nodes(40, 'v1.36.2'), { version: '1.36', shown: '1.36', detail: /^inferred from 40 nodes' kubeletVersion v1\.36\.2 \(kubelets may lag the API server\)$/ }],
    ['one node', nodes(1, 'v1.35.4'), { version: '1.35', shown: '1.35', detail: /^inferred from 1 node's kubeletVersion v1\.35\.4 / }],
    ['mixed kubelets: the most common minor, the others counted', [...nodes(3, 'v1.36.2'), ...nodes(1, 'v1.36.0'), ...nodes(2, 'v1.35.9')],
      { version: '1.36', shown: '1.36', detail: /^inferred from the most common kubeletVersion minor, 1\.36 \(4 of 6 nodes, e\.g\. v1\.36\.2; 2 on 1\.35\)/ }],
    ['mixed kubelets in a tie: the newer (a control plane is never older than its kubelets)', [...nodes(2, 'v1.35.1'), ...nodes(2, 'v1.37.0')], { version: '1.37', shown: '1.37', detail: /minor, 1\.37 \(2 of 4 nodes/ }],
    ['a provider suffix', nodes(2, 'v1.37.3-eks-4a1b2c'), { version: '1.37', shown: '1.37', detail: /kubeletVersion v1\.37\.3-eks-4a1b2c/ }],
    ['the API server\'s version wins over the kubelets', [versionDoc('v1.37.1'), ...nodes(5, 'v1.35.2')], { version: '1.37', shown: '1.37', detail: /^the API server's version in the dump \(kubectl version: serverVersion v1\.37\.1\)$/ }],
    ['a client version alone says nothing of the cluster', [versionDoc(undefined, 'v1.37.0'), ...nodes(2, 'v1.36.1')], { version: '1.36', shown: '1.36', detail: /kubeletVersion v1\.36\.1/ }],
    ['older than 1.35: the oldest, with a note', nodes(3, 'v1.33.7'), { version: '1.35', shown: '1.33', detail: /v1\.33\.7; Podplay simulates 1\.35–1\.37, so it runs as the nearest, v1\.35/ }],
    ['newer than 1.37: the newest, with a note', [versionDoc('v1.38.0')], { version: '1.37', shown: '1.38', detail: /serverVersion v1\.38\.0\); Podplay simulates 1\.35–1\.37, so it runs as the nearest, v1\.37$/ }],
    ['no nodeInfo: nothing inferred', [node('a'), node('b')], undefined],
    ['an unreadable kubeletVersion is not counted', [node('a', 'latest'), node('b', 'v1.36.0')], { version: '1.36', shown: '1.36', detail: /1 node's kubeletVersion v1\.36\.0/ }],
  ])('%s', (_name, objects, expected) => {
    const got = inferDumpVersion(objects);
    if (expected === undefined) return expect(got).toBeUndefined();
    expect(got).toMatchObject({ version: expected.version, shown: expected.shown });
    expect(got!.detail).toMatch(expected.detail);
  });
});

const dump = (items: Obj[]) => JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [...items, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x' }] } }] });

describe('an imported dump runs as the version it shows', () => {
  it('writes spec.kubernetesVersion, says so in its summary, and the run\'s source is the dump', () => {
    const out = normalizeKubectlDump(dump([...nodes(3, 'v1.36.2'), ...nodes(1, 'v1.35.0')]));
    expect(out.errors).toEqual([]);
    expect(out.yaml).toContain('kubernetesVersion: "1.36"');
    expect(out.yaml).toContain(INFERRED_VERSION_ANNOTATION);
    expect(out.yaml).toMatch(/^# Kubernetes v1\.36: inferred from the most common kubeletVersion minor, 1\.36 \(3 of 4 nodes/m);
    expect(out.stats.kubernetesVersion).toMatchObject({ version: '1.36', shown: '1.36' });
    const run = simulate(out.yaml, { fileName: 'imported.yaml' });
    if (!run.ok) throw new Error(run.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    expect(run.result.kubernetesVersion).toMatchObject({ version: '1.36', source: 'dump' });
    expect(run.result.kubernetesVersion.detail).toMatch(/^v1\.36, inferred from the most common kubeletVersion minor, 1\.36 \(3 of 4 nodes, e\.g\. v1\.36\.2; 1 on 1\.35\)/);
    // the user changes the version: it is the scenario's now
    const edited = simulate(out.yaml.replace('kubernetesVersion: "1.36"', 'kubernetesVersion: "1.35"'), { fileName: 'imported.yaml' });
    expect(edited.ok && edited.result.kubernetesVersion).toMatchObject({ version: '1.35', source: 'scenario' });
  });

  it('a kubectl version document is read, not dropped as an unknown kind', () => {
    const out = normalizeKubectlDump(`${JSON.stringify(versionDoc('v1.37.2'))}\n---\n${dump(nodes(2, 'v1.36.0'))}`);
    expect(out.errors).toEqual([]);
    expect(out.stats.droppedKinds).toEqual({});
    expect(out.stats.kubernetesVersion).toMatchObject({ version: '1.37', detail: expect.stringContaining('serverVersion v1.37.2') });
  });

  it('a Scenario in the dump that sets its version keeps it', () => {
    const scenario: Obj = { apiVersion: 'podplay/v1alpha1', kind: 'Scenario', metadata: { name: 's' }, spec: { kubernetesVersion: '1.35' } };
    const out = normalizeKubectlDump(dump([scenario, ...nodes(2, 'v1.37.0')]));
    expect(out.yaml).toContain('kubernetesVersion: "1.35"');
    expect(out.yaml).not.toContain(INFERRED_VERSION_ANNOTATION);
    expect(out.yaml).toMatch(/^# Kubernetes v1\.35, as the dump's Scenario says \(the dump shows 1\.37/m);
  });

  it('a dump that shows no version gets none (the scenario runs as the newest)', () => {
    const out = normalizeKubectlDump(dump([node('a')]));
    expect(out.yaml).not.toContain('kubernetesVersion');
    expect(out.stats.kubernetesVersion).toBeUndefined();
  });
});
