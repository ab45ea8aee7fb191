// Plugin-level reproduction of scenarios//web-store.yaml (Kubernetes docs, "Assigning
// Pods to Nodes": redis caches that avoid each other, web servers that avoid each other and sit
// beside a cache). The pods are built here as the Deployments' templates describe them; each step
// places the pod on the first node Filter accepts, in node order.
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../model/types';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { InterPodAffinity } from './index';
import { AFFINITY, ANTI_AFFINITY, codeAndReasons, EXISTING_ANTI_AFFINITY, OK, type WantStatus } from './testdata';

const hostname = 'kubernetes.io/hostname';
const nodes: Node[] = ['node-1', 'node-2', 'node-3'].map((n) => makeNode().name(n).label(hostname, n).capacity({ cpu: '4', memory: '8Gi', pods: '110' }).obj());

const redis = (i: number): Pod => makePod().name(`redis-cache-${i}`).label('app', 'store')
  .podAntiAffinityIn('app', hostname, ['store']).containerImage('redis:3.2-alpine').obj();
const web = (i: number): Pod => makePod().name(`web-server-${i}`).label('app', 'web-store')
  .podAntiAffinityIn('app', hostname, ['web-store']).podAffinityIn('app', hostname, ['store']).containerImage('nginx:1.16-alpine').obj();

function filterAll(pod: Pod, placed: Pod[]): WantStatus[] {
  const env = newTestEnv({ nodes, pods: placed });
  const { filter } = runPreFilterAndFilter(InterPodAffinity.factory({}, env.handle), env, pod);
  return nodes.map((n) => codeAndReasons(filter.get(n.metadata.name)!));
}

describe('InterPodAffinity: web-store scenario', () => {
  it('a web server created before any cache fits nowhere (it does not match its own affinity, so no first-pod exception)', () => {
    expect(filterAll(web(1), [])).toEqual([AFFINITY, AFFINITY, AFFINITY]);
  });

  it('caches then web servers end up one of each per node', () => {
    const placed: Pod[] = [];
    const steps: { pod: Pod; want: WantStatus[] }[] = [
      { pod: redis(1), want: [OK, OK, OK] },
      { pod: redis(2), want: [ANTI_AFFINITY, OK, OK] },
      { pod: redis(3), want: [ANTI_AFFINITY, ANTI_AFFINITY, OK] },
      { pod: web(1), want: [OK, OK, OK] },
      { pod: web(2), want: [ANTI_AFFINITY, OK, OK] },
      { pod: web(3), want: [ANTI_AFFINITY, ANTI_AFFINITY, OK] },
    ];
    for (const { pod, want } of steps) {
      const got = filterAll(pod, placed);
      expect(got, pod.metadata.name).toEqual(want);
      const i = got.findIndex((s) => s.code === 'Success');
      placed.push({ ...pod, spec: { ...pod.spec, nodeName: nodes[i]!.metadata.name } });
    }
    const byNode = Object.fromEntries(nodes.map((n) => [n.metadata.name, placed.filter((p) => p.spec.nodeName === n.metadata.name).map((p) => p.metadata.labels!['app'])]));
    expect(byNode).toEqual({ 'node-1': ['store', 'web-store'], 'node-2': ['store', 'web-store'], 'node-3': ['store', 'web-store'] });

    // A fourth replica of either Deployment would fit nowhere: its own anti-affinity term sees a
    // replica on every host (checked before the existing pods' symmetric terms).
    expect(filterAll(redis(4), placed)).toEqual([ANTI_AFFINITY, ANTI_AFFINITY, ANTI_AFFINITY]);
    expect(filterAll(web(4), placed)).toEqual([ANTI_AFFINITY, ANTI_AFFINITY, ANTI_AFFINITY]);
  });

  it("a pod labelled app=store without affinity of its own is kept off every cache's host by symmetry", () => {
    const placed = [1, 2, 3].map((i) => ({ ...redis(i), spec: { ...redis(i).spec, nodeName: `node-${i}` } }));
    const plain = makePod().name('plain-store').label('app', 'store').obj();
    expect(filterAll(plain, placed)).toEqual([EXISTING_ANTI_AFFINITY, EXISTING_ANTI_AFFINITY, EXISTING_ANTI_AFFINITY]);
  });

  it('the rejection says which term, which domain and which pods', () => {
    const env = newTestEnv({ nodes, pods: [{ ...redis(1), spec: { ...redis(1).spec, nodeName: 'node-1' } }] });
    const { filter } = runPreFilterAndFilter(InterPodAffinity.factory({}, env.handle), env, redis(2));
    expect(filter.get('node-1')!.details).toEqual({
      rule: 'podAntiAffinity',
      terms: [{ index: 0, topologyKey: hostname, topologyValue: 'node-1', count: 1, pods: ['default/redis-cache-1'] }],
    });
    const webOnEmpty = runPreFilterAndFilter(InterPodAffinity.factory({}, env.handle), env, web(1)).filter.get('node-2')!;
    expect(webOnEmpty.details).toEqual({
      rule: 'podAffinity',
      terms: [{ index: 0, topologyKey: hostname, topologyValue: 'node-2', count: 0, pods: [] }],
      missingTopologyKey: false, matchingPodsAnywhere: true, podMatchesOwnTerms: false,
    });
  });
});
