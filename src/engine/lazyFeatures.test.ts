// The engine features the page's engine worker fetches on first use (lazyFeature.ts): which
// scenario texts fetch what, that a stand-in refuses to run before its fetch, and that once
// fetched it answers as the built-in module does.
import { describe, expect, it } from 'vitest';
import * as realDescheduler from './descheduler/index';
import { deschedule, deschedulerFeature, mayUseDescheduler } from './descheduler/lazy';
import { buildTestNode, buildTestPod, setRSOwnerRef } from './descheduler/testing';
import type { DeschedulerView } from './descheduler/types';
import { defineLazyFeature } from './lazyFeature';
import { LAZY_ENGINE_FEATURES, prepareEngineFeatures } from './lazyFeatures';
import { autoscalerFeature, mayUseAutoscaler } from './simulation/autoscalerLazy';

describe('mayUseDescheduler', () => {
  it.each([
    { name: 'a YAML timeline step', text: 'timeline:\n- at: 300\n  action: deschedule\n  policy: {}', may: true },
    { name: 'a flow-mapping step', text: 'timeline: [{at: 300, action: deschedule, policy: {}}]', may: true },
    { name: 'a JSON step', text: '{"timeline":[{"at":300,"action":"deschedule","policy":{}}]}', may: true },
    { name: 'a scenario without one', text: 'kind: Node\nmetadata:\n  name: node-1\n', may: false },
    { name: 'the descheduler named in prose only', text: '# the descheduler would move this pod', may: false },
  ])('$name', ({ text, may }) => {
    expect(mayUseDescheduler(text)).toBe(may);
  });
});

describe('prepareEngineFeatures', () => {
  it.each([
    { name: 'nothing to fetch for a plain scenario', text: 'kind: Node\nmetadata:\n  name: n1\n', fetches: false },
    { name: 'a cel selector fetches', text: 'selectors: [{cel: {expression: "true"}}]', fetches: true },
    { name: 'a deschedule step fetches', text: 'timeline: [{at: 1, action: deschedule, policy: {}}]', fetches: true },
    { name: 'a ClusterAutoscaler document fetches', text: 'kind: ClusterAutoscaler\n', fetches: true },
  ])('$name', async ({ text, fetches }) => {
    const fetching = prepareEngineFeatures(text);
    expect(fetching !== undefined).toBe(fetches);
    await fetching;
    for (const feature of LAZY_ENGINE_FEATURES.filter((f) => f.mayUse(text))) expect(() => feature.module()).not.toThrow();
  });
});

describe('defineLazyFeature', () => {
  it('refuses to run before the fetch and names what is missing', () => {
    const feature = defineLazyFeature('the widget', () => true, () => Promise.resolve({}));
    expect(() => feature.module()).toThrow(/the widget is not loaded/);
  });

  it('reports a failed fetch and fetches again on the next call', async () => {
    let calls = 0;
    const feature = defineLazyFeature('the widget', () => true, () => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ n: calls })));
    await expect(feature.load()).rejects.toThrow('could not load the widget: offline');
    await feature.load();
    expect(feature.module()).toEqual({ n: 2 });
    await feature.load();
    expect(calls).toBe(2);
  });
});

describe('the lazy descheduler once loaded', () => {
  const view = (): DeschedulerView => ({
    nodes: [buildTestNode('n1', 2000, 3000, 10), buildTestNode('n2', 2000, 3000, 10)],
    pods: [buildTestPod('p1', 100, 0, 'n1', (p) => { setRSOwnerRef(p); p.metadata.creationTimestamp = 0; })],
    now: 10_000,
  });
  const lifetime = { name: 'lifetime', pluginConfig: [{ name: 'PodLifeTime', args: { maxPodLifeTimeSeconds: 60 } }], plugins: { deschedule: { enabled: ['PodLifeTime'] } } };

  it.each([
    { name: 'a policy that evicts', policy: { apiVersion: 'descheduler/v1alpha2', kind: 'DeschedulerPolicy', profiles: [lifetime] } },
    { name: 'a policy with an unknown plugin', policy: { apiVersion: 'descheduler/v1alpha2', kind: 'DeschedulerPolicy', profiles: [{ name: 'x', pluginConfig: [], plugins: { balance: { enabled: ['Nope'] } } }] } },
  ])('$name: the same answer as ./descheduler', async ({ policy }) => {
    await deschedulerFeature.load();
    const lazy = deschedule(policy, view());
    expect(lazy).toEqual(realDescheduler.deschedule(policy, view()));
    expect(lazy.errors.length + (lazy.result?.evictions.length ?? 0)).toBeGreaterThan(0);
  });
});

describe('mayUseAutoscaler', () => {
  it.each([
    { name: 'a YAML ClusterAutoscaler document', text: 'apiVersion: podplay/v1alpha1\nkind: ClusterAutoscaler\n', may: true },
    { name: 'a JSON one', text: '{"kind":"ClusterAutoscaler"}', may: true },
    { name: 'a scenario without one', text: 'kind: Node\nmetadata:\n  name: node-1\n', may: false },
    { name: 'the autoscaler named in prose only', text: '# the cluster autoscaler would add a node', may: false },
  ])('$name', ({ text, may }) => {
    expect(mayUseAutoscaler(text)).toBe(may);
  });
});

describe('the lazy node autoscaler', () => {
  it('once loaded, `new` gives the built-in class', async () => {
    await autoscalerFeature.load();
    const { ClusterAutoscaler: Real } = await import('./simulation/autoscaler');
    expect(autoscalerFeature.module().ClusterAutoscaler).toBe(Real);
  });
});
